#!/usr/bin/env node
// Broken machines for the system-level diagnose rules (wsl, pcie-degraded, gpu-throttled, ecc-errors,
// forward-compat-shadowing). Run after `npx tsc -p tsconfig.build.json` and scripts/make-fixture-machines.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { driverHost, machine, pciGpu, repo, toolkit, ubuntu2204, usrMerge, writeSpec } from './fixture-lib.mjs';

const rtx4090 = () => JSON.parse(readFileSync(join(repo, 'test/fixtures/native/rtx4090-device.json'), 'utf8'));
const x = '/usr/lib/x86_64-linux-gnu';
const nvmlOk = (path, version, devices) => ({
  library: { soname: 'libnvidia-ml.so.1', candidates: [path], loadedPath: path, refused: [], error: null },
  initRc: 0,
  initError: null,
  driverVersion: version,
  nvmlVersion: `12.${version}`,
  cudaDriverVersion: 12080,
  deviceCount: devices.length,
  devices,
  errors: [],
});
const driverFiles = (m, v) => {
  m.file(`${x}/libnvidia-ml.so.${v}`);
  m.link(`${x}/libnvidia-ml.so.1`, `libnvidia-ml.so.${v}`);
  m.file(`${x}/libcuda.so.${v}`);
  m.link(`${x}/libcuda.so.1`, `libcuda.so.${v}`);
};
const healthyHost = (m, v, device, addr) => {
  driverHost(m, v);
  pciGpu(m, addr, device, 'nvidia');
};

// wsl-linux-driver: WSL 2 Ubuntu where `apt install nvidia-driver-535` put a Linux libnvidia-ml/libcuda in front
// of the Windows driver's /usr/lib/wsl/lib copies.
machine('wsl-linux-driver', (m) => {
  usrMerge(m);
  m.file('/etc/os-release', ubuntu2204);
  m.file('/proc/sys/kernel/osrelease', '5.15.153.1-microsoft-standard-WSL2\n');
  m.file('/proc/version', 'Linux version 5.15.153.1-microsoft-standard-WSL2 (root@941d701f84f1) (gcc (GCC) 11.2.0) #1 SMP\n');
  m.file('/dev/dxg');
  for (const f of ['libcuda.so.1.1', 'libnvidia-ml.so.1', 'libdxcore.so']) m.file(`/usr/lib/wsl/lib/${f}`);
  m.link('/usr/lib/wsl/lib/libcuda.so.1', 'libcuda.so.1.1');
  m.exe('/usr/lib/wsl/lib/nvidia-smi');
  m.file('/etc/ld.so.conf.d/ld.wsl.conf', '/usr/lib/wsl/lib\n');
  driverFiles(m, '535.183.01');
  m.exe('/usr/bin/nvidia-smi');
  m.ldcache([
    { soname: 'libnvidia-ml.so.1', path: `${x}/libnvidia-ml.so.1`, arch: 'x86-64' },
    { soname: 'libcuda.so.1', path: `${x}/libcuda.so.1`, arch: 'x86-64' },
    { soname: 'libnvidia-ml.so.1', path: '/usr/lib/wsl/lib/libnvidia-ml.so.1', arch: 'x86-64' },
    { soname: 'libcuda.so.1', path: '/usr/lib/wsl/lib/libcuda.so.1', arch: 'x86-64' },
  ]);
  writeSpec(m, {
    description:
      "WSL 2 (Ubuntu 22.04) with a Linux NVIDIA driver 535.183.01 installed inside the distribution: its libnvidia-ml/libcuda in /usr/lib/x86_64-linux-gnu shadow the Windows driver's /usr/lib/wsl/lib; NVML fails",
    hostname: 'DESKTOP-WSL',
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/lib/wsl/lib', WSL_DISTRO_NAME: 'Ubuntu-22.04' },
    commands: [
      {
        argv: ['nvidia-smi', '-q', '-x'],
        stdout:
          "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.\n",
        exitCode: 9,
      },
    ],
    native: { reportFile: 'native.json' },
  });
  m.extra(
    'native.json',
    JSON.stringify(
      {
        nvml: {
          library: {
            soname: 'libnvidia-ml.so.1',
            candidates: [`${x}/libnvidia-ml.so.1`, '/usr/lib/wsl/lib/libnvidia-ml.so.1'],
            loadedPath: `${x}/libnvidia-ml.so.535.183.01`,
            refused: [],
            error: null,
          },
          initRc: 9,
          initError: 'NVML_ERROR_DRIVER_NOT_LOADED',
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
            candidates: [`${x}/libcuda.so.1`, '/usr/lib/wsl/lib/libcuda.so.1'],
            loadedPath: `${x}/libcuda.so.535.183.01`,
            refused: [],
            error: null,
          },
          initRc: 100,
          initError: 'CUDA_ERROR_NO_DEVICE',
          driverVersion: 12020,
          deviceCount: null,
          devices: [],
          errors: [],
        },
        unavailable: null,
      },
      null,
      2,
    ),
  );
});

