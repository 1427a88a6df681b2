#!/usr/bin/env node
import { dataCentreDevice, nvmlReport, driverHost, machine, pciGpu, writeSpec } from './fixture-lib.mjs';

const x = '/usr/lib/x86_64-linux-gnu';
const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const host = (m, v) => {
  driverHost(m, v);
  m.exe('/usr/bin/nvidia-smi');
  // Two ordinary processes, so the fabric-manager probe has a /proc to walk.
  m.file('/proc/1/comm', 'systemd\n');
  m.file('/proc/812/comm', 'nvidia-persiste\n');
};
/** A data-centre device record: healthy unless the machine says otherwise. */
const dcDevice = (index, bus, name, pciId, cc) =>
  dataCentreDevice({
    index,
    name,
    uuid: `GPU-${String(index).padStart(8, '0')}-7a1b-4c2d-9e3f-a0b1c2d3e4f5`,
    pciBusId: bus,
    pciDeviceId: (pciId << 16) | 0x10de,
    pciSubSystemId: 0x147f10de,
    computeCapability: cc,
    architecture: cc[0] === 9 ? 9 : 7,
    memory: { total: 85899345920, free: 84987740160, used: 0, reserved: 911605760 },
    pcie: { currGen: 4, maxGen: 4, gpuMaxGen: 4, currWidth: 16, maxWidth: 16 },
    clocks: { graphics: 210, sm: 210, mem: 1593, maxGraphics: 1410, maxSm: 1410, maxMem: 1593 },
    temperatureC: 31,
    powerDrawMw: 61000,
    powerLimitMw: 400000,
    enforcedPowerLimitMw: 400000,
    defaultPowerLimitMw: 400000,
    clockEventReasons: '0x1',
    multiprocessors: 108,
    vbios: '92.00.45.00.03',
    applicationsClocks: { graphics: 1410, mem: 1593, defaultGraphics: 1410, defaultMem: 1593 },
  });
const uptime = (s) => `[${s.toFixed(6).padStart(13)}]`;

// xid-fell-off-bus: two A100 SXM4 bound to the nvidia driver, NVML lists only the first; the kernel log has an
// Xid 79 for the second and a program's Xid 13 on the first.
machine('xid-fell-off-bus', (m) => {
  host(m, '570.124.06');
  pciGpu(m, '0000:07:00.0', '0x20b2', 'nvidia');
  pciGpu(m, '0000:0f:00.0', '0x20b2', 'nvidia');
  const dmesg = [
    `${uptime(4.1)} nvidia: loading out-of-tree module taints kernel.`,
    `${uptime(5.3)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.124.06`,
    `${uptime(51234.5)} NVRM: Xid (PCI:0000:07:00): 13, pid=4242, name=python3, Graphics SM Warp Exception on (GPC 1, TPC 2, SM 0): Out Of Range Address`,
    `${uptime(51234.6)} NVRM: Xid (PCI:0000:07:00): 13, pid=4242, name=python3, Graphics Exception: ESR 0x51e730=0x2000d 0x51e734=0x0`,
    `${uptime(90210.25)} NVRM: Xid (PCI:0000:0f:00): 79, pid=5150, name=train, GPU has fallen off the bus.`,
    `${uptime(90210.26)} NVRM: GPU 0000:0f:00.0: GPU has fallen off the bus.`,
  ].join('\n');
  writeSpec(m, {
    description: 'Two A100 SXM4 80GB bound to nvidia; the second fell off the bus (Xid 79) and NVML lists one GPU; a program hit Xid 13 on the first',
    hostname: 'gpu07',
    env: { PATH, SLURMD_NODENAME: 'gpu07' },
    commands: [{ argv: ['dmesg', '--kernel'], stdout: `${dmesg}\n` }],
    native: { reportFile: 'native.json' },
  });
  m.extra(
    'native.json',
    JSON.stringify(
      { nvml: nvmlReport('570.124.06', [dcDevice(0, '00000000:07:00.0', 'NVIDIA A100-SXM4-80GB', 0x20b2, [8, 0])]), cuda: null, unavailable: null },
      null,
      2,
    ),
  );
});

