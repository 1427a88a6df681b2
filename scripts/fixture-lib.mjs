// Shared by the fixture-machine generators (scripts/make-fixture-machines*.mjs): a small DSL that writes a
// whole machine (root tree, machine.json, recorded outputs) under test/fixtures/machines/<name>.
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLdCache } from '../dist/formats/ldcache.js';

export const here = dirname(fileURLToPath(import.meta.url));
export const repo = join(here, '..');
export const out = join(repo, 'test/fixtures/machines');
export const captures = join(repo, '../shared/fixtures/h200-cuda13');

/** A small DSL for a machine tree. */
/**
 * Writes machine `name`. With `{ addTo: true }` it adds to a machine another generator wrote, deleting
 * nothing and leaving every file and link already there as it is.
 */
export function machine(name, spec, { addTo = false } = {}) {
  const dir = join(out, name);
  if (addTo) {
    if (!existsSync(join(dir, 'root'))) throw new Error(`machine ${name} does not exist: run scripts/make-fixture-machines.mjs first`);
  } else {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'root'), { recursive: true });
  }
  const present = (p) => {
    try {
      lstatSync(p);
      return true;
    } catch {
      return false;
    }
  };
  const api = {
    file(path, content = '', mode = 0o644) {
      const p = join(dir, 'root', path);
      if (addTo && present(p)) return;
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, content);
      chmodSync(p, mode);
    },
    exe(path, content = '#!/bin/sh\n') {
      api.file(path, content, 0o755);
    },
    link(path, target) {
      const p = join(dir, 'root', path);
      if (addTo && present(p)) return;
      mkdirSync(dirname(p), { recursive: true });
      symlinkSync(target, p);
    },
    extra(name, content) {
      writeFileSync(join(dir, name), content);
    },
    ldcache(entries) {
      api.file('/etc/ld.so.cache', Buffer.from(buildLdCache(entries)));
    },
  };
  spec(api);
  return api;
}

export function capture(name) {
  // Strip the "$ command" header line and the "[exit 0]" trailer the capture files carry.
  return readFileSync(join(captures, name), 'utf8')
    .split('\n')
    .filter((l) => !l.startsWith('$ ') && !/^\[exit \d+\]/.test(l))
    .join('\n');
}

export const debianOsRelease = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nVERSION="12 (bookworm)"\nID=debian\n';
export const ubuntu2204 = 'PRETTY_NAME="Ubuntu 22.04.4 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n';
export const nvcc = (release, full) =>
  `nvcc: NVIDIA (R) Cuda compiler driver\nCopyright (c) 2005-2025 NVIDIA Corporation\nBuilt on Wed_Aug_20_01:58:59_PM_PDT_2025\nCuda compilation tools, release ${release}, V${full}\nBuild cuda_${release}.r${release}/compiler.36424714_0\n`;
export const cudaH = (v) => `#define CUDA_VERSION ${v}\n`;
export const cudnnH = (a, b, c) => `#define CUDNN_MAJOR ${a}\n#define CUDNN_MINOR ${b}\n#define CUDNN_PATCHLEVEL ${c}\n`;
export const ncclH = (a, b, c) => `#define NCCL_MAJOR ${a}\n#define NCCL_MINOR ${b}\n#define NCCL_PATCH ${c}\n`;
export const procVersion = (v, open = true) =>
  `NVRM version: NVIDIA UNIX ${open ? 'Open Kernel Module for x86_64' : 'x86_64 Kernel Module'}  ${v}  Release Build  (dvs-builder@U16-I3-B03-4-3)  Mon Sep 29 20:46:20 UTC 2025\nGCC version:  gcc version 12.2.0 (Ubuntu 12.2.0-3ubuntu1)\n`;