// pcie-x8-throttled: an RTX 4090 behind a PCIe 3.0 riser, trained at x8, hot and at its power cap under load.
machine('pcie-x8-throttled', (m) => {
  healthyHost(m, '550.54.14', '0x2684', '0000:01:00.0');
  m.exe('/usr/bin/nvidia-smi');
  const dev = rtx4090();
  dev.pcie = { currGen: 3, maxGen: 3, gpuMaxGen: 4, currWidth: 8, maxWidth: 16 };
  dev.clocks = { graphics: 1920, sm: 1920, mem: 10501, maxGraphics: 3120, maxSm: 3120, maxMem: 10501 };
  dev.temperatureC = 88;
  dev.powerDrawMw = 449120;
  dev.powerLimitMw = 450000;
  dev.enforcedPowerLimitMw = 450000;
  dev.clockEventReasons = '0x64'; // sw_power_cap | sw_thermal_slowdown | hw_thermal_slowdown
  dev.memory = { total: 25757220864, free: 2185419264, used: 23000000000, reserved: 571801600 };
  writeSpec(m, {
    description:
      'RTX 4090 on a PCIe 3.0 riser: link x8 of x16, slot limits it to Gen3 (GPU Gen4); under load at 88 °C and 449/450 W with sw_power_cap + thermal slowdown',
    hostname: 'rig-02',
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' },
    native: { reportFile: 'native.json' },
  });
  m.extra('native.json', JSON.stringify({ nvml: nvmlOk(`${x}/libnvidia-ml.so.550.54.14`, '550.54.14', [dev]), cuda: null, unavailable: null }, null, 2));
});

// ecc-uncorrectable: an A100 80GB SXM4 with uncorrectable ECC errors and a row remap waiting for a GPU reset.
machine('ecc-uncorrectable', (m) => {
  healthyHost(m, '570.124.06', '0x20b2', '0000:07:00.0');
  m.exe('/usr/bin/nvidia-smi');
  const dev = rtx4090();
  Object.assign(dev, {
    name: 'NVIDIA A100-SXM4-80GB',
    uuid: 'GPU-0c1d2e3f-4a5b-6c7d-8e9f-a0b1c2d3e4f5',
    pciBusId: '00000000:07:00.0',
    pciDeviceId: 0x20b210de,
    pciSubSystemId: 0x147f10de,
    computeCapability: [8, 0],
    architecture: 7,
    brand: 2,
    memory: { total: 85899345920, free: 84987740160, used: 0, reserved: 911605760 },
    pcie: { currGen: 4, maxGen: 4, gpuMaxGen: 4, currWidth: 16, maxWidth: 16 },
    clocks: { graphics: 210, sm: 210, mem: 1593, maxGraphics: 1410, maxSm: 1410, maxMem: 1593 },
    temperatureC: 31,
    powerDrawMw: 61000,
    powerLimitMw: 400000,
    enforcedPowerLimitMw: 400000,
    clockEventReasons: '0x1',
    ecc: {
      current: 1,
      pending: 1,
      volatileCorrected: 12,
      volatileUncorrected: 2,
      aggregateCorrected: 40,
      aggregateUncorrected: 2,
      remappedCorrectable: 0,
      remappedUncorrectable: 1,
      remappingPending: 1,
      remappingFailed: 0,
    },
    persistenceMode: 1,
    migMode: { current: 0, pending: 0 },
    multiprocessors: 108,
    errors: [],
  });
  writeSpec(m, {
    description: 'A100 80GB SXM4 with 2 volatile uncorrectable ECC errors and a pending row remap (needs a GPU reset)',
    hostname: 'dgx-07',
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' },
    native: { reportFile: 'native.json' },
  });
  m.extra('native.json', JSON.stringify({ nvml: nvmlOk(`${x}/libnvidia-ml.so.570.124.06`, '570.124.06', [dev]), cuda: null, unavailable: null }, null, 2));
});

