// container-limits through its one rule: the container-small-shm machine, Snapshots built for each place a job runs
// (Docker, Podman, Kubernetes, a host, Slurm), and pastes (a DataLoader shm error, a df row, RDMA registration
// failures). Texts composed here in the shapes PyTorch, UCX and NCCL print them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnose, machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/container-limits.js';
import { explainText } from '../../../src/explain/index.js';
import type { Finding } from '../../../src/findings.js';
import { setLang } from '../../../src/i18n/index.js';
import type { ProcessLimits, Snapshot } from '../../../src/snapshot/types.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, env, gpu, pkg } from '../../helpers/snapshot-builder.js';

beforeAll(() => setLang('en'));

const MiB = 2 ** 20;
const GiB = 2 ** 30;
const h200 = (): Snapshot => JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/snapshots/h200.json'), 'utf8'));
const shm = (total: number, free = total, tmpfs = true): ProcessLimits['shm'] => ({
  value: { totalBytes: total, freeBytes: free, tmpfs },
  source: 'statfs:/dev/shm',
});
const memlock = (soft: number | 'unlimited', hard: number | 'unlimited' = soft): ProcessLimits['memlock'] => ({
  value: { softBytes: soft, hardBytes: hard },
  source: 'file:/proc/self/limits',
});
const rdma = (...names: string[]): ProcessLimits['rdmaDevices'] => ({ value: names, source: 'dir:/sys/class/infiniband' });
const docker = { container: { value: 'docker', source: 'file:/.dockerenv' } };
const host = { container: { value: null, source: 'file:/.dockerenv' } };

function machine(limits: Partial<ProcessLimits>, over: Parameters<typeof buildSnapshot>[0] = {}): Snapshot {
  return buildSnapshot({
    os: docker,
    gpus: [gpu('NVIDIA H100 80GB HBM3', '9.0')],
    ...over,
    limits: { shm: null, memlock: null, rdmaDevices: null, ...limits },
  });
}
const check = (s: Snapshot): Finding[] => rule.check(machineInput(s));
const titles = (s: Snapshot) => check(s).map((f) => f.title);

describe('container-limits: the container-small-shm machine', () => {
  it("Docker's 64 MiB /dev/shm and 8 MiB memlock next to an InfiniBand adapter: two warnings with Docker's fixes", async () => {
    const { findings } = await diagnose(await snapshotOf('container-small-shm', 300));
    const mine = findings.filter((f) => f.code === 'container-limits');
    expect(mine.map((f) => [f.severity, f.title])).toEqual([
      ['warning', '/dev/shm is only 64 MiB: too small for DataLoader workers and NCCL'],
      ['warning', 'Locked-memory limit (ulimit -l) is 8 MiB: RDMA memory registration fails beyond it'],
    ]);
    const [small, locked] = mine;
    expect(small!.cause).toContain('the size Docker, Podman and Kubernetes give a container');
    expect(small!.evidence).toEqual([
      { fact: '/dev/shm size (free)', value: '64 MiB (60 MiB)', source: 'statfs:/dev/shm' },
      { fact: 'container', value: 'docker', source: 'file:/.dockerenv' },
    ]);
    expect(small!.fix).toEqual(expect.arrayContaining(['docker run --shm-size=16g …', 'docker run --ipc=host …', 'df -h /dev/shm']));
    expect(small!.fix.join('\n')).not.toMatch(/mount -o remount|emptyDir/);
    expect(locked!.evidence).toContainEqual({ fact: 'RDMA adapters', value: 'mlx5_0', source: 'dir:/sys/class/infiniband' });
    expect(locked!.fix).toContain('docker run --ulimit memlock=-1 …');
    expect(locked!.fix.join('\n')).not.toMatch(/limits\.d|srun/);
  });

  it('the real H200 snapshot (a container, taken before limits were probed) says nothing', () => {
    expect(check(h200())).toEqual([]);
  });

  it("the H200 container's measured limits (128 GiB /dev/shm, memlock unlimited, an empty /sys/class/infiniband) say nothing", () => {
    const s = { ...h200(), limits: { shm: shm(128 * GiB), memlock: memlock('unlimited'), rdmaDevices: rdma() } };
    expect(check(s)).toEqual([]);
  });

  it('a container without GPUs or torch (this build machine: 24 GiB /dev/shm, 8 MiB memlock) says nothing', () => {
    expect(
      check(machine({ shm: shm(64 * MiB), memlock: memlock(8 * MiB), rdmaDevices: { value: [], source: 'dir:/sys/class/infiniband (absent)' } }, { gpus: [] })),
    ).toEqual([]);
    expect(check(machine({ shm: shm(24 * GiB), memlock: memlock(8 * MiB), rdmaDevices: rdma() }))).toEqual([]);
  });
});

