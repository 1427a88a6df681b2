#!/usr/bin/env node
import { dataCentreDevice, nvmlReport, driverHost, machine, pciGpu, writeSpec } from './fixture-lib.mjs';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const _x = '/usr/lib/x86_64-linux-gnu';
const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const v = '570.124.06';
const TOTAL = 85899345920; // 80 GiB
const RESERVED = 911605760;

/** An H100 SXM 80GB record, healthy apart from what holds it; `used` is what its processes hold. */
const h100 = (index, bus, used, extra) =>
  dataCentreDevice({
    index,
    name: 'NVIDIA H100 80GB HBM3',
    uuid: `GPU-${String(index).padStart(8, '0')}-5b2c-4d3e-8f40-b1c2d3e4f5a6`,
    pciBusId: bus,
    pciDeviceId: (0x2330 << 16) | 0x10de,
    pciSubSystemId: 0x16c110de,
    computeCapability: [9, 0],
    architecture: 9,
    // NVML v2: `used` excludes the driver's reservation.
    memory: { total: TOTAL, free: TOTAL - RESERVED - used, used, reserved: RESERVED },
    pcie: { currGen: 5, maxGen: 5, gpuMaxGen: 5, currWidth: 16, maxWidth: 16 },
    clocks: { graphics: 1980, sm: 1980, mem: 2619, maxGraphics: 1980, maxSm: 1980, maxMem: 2619 },
    temperatureC: 48,
    powerDrawMw: 312000,
    powerLimitMw: 700000,
    enforcedPowerLimitMw: 700000,
    defaultPowerLimitMw: 700000,
    clockEventReasons: '0x0',
    multiprocessors: 132,
    vbios: '96.00.74.00.01',
    applicationsClocks: { graphics: 1980, mem: 2619, defaultGraphics: 1980, defaultMem: 2619 },
    fabric: { state: 3, status: 0 },
    ...extra,
  });

// gpu-busy: Slurm node gpu12 of job 774411. GPU 0 is in Exclusive_Process mode and a python3 of an earlier job
// still has its context open (any new CUDA program fails: "all CUDA-capable devices are busy or unavailable");
// on GPU 1 another python holds 61.5 of 80 GiB.
machine('gpu-busy', (m) => {
  driverHost(m, v);
  m.exe('/usr/bin/nvidia-smi');
  m.file('/proc/1/comm', 'systemd\n');
  m.file('/proc/812/comm', 'nvidia-persiste\n');
  pciGpu(m, '0000:18:00.0', '0x2330', 'nvidia');
  pciGpu(m, '0000:2a:00.0', '0x2330', 'nvidia');
  const held0 = 2150 * MIB;
  const held1 = 61.5 * GIB;
  const devices = [
    h100(0, '00000000:18:00.0', held0, {
      computeMode: 3,
      processes: [{ pid: 48213, name: 'python3', usedBytes: held0, type: 'compute' }],
    }),
    h100(1, '00000000:2A:00.0', held1, {
      processes: [{ pid: 51877, name: 'python', usedBytes: held1, type: 'compute' }],
    }),
  ];
  writeSpec(m, {
    description:
      'Slurm node with two H100 80GB: GPU 0 in Exclusive_Process mode held by PID 48213 (python3) of an earlier job, GPU 1 with 61.5 of 80 GiB held by PID 51877 (python)',
    hostname: 'gpu12',
    env: { PATH, SLURMD_NODENAME: 'gpu12', SLURM_JOB_ID: '774411', CUDA_VISIBLE_DEVICES: '0,1' },
    commands: [{ argv: ['dmesg', '--kernel'], stdout: `[    5.300000] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  ${v}\n` }],
    native: { reportFile: 'native.json' },
  });
  m.extra(
    'native.json',
    JSON.stringify(
      {
        nvml: nvmlReport(v, devices),
        cuda: null,
        unavailable: null,
      },
      null,
      2,
    ),
  );
});