// hgx-no-fabric-manager: an HGX H100 board (NVSwitches on the bus) where nv-fabricmanager is not running: cuInit
// answers CUDA_ERROR_SYSTEM_NOT_READY, the GPU never joined the fabric; persistence mode is off as well.
machine('hgx-no-fabric-manager', (m) => {
  host(m, '570.124.06');
  pciGpu(m, '0000:18:00.0', '0x2330', 'nvidia');
  for (const [i, addr] of ['0000:05:00.0', '0000:06:00.0', '0000:07:00.0', '0000:08:00.0'].entries()) {
    const dir = `/sys/bus/pci/devices/${addr}`;
    m.file(`${dir}/vendor`, '0x10de\n');
    m.file(`${dir}/device`, '0x22a3\n');
    m.file(`${dir}/class`, '0x068000\n');
    m.file(`${dir}/subsystem_device`, `0x16${i}f\n`);
  }
  const dev = dcDevice(0, '00000000:18:00.0', 'NVIDIA H100 80GB HBM3', 0x2330, [9, 0]);
  Object.assign(dev, {
    persistenceMode: 0,
    multiprocessors: 132,
    fabric: { state: 1, status: 0 },
    powerLimitMw: 700000,
    enforcedPowerLimitMw: 700000,
    defaultPowerLimitMw: 700000,
  });
  writeSpec(m, {
    description:
      'HGX H100 with 4 NVSwitches on the PCI bus and no nv-fabricmanager process: cuInit fails with CUDA_ERROR_SYSTEM_NOT_READY (802); persistence mode off',
    hostname: 'hgx-03',
    env: { PATH },
    commands: [{ argv: ['dmesg', '--kernel'], stdout: `${uptime(5.3)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.124.06\n` }],
    native: { reportFile: 'native.json' },
  });
  m.extra(
    'native.json',
    JSON.stringify(
      {
        nvml: nvmlReport('570.124.06', [dev]),
        cuda: {
          library: { soname: 'libcuda.so.1', candidates: [`${x}/libcuda.so.1`], loadedPath: `${x}/libcuda.so.570.124.06`, refused: [], error: null },
          initRc: 802,
          initError: 'CUDA_ERROR_SYSTEM_NOT_READY',
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

// gpu-modes-capped: an A100 PCIe left by an earlier admin in Prohibited compute mode, with a MIG change waiting
// for a reset, its power limit at 200 of 250 W and application clocks lowered.
machine('gpu-modes-capped', (m) => {
  host(m, '570.124.06');
  pciGpu(m, '0000:3b:00.0', '0x20f1', 'nvidia');
  const dev = dcDevice(0, '00000000:3B:00.0', 'NVIDIA A100-PCIE-40GB', 0x20f1, [8, 0]);
  Object.assign(dev, {
    computeMode: 2,
    migMode: { current: 0, pending: 1 },
    powerLimitMw: 200000,
    enforcedPowerLimitMw: 200000,
    defaultPowerLimitMw: 250000,
    applicationsClocks: { graphics: 1095, mem: 1215, defaultGraphics: 1410, defaultMem: 1215 },
  });
  writeSpec(m, {
    description:
      'A100 PCIe 40GB in Prohibited compute mode, MIG enable pending a reset, power limit 200 W of a 250 W default, application clocks 1095 of 1410 MHz',
    hostname: 'lab-a100',
    env: { PATH },
    commands: [{ argv: ['dmesg', '--kernel'], stdout: `${uptime(5.3)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.124.06\n` }],
    native: { reportFile: 'native.json' },
  });
  m.extra('native.json', JSON.stringify({ nvml: nvmlReport('570.124.06', [dev]), cuda: null, unavailable: null }, null, 2));
});

// nvml-hang: the driver is loaded, the GPU is on the bus, but the NVML / CUDA child never answers.
machine('nvml-hang', (m) => {
  host(m, '570.124.06');
  pciGpu(m, '0000:3b:00.0', '0x20f1', 'nvidia');
  writeSpec(m, {
    description: 'A100 PCIe on the bus with the driver loaded, but the NVML / CUDA driver probe times out (a hung driver)',
    hostname: 'lab-a100-2',
    env: { PATH },
    commands: [
      { argv: ['dmesg', '--kernel'], stdout: `${uptime(5.3)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.124.06\n` },
      { argv: ['nvidia-smi', '-q', '-x'], hang: true },
    ],
    native: { fail: 'timeout', detail: 'no answer within 6000 ms; killed' },
  });
});