// compat-in-use-old: host driver 580.95.05, but LD_LIBRARY_PATH puts CUDA 12.8's cuda-compat (570.124.06) first.
machine('compat-in-use-old', (m) => {
  healthyHost(m, '580.95.05', '0x20b2', '0000:07:00.0');
  m.exe('/usr/bin/nvidia-smi');
  const tk = toolkit(m, '12.8', '12.8.1', { compat: '570.124.06' });
  m.link('/usr/local/cuda', 'cuda-12.8');
  m.ldcache([
    { soname: 'libnvidia-ml.so.1', path: `${x}/libnvidia-ml.so.1`, arch: 'x86-64' },
    { soname: 'libcuda.so.1', path: `${x}/libcuda.so.1`, arch: 'x86-64' },
  ]);
  const dev = rtx4090();
  Object.assign(dev, {
    name: 'NVIDIA A100-SXM4-80GB',
    uuid: 'GPU-1c1d2e3f-4a5b-6c7d-8e9f-a0b1c2d3e4f5',
    pciBusId: '00000000:07:00.0',
    pciDeviceId: 0x20b210de,
    pciSubSystemId: 0x147f10de,
    computeCapability: [8, 0],
    architecture: 7,
    brand: 2,
    memory: { total: 85899345920, free: 84987740160, used: 0, reserved: 911605760 },
    pcie: { currGen: 4, maxGen: 4, gpuMaxGen: 4, currWidth: 16, maxWidth: 16 },
    clockEventReasons: '0x1',
    powerLimitMw: 400000,
    enforcedPowerLimitMw: 400000,
    powerDrawMw: 60000,
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
    errors: [],
  });
  const compat = '/usr/local/cuda-12.8/compat';
  writeSpec(m, {
    description:
      "Host driver 580.95.05 with CUDA 12.8's cuda-compat libcuda 570.124.06 first on LD_LIBRARY_PATH: an older compat library shadows the newer driver (cuInit fails with 803)",
    hostname: 'train-03',
    env: { PATH: '/usr/local/cuda/bin:/usr/bin:/bin', LD_LIBRARY_PATH: `${compat}:/usr/local/cuda/lib64` },
    commands: [tk.cmd],
    native: { reportFile: 'native.json' },
  });
  m.extra(
    'native.json',
    JSON.stringify(
      {
        nvml: nvmlOk(`${x}/libnvidia-ml.so.580.95.05`, '580.95.05', [dev]),
        cuda: {
          library: {
            soname: 'libcuda.so.1',
            candidates: [`${compat}/libcuda.so.1`, `${x}/libcuda.so.1`],
            loadedPath: `${compat}/libcuda.so.570.124.06`,
            refused: [],
            error: null,
          },
          initRc: 803,
          initError: 'CUDA_ERROR_SYSTEM_DRIVER_MISMATCH',
          driverVersion: 12080,
          deviceCount: null,
          devices: [],
          errors: [],
        },
        unavailable: null,
      },
      null,
      2,
    ),
  );
});

console.log('system fixture machines written');