export const pciGpu = (m, addr, device, driver) => {
  const base = `/sys/bus/pci/devices/${addr}`;
  m.file(`${base}/vendor`, '0x10de\n');
  m.file(`${base}/device`, `${device}\n`);
  m.file(`${base}/class`, '0x030000\n');
  m.file(`${base}/subsystem_device`, '0x1467\n');
  if (driver) m.link(`${base}/driver`, `../../../../bus/pci/drivers/${driver}`);
  // The GPU's HDMI audio function: same vendor, not a display class; must be ignored.
  const audio = addr.replace(/\.0$/, '.1');
  m.file(`/sys/bus/pci/devices/${audio}/vendor`, '0x10de\n');
  m.file(`/sys/bus/pci/devices/${audio}/device`, '0x1aef\n');
  m.file(`/sys/bus/pci/devices/${audio}/class`, '0x040300\n');
};
export const usrMerge = (m) => {
  for (const d of ['/usr/lib', '/usr/lib64', '/usr/bin']) m.file(`${d}/.keep`);
  m.link('/lib', 'usr/lib');
  m.link('/lib64', 'usr/lib64');
  m.link('/bin', 'usr/bin');
};
/** A CUDA toolkit as the runfile or packages lay it out. */
export const toolkit = (m, ver, full, { compat } = {}) => {
  const root = `/usr/local/cuda-${ver}`;
  const [maj, min] = ver.split('.');
  m.exe(`${root}/bin/nvcc`);
  m.file(`${root}/version.json`, JSON.stringify({ cuda: { name: 'CUDA SDK', version: full } }, null, 2));
  m.file(`${root}/targets/x86_64-linux/include/cuda.h`, cudaH(Number(maj) * 1000 + Number(min) * 10));
  m.link(`${root}/include`, 'targets/x86_64-linux/include');
  m.link(`${root}/lib64`, 'targets/x86_64-linux/lib');
  m.file(`${root}/targets/x86_64-linux/lib/libcudart.so.${full}`);
  m.link(`${root}/targets/x86_64-linux/lib/libcudart.so.${maj}`, `libcudart.so.${full}`);
  m.file(`${root}/targets/x86_64-linux/lib/stubs/libcuda.so`);
  m.file(`${root}/targets/x86_64-linux/lib/stubs/libnvidia-ml.so`);
  if (compat) {
    m.file(`${root}/compat/libcuda.so.${compat}`);
    m.link(`${root}/compat/libcuda.so.1`, `libcuda.so.${compat}`);
  }
  return { cmd: { argv: [`${root}/bin/nvcc`, '--version'], stdout: nvcc(ver, `${ver}.${full.split('.')[2] ?? '0'}`) } };
};
export const nativeMissing = {
  nvml: {
    library: {
      soname: 'libnvidia-ml.so.1',
      candidates: [],
      loadedPath: null,
      refused: [],
      error: 'libnvidia-ml.so.1: not found (searched LD_LIBRARY_PATH, ld.so.cache, default folders)',
    },
    initRc: null,
    initError: null,
    driverVersion: null,
    nvmlVersion: null,
    cudaDriverVersion: null,
    deviceCount: null,
    devices: [],
    errors: [],
  },
  cuda: {
    library: {
      soname: 'libcuda.so.1',
      candidates: [],
      loadedPath: null,
      refused: [],
      error: 'libcuda.so.1: not found (searched LD_LIBRARY_PATH, ld.so.cache, default folders)',
    },
    initRc: null,
    initError: null,
    driverVersion: null,
    deviceCount: null,
    devices: [],
    errors: [],
  },
  unavailable: null,
};
export const writeSpec = (m, spec) => m.extra('machine.json', `${JSON.stringify(spec, null, 2)}\n`);

/** A Ubuntu 22.04 host with the given NVIDIA driver loaded (kernel module and user-space libraries), no GPU yet. */
export const driverHost = (m, v) => {
  const x = '/usr/lib/x86_64-linux-gnu';
  usrMerge(m);
  m.file('/etc/os-release', ubuntu2204);
  m.file('/proc/sys/kernel/osrelease', '6.8.0-45-generic\n');
  m.file('/proc/version', 'Linux version 6.8.0-45-generic (buildd@lcy02-amd64-115) #45~22.04.1-Ubuntu SMP\n');
  m.file('/proc/driver/nvidia/version', procVersion(v));
  m.file('/proc/modules', 'nvidia_uvm 1830912 0 - Live 0x0 (O)\nnvidia 14299136 1 nvidia_uvm, Live 0x0 (O)\n');
  m.file('/sys/module/nvidia/version', `${v}\n`);
  m.file(`${x}/libnvidia-ml.so.${v}`);
  m.link(`${x}/libnvidia-ml.so.1`, `libnvidia-ml.so.${v}`);
  m.file(`${x}/libcuda.so.${v}`);
  m.link(`${x}/libcuda.so.1`, `libcuda.so.${v}`);
};

/** A recorded NVML device record (test/fixtures/native/rtx4090-device.json) made a healthy data-centre GPU: ECC on with
 * no errors, persistence on, MIG off, default compute mode. `fields` gives the model's own values (name, ids, memory,
 * clocks, power, vbios …) and whatever a machine changes; nested objects are replaced whole. */
export const dataCentreDevice = (fields) =>
  Object.assign(JSON.parse(readFileSync(join(repo, 'test/fixtures/native/rtx4090-device.json'), 'utf8')), {
    brand: 2,
    ecc: {
      current: 1,
      pending: 1,
      volatileCorrected: 0,
      volatileUncorrected: 0,
      aggregateCorrected: 0,
      aggregateUncorrected: 0,
      remappedCorrectable: 0,
      remappedUncorrectable: 0,
      remappingPending: 0,
      remappingFailed: 0,
    },
    persistenceMode: 1,
    migMode: { current: 0, pending: 0 },
    computeMode: 0,
    retiredPages: { singleBit: null, doubleBit: null, pending: null },
    fabric: null,
    errors: [],
    ...fields,
  });

/** A recorded NVML report whose init succeeded: libnvidia-ml.so.1 resolving to driver `version`'s file, these devices. */
export const nvmlReport = (version, devices) => ({
  library: {
    soname: 'libnvidia-ml.so.1',
    candidates: ['/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1'],
    loadedPath: `/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.${version}`,
    refused: [],
    error: null,
  },
  initRc: 0,
  initError: null,
  driverVersion: version,
  nvmlVersion: `12.${version}`,
  cudaDriverVersion: 12080,
  deviceCount: devices.length,
  devices,
  errors: [],
});