describe('container-limits: /dev/shm by where the job runs', () => {
  it('below 1 GiB in a container, below 256 MiB on a host', () => {
    expect(titles(machine({ shm: shm(512 * MiB) }))).toEqual(['/dev/shm is only 512 MiB: too small for DataLoader workers and NCCL']);
    expect(titles(machine({ shm: shm(GiB) }))).toEqual([]);
    expect(titles(machine({ shm: shm(512 * MiB) }, { os: host }))).toEqual([]);
    const [f] = check(machine({ shm: shm(128 * MiB, 100 * MiB) }, { os: host }));
    expect(f?.cause).toContain("This machine's /dev/shm is only 128 MiB (100 MiB free)");
    expect(f?.fix).toEqual([
      '# grow it until the next reboot (size=50% is the kernel default, half of the RAM):',
      'sudo mount -o remount,size=50% /dev/shm',
      'df -h /dev/shm',
      '# to keep it after a reboot, give the /dev/shm line of /etc/fstab the size:',
      '# tmpfs /dev/shm tmpfs defaults,size=50% 0 0',
    ]);
  });

  it("a host with exactly the runtimes' 64 MiB is a container the probe did not recognise: container fixes", () => {
    const [f] = check(machine({ shm: shm(64 * MiB) }, { os: host }));
    expect(f?.fix).toContain('docker run --shm-size=16g …');
    expect(f?.fix).toContain('#         emptyDir: { medium: Memory, sizeLimit: 16Gi }');
    expect(f?.fix.join('\n')).not.toContain('mount -o remount');
  });

  it('Kubernetes (KUBERNETES_SERVICE_HOST, cgroup v2 shows no runtime): a memory-backed emptyDir over /dev/shm', () => {
    const s = machine({ shm: shm(64 * MiB) }, { os: host, node: { name: 'node-3', engine: 'kubernetes', jobId: 'trainer-0', visibleDevices: null } });
    const [f] = check(s);
    expect(f?.evidence).toContainEqual({ fact: 'container', value: 'kubernetes', source: 'env:KUBERNETES_SERVICE_HOST' });
    expect(f?.fix.filter((l) => l.startsWith('#   '))).toEqual([
      '#   spec:',
      '#     volumes:',
      '#       - name: dshm',
      '#         emptyDir: { medium: Memory, sizeLimit: 16Gi }',
      '#     containers:',
      '#       - name: <container>',
      '#         volumeMounts:',
      '#           - { name: dshm, mountPath: /dev/shm }',
    ]);
    expect(f?.fix.join('\n')).not.toContain('docker run');
  });

  it('Podman and other runtimes get their own start line', () => {
    expect(check(machine({ shm: shm(64 * MiB) }, { os: { container: { value: 'podman', source: 'file:/run/.containerenv' } } }))[0]?.fix).toContain(
      'podman run --shm-size=16g …',
    );
    const lxc = check(machine({ shm: shm(64 * MiB) }, { os: { container: { value: 'lxc', source: 'env:container' } } }))[0];
    expect(lxc?.fix[0]).toBe(
      "# restart the lxc container with a larger /dev/shm (its runtime's shm size setting); where the container may remount it, from inside:",
    );
    expect(lxc?.fix).toContain('sudo mount -o remount,size=16G /dev/shm');
  });

  it('nearly full: the leftovers of crashed runs first', () => {
    const [f] = check(machine({ shm: shm(16 * GiB, 100 * MiB) }));
    expect(f?.title).toBe('/dev/shm is almost full: 100 MiB of 16 GiB left');
    expect(f?.fix.slice(1, 3)).toEqual(['ls -lS /dev/shm | head -20', 'sudo fuser -v /dev/shm/* 2>/dev/null']);
  });

  it('a /dev/shm that is no tmpfs, and torch without a GPU', () => {
    expect(check(machine({ shm: shm(64 * MiB, 64 * MiB, false) }))).toEqual([]);
    expect(titles(machine({ shm: shm(64 * MiB) }, { gpus: [], python: [env([pkg('torch', '2.5.1+cpu')])] }))).toHaveLength(1);
  });
});

