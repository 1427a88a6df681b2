#!/usr/bin/env node
import { dataCentreDevice, nvmlReport, driverHost, machine, pciGpu, writeSpec } from './fixture-lib.mjs';

const _x = '/usr/lib/x86_64-linux-gnu';
const PATH = '/usr/local/nvidia/bin:/usr/local/cuda/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** statfs(2) f_type of a tmpfs (linux/magic.h TMPFS_MAGIC). */
const TMPFS_MAGIC = 0x01021994;

// The rows of /proc/<pid>/limits as fs/proc/base.c prints them; memlock 8 MiB is the kernel's default since 5.16,
// which a container inherits from dockerd when neither --ulimit nor daemon.json's default-ulimits says otherwise.
const limits = (memlock) =>
  [
    'Limit                     Soft Limit           Hard Limit           Units     ',
    'Max cpu time              unlimited            unlimited            seconds   ',
    'Max file size             unlimited            unlimited            bytes     ',
    'Max data size             unlimited            unlimited            bytes     ',
    'Max stack size            8388608              unlimited            bytes     ',
    'Max core file size        0                    unlimited            bytes     ',
    'Max resident set          unlimited            unlimited            bytes     ',
    'Max processes             unlimited            unlimited            processes ',
    'Max open files            1048576              1048576              files     ',
    `Max locked memory         ${String(memlock).padEnd(21)}${String(memlock).padEnd(21)}bytes     `,
    'Max address space         unlimited            unlimited            bytes     ',
    'Max file locks            unlimited            unlimited            locks     ',
    'Max pending signals       2063504              2063504              signals   ',
    'Max msgqueue size         819200               819200               bytes     ',
    'Max nice priority         0                    0                    ',
    'Max realtime priority     0                    0                    ',
    'Max realtime timeout      unlimited            unlimited            us        ',
    '',
  ].join('\n');

const h100 = () =>
  dataCentreDevice({
    index: 0,
    name: 'NVIDIA H100 PCIe',
    uuid: 'GPU-3c1f0a2e-8d44-4b6e-9f10-2a7b5c6d8e90',
    pciBusId: '00000000:17:00.0',
    pciDeviceId: (0x2331 << 16) | 0x10de,
    pciSubSystemId: 0x162610de,
    computeCapability: [9, 0],
    architecture: 9,
    memory: { total: 85520809984, free: 84609794048, used: 0, reserved: 911015936 },
    pcie: { currGen: 5, maxGen: 5, gpuMaxGen: 5, currWidth: 16, maxWidth: 16 },
    clocks: { graphics: 345, sm: 345, mem: 1593, maxGraphics: 1755, maxSm: 1755, maxMem: 1593 },
    temperatureC: 33,
    powerDrawMw: 48000,
    powerLimitMw: 350000,
    enforcedPowerLimitMw: 350000,
    defaultPowerLimitMw: 350000,
    multiprocessors: 114,
  });

// container-small-shm: `docker run --gpus all <image>` on an H100 node with a ConnectX adapter: /dev/shm is Docker's
// 64 MiB tmpfs, RLIMIT_MEMLOCK 8 MiB, and /sys/class/infiniband shows mlx5_0.
machine('container-small-shm', (m) => {
  driverHost(m, '570.124.06');
  pciGpu(m, '0000:17:00.0', '0x2331', 'nvidia');
  m.file('/.dockerenv');
  m.file('/proc/1/cgroup', '0::/\n');
  m.file('/proc/self/limits', limits(8 * 1024 * 1024));
  // sysfs class entries are links into the device tree.
  const dev = '/sys/devices/pci0000:16/0000:16:02.0/0000:18:00.0/infiniband/mlx5_0';
  m.file(`${dev}/node_type`, '1: CA\n');
  m.link('/sys/class/infiniband/mlx5_0', `../../devices/pci0000:16/0000:16:02.0/0000:18:00.0/infiniband/mlx5_0`);
  m.exe('/usr/bin/nvidia-smi');
  writeSpec(m, {
    description:
      'Docker container (docker run --gpus all, no --shm-size, no --ulimit) on an H100 PCIe node with a ConnectX (mlx5_0) adapter: /dev/shm is a 64 MiB tmpfs, RLIMIT_MEMLOCK 8 MiB',
    hostname: '5f3a9c2d7e41',
    env: { PATH, NVIDIA_VISIBLE_DEVICES: 'all', NVIDIA_DRIVER_CAPABILITIES: 'compute,utility', NCCL_VERSION: '2.21.5-1' },
    // 64 MiB in 4 KiB blocks, as statfs answers for Docker's "shm" mount (size=65536k); 60 MiB still free.
    statfs: { '/dev/shm': { type: TMPFS_MAGIC, bsize: 4096, blocks: 16384, bfree: 15360, bavail: 15360 } },
    commands: [{ argv: ['dmesg', '--kernel'], stdout: '[    5.300000] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.124.06\n' }],
    native: { reportFile: 'native.json' },
  });
  const nvml = nvmlReport('570.124.06', [h100()]);
  m.extra('native.json', JSON.stringify({ nvml, cuda: null, unavailable: null }, null, 2));
});
