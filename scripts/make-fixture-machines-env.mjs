#!/usr/bin/env node
import { dataCentreDevice, nvmlReport, driverHost, machine, pciGpu, toolkit, writeSpec } from './fixture-lib.mjs';

const _x = '/usr/lib/x86_64-linux-gnu';
/** An idle, healthy A100 PCIe 80GB as NVML reports it. */
const a100 = (index, bus) =>
  dataCentreDevice({
    index,
    name: 'NVIDIA A100 80GB PCIe',
    uuid: `GPU-${String(index).padStart(8, '0')}-5e6f-4a1b-8c2d-3e4f5a6b7c8d`,
    pciBusId: bus,
    pciDeviceId: (0x20b5 << 16) | 0x10de,
    pciSubSystemId: 0x153310de,
    computeCapability: [8, 0],
    architecture: 7,
    memory: { total: 85899345920, free: 84987740160, used: 0, reserved: 911605760 },
    pcie: { currGen: 4, maxGen: 4, gpuMaxGen: 4, currWidth: 16, maxWidth: 16 },
    clocks: { graphics: 210, sm: 210, mem: 1512, maxGraphics: 1410, maxSm: 1410, maxMem: 1512 },
    temperatureC: 33,
    powerDrawMw: 45000,
    powerLimitMw: 300000,
    enforcedPowerLimitMw: 300000,
    defaultPowerLimitMw: 300000,
    clockEventReasons: '0x1',
    multiprocessors: 108,
    vbios: '92.00.90.00.04',
    applicationsClocks: { graphics: 1410, mem: 1512, defaultGraphics: 1410, defaultMem: 1512 },
  });

// debug-env-a100: two A100 PCIe on a CUDA 12.4 host whose ~/.bashrc kept what an earlier debugging session and a build
// script for other GPUs (a T4 and an RTX 5090) left: an arch list without 8.0 and with an sm_120 that CUDA 12.4
// cannot compile, synchronous kernel launches, NCCL P2P switched off and NCCL's INFO log.
machine('debug-env-a100', (m) => {
  driverHost(m, '570.124.06');
  m.exe('/usr/bin/nvidia-smi');
  pciGpu(m, '0000:17:00.0', '0x20b5', 'nvidia');
  pciGpu(m, '0000:65:00.0', '0x20b5', 'nvidia');
  const cuda = toolkit(m, '12.4', '12.4.1');
  m.link('/usr/local/cuda', '/usr/local/cuda-12.4');
  writeSpec(m, {
    description:
      'Two A100 80GB PCIe (8.0), CUDA 12.4; TORCH_CUDA_ARCH_LIST="7.5;12.0" (no 8.0, sm_120 needs CUDA 12.8), CUDA_LAUNCH_BLOCKING=1, NCCL_P2P_DISABLE=1, NCCL_DEBUG=INFO',
    hostname: 'lab-a100-3',
    env: {
      PATH: '/usr/local/cuda-12.4/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      CUDA_HOME: '/usr/local/cuda-12.4',
      TORCH_CUDA_ARCH_LIST: '7.5;12.0',
      CUDA_LAUNCH_BLOCKING: '1',
      NCCL_P2P_DISABLE: '1',
      NCCL_DEBUG: 'INFO',
      // Switched off: not a finding.
      NCCL_IB_DISABLE: '0',
    },
    commands: [cuda.cmd],
    native: { reportFile: 'native.json' },
  });
  m.extra(
    'native.json',
    JSON.stringify({ nvml: nvmlReport('570.124.06', [a100(0, '00000000:17:00.0'), a100(1, '00000000:65:00.0')]), cuda: null, unavailable: null }, null, 2),
  );
});