describe('container-limits: RLIMIT_MEMLOCK', () => {
  it('only where an RDMA adapter registers memory, on a GPU machine (CUDA pinned memory does not count against it)', () => {
    expect(check(machine({ memlock: memlock(64 * 1024) }))).toEqual([]);
    expect(check(machine({ memlock: memlock(64 * 1024), rdmaDevices: rdma() }))).toEqual([]);
    expect(check(machine({ memlock: memlock(64 * 1024), rdmaDevices: rdma('mlx5_0') }, { gpus: [] }))).toEqual([]);
    expect(check(machine({ memlock: memlock('unlimited'), rdmaDevices: rdma('mlx5_0') }))).toEqual([]);
    expect(check(machine({ memlock: memlock(64 * GiB), rdmaDevices: rdma('mlx5_0') }))).toEqual([]);
    expect(titles(machine({ memlock: memlock(64 * 1024), rdmaDevices: rdma('mlx5_0', 'mlx5_1') }))).toEqual([
      'Locked-memory limit (ulimit -l) is 64 KiB: RDMA memory registration fails beyond it',
    ]);
  });

  it('a host whose hard limit allows more: ulimit -l in the job script, then limits.d', () => {
    const [f] = check(machine({ memlock: memlock(64 * 1024, 'unlimited'), rdmaDevices: rdma('mlx5_0') }, { os: host }));
    expect(f?.fix.slice(0, 4)).toEqual([
      '# the hard limit allows it: raise the soft limit in the job script, before the program starts:',
      'ulimit -l unlimited',
      '# raise it for new logins (pam_limits reads /etc/security/limits.d; log in again afterwards):',
      "printf '* soft memlock unlimited\\n* hard memlock unlimited\\n' | sudo tee /etc/security/limits.d/90-memlock.conf",
    ]);
  });

  it("Slurm: the submitting shell's limit; srun --propagate=NONE and the slurmd unit", () => {
    const s = machine(
      { memlock: memlock(8 * MiB), rdmaDevices: rdma('mlx5_0') },
      { os: host, node: { name: 'gpu07', engine: 'slurm', jobId: '4242', visibleDevices: '0' } },
    );
    const [f] = check(s);
    expect(f?.cause).toContain('as Slurm passed it on from the shell that submitted the job');
    expect(f?.fix).toContain('srun --propagate=NONE <your command>');
    expect(f?.fix).toContain('# PropagateResourceLimitsExcept=MEMLOCK');
    expect(f?.fix).toContain(
      "sudo mkdir -p /etc/systemd/system/slurmd.service.d && printf '[Service]\\nLimitMEMLOCK=infinity\\n' | sudo tee /etc/systemd/system/slurmd.service.d/memlock.conf && sudo systemctl daemon-reload && sudo systemctl restart slurmd",
    );
    expect(f?.fix.join('\n')).not.toContain('limits.d');
  });

  it('Kubernetes: CAP_IPC_LOCK in the container spec', () => {
    const s = machine(
      { memlock: memlock(8 * MiB), rdmaDevices: rdma('mlx5_0') },
      { os: host, node: { name: 'node-3', engine: 'kubernetes', jobId: null, visibleDevices: null } },
    );
    expect(check(s)[0]?.fix).toEqual(expect.arrayContaining(['#   securityContext:', '#     capabilities:', '#       add: ["IPC_LOCK"]']));
  });
});

describe('container-limits: a paste', () => {
  const find = async (text: string, here?: Snapshot) => (await explainText(text, here ? { here } : {})).findings;

  it('a DataLoader shm error names it, ranked after the DataLoader reading of out-of-memory and above NCCL', async () => {
    const fs = await find('ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).');
    const codes = fs.map((f) => f.code);
    expect(codes.slice(0, 2)).toEqual(['out-of-memory', 'container-limits']);
    expect(codes.indexOf('nccl-failure')).toBeGreaterThan(codes.indexOf('container-limits'));
    const f = fs.find((x) => x.code === 'container-limits')!;
    expect(f.severity).toBe('error');
    expect(f.title).toBe('DataLoader workers ran out of shared memory (/dev/shm)');
    // Unknown where it ran: Docker's and Kubernetes' ways, and the fewer-workers way out.
    expect(f.fix).toEqual(expect.arrayContaining(['docker run --shm-size=16g …', '#           - { name: dshm, mountPath: /dev/shm }']));
    expect(f.fix.at(-1)).toBe('# or, without a restart: fewer DataLoader workers (num_workers=0 passes no batch through /dev/shm)');
  });

  it('the same error with `df -h /dev/shm` output: the size confirms it', async () => {
    const fs = await find(
      'ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).\n$ df -h /dev/shm\nFilesystem      Size  Used Avail Use% Mounted on\nshm              64M   64M     0 100% /dev/shm',
    );
    const f = fs.find((x) => x.code === 'container-limits')!;
    expect(f.title).toBe('DataLoader workers ran out of shared memory: /dev/shm is 64 MiB');
    expect(f.cause).toContain('Here /dev/shm is 64 MiB (0 B free).');
    expect(f.evidence).toContainEqual({ fact: '/dev/shm size (free)', value: '64 MiB (0 B)', source: 'pasted:df' });
    expect((f as { score?: number }).score).toBeGreaterThan(fs.find((x) => x.code === 'nccl-failure')!.score);
  });

  it('a df row alone is a warning of its own', async () => {
    const [f, ...rest] = await find('Filesystem      Size  Used Avail Use% Mounted on\nshm              64M     0   64M   0% /dev/shm');
    expect(rest).toEqual([]);
    expect(f?.code).toBe('container-limits');
    expect(f?.severity).toBe('warning');
  });

  it("a large /dev/shm doubts the DataLoader message: the workers' share, or leftovers", async () => {
    const here = machine({ shm: shm(32 * GiB, 30 * GiB) });
    const f = (await find('RuntimeError: DataLoader worker (pid 4242) is killed by signal: Bus error.', here)).find((x) => x.code === 'container-limits');
    expect(f?.cause).toContain('yet /dev/shm is 32 GiB (30 GiB free now)');
  });

  it("UCX's memlock message names the limit; it ranks first", async () => {
    const [f] = await find(
      "[1701234567.123456] [gpu07:4242:0]        ib_log.c:246  UCX  ERROR mlx5_0: ibv_create_cq() failed: Cannot allocate memory. Please set max locked memory (ulimit -l) to 'unlimited' (current: 64 kbytes)",
    );
    expect(f?.code).toBe('container-limits');
    expect(f?.title).toBe('RDMA memory registration failed: the locked-memory limit (ulimit -l) is too small');
    expect(f?.evidence).toContainEqual({ fact: 'locked-memory limit the message names', value: '64 KiB', source: 'pasted:error message' });
    expect(f?.fix).toContain('docker run --ulimit memlock=-1 …');
  });

  it("NCCL's ibv_reg_mr failure: container-limits before NCCL's own reading", async () => {
    const fs = await find('gpu07:4242:4301 [0] misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory');
    expect(fs[0]?.code).toBe('container-limits');
    expect(fs.map((f) => f.code)).toContain('nccl-failure');
  });

  it("NCCL's /dev/shm message stays nccl-failure's; this machine's small /dev/shm then ranks below it", async () => {
    const text = 'NCCL WARN Error while creating shared memory segment /dev/shm/nccl-x (size 9637888)';
    expect((await find(text)).map((f) => f.code)).not.toContain('container-limits');
    const fs = await find(text, await snapshotOf('container-small-shm', 300));
    expect(fs[0]?.code).toBe('nccl-failure');
    expect(fs.map((f) => f.code)).toContain('container-limits');
  });

  it('speaks Chinese in zh-CN, commands stay as they are', async () => {
    setLang('zh-CN');
    try {
      const [f] = check(machine({ shm: shm(64 * MiB) }));
      expect(f?.title).toBe('/dev/shm 只有 64 MiB：DataLoader worker 和 NCCL 不够用');
      expect(f?.fix).toContain('docker run --shm-size=16g …');
      expect(f?.fix[0]).toBe('# 用更大的 /dev/shm 重新启动容器，或用 --ipc=host 共享宿主机的：');
    } finally {
      setLang('en');
    }
  });
});
