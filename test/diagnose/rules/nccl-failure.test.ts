// nccl-failure through its one rule: pasted NCCL errors (which of NCCL's usual causes the facts point at), and the
// NCCL_* settings of a machine's environment (`explain --here`). Texts composed here for the tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { ncclFailureFor, rule } from '../../../src/diagnose/rules/nccl-failure.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import { parsePaste } from '../../../src/parse/index.js';
import { snapshotFromFacts } from '../../../src/parse/snapshot.js';
import type { RuleInput } from '../../../src/diagnose/types.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, gpu } from '../../helpers/snapshot-builder.js';

beforeAll(() => setLang('en'));

const nccl = async (text: string) => (await explainText(text)).findings.find((f) => f.code === 'nccl-failure');

describe('nccl-failure: a machine', () => {
  it('a machine with NCCL installed and no message: no finding', async () => {
    expect(rule.check(machineInput(await snapshotOf('h200')))).toEqual([]);
  });

  it("explain --here: the machine's NCCL settings are evidence, with their source", async () => {
    const here = buildSnapshot({ gpus: [gpu('NVIDIA H100 80GB HBM3', '9.0')], env: { NCCL_SOCKET_IFNAME: 'eth9', NCCL_IB_DISABLE: '1' } });
    const r = await explainText(
      'torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, remote process exited or there was a network error',
      { here },
    );
    const f = r.findings.find((x) => x.code === 'nccl-failure')!;
    expect(f.title).toContain('the ranks cannot connect over the network interface');
    expect(f.evidence).toContainEqual({ fact: 'NCCL_SOCKET_IFNAME', value: 'eth9', source: 'env:NCCL_SOCKET_IFNAME' });
    expect(f.evidence).toContainEqual({ fact: 'NCCL_IB_DISABLE', value: '1', source: 'env:NCCL_IB_DISABLE' });
  });
});

describe('nccl-failure: a paste', () => {
  const rows: { name: string; text: string; title: string; fix: string; cause?: string }[] = [
    {
      name: '/dev/shm too small',
      text: 'ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.\nError while creating shared memory segment /dev/shm/nccl-AbCdEf (size 4194304)',
      title: "NCCL failed: /dev/shm is too small for NCCL's shared-memory transport (Docker gives 64 MB by default)",
      fix: 'docker run --shm-size=16g …   # or --ipc=host',
    },
    {
      name: 'ranks on different NCCL versions',
      text: 'node1: NCCL version 2.18.3+cuda12.1\nnode2: NCCL version 2.19.3+cuda12.2\nNCCL WARN Bootstrap : received unexpected data',
      title:
        'NCCL failed: The ranks run different NCCL versions (2.18.3, 2.19.3); NCCL does not promise that different versions work together. Install the same NCCL on every node (the same torch build, or the same nvidia-nccl-cu12 wheel)',
      fix: 'pip install "nvidia-nccl-cu12==2.19.3"   # the same NCCL everywhere (or the same torch build on every node)',
    },
    {
      name: 'a hang with P2P through a PCIe switch: ACS',
      text: 'NCCL INFO Channel 00 : 0[0] -> 1[1] via P2P/IPC\nthe all_reduce hangs forever on 2 GPUs, works with NCCL_P2P_DISABLE=1',
      title: 'NCCL failed: P2P over PCIe hangs or crawls when ACS (PCIe Access Control Services) is on',
      fix: '# IOMMU (VT-d / AMD-Vi) on forces P2P through the root complex too: boot with intel_iommu=off or amd_iommu=off (or iommu=pt), or turn off VT-d/IOMMU in the BIOS',
    },
    {
      name: 'no socket interface',
      text: 'NCCL WARN Bootstrap : no socket interface found',
      title: 'NCCL failed: NCCL found no usable network interface between the ranks',
      fix: 'export NCCL_SOCKET_IFNAME=eth0   # the interface the ranks share',
    },
    {
      name: 'without a version named the cause reads "NCCL: …"',
      text: 'RuntimeError: NCCL error: unhandled system error',
      title: 'NCCL failed: a system call failed inside NCCL',
      fix: 'export NCCL_DEBUG=INFO   # rerun: the WARN line names the failing call',
      cause: 'NCCL: a system call failed inside NCCL',
    },
  ];
  for (const row of rows) {
    it(row.name, async () => {
      const f = await nccl(row.text);
      expect(f?.title.startsWith(row.title)).toBe(true);
      expect(f?.fix).toContain(row.fix);
      if (row.cause) expect(f?.cause.startsWith(row.cause)).toBe(true);
    });
  }

  it('a setting the user pasted is evidence once; advice inside the error message is not a setting', async () => {
    const f = await nccl(
      'I run with NCCL_SOCKET_IFNAME=ens5\nRuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5',
    );
    expect(f?.evidence.filter((e) => e.fact === 'NCCL_SOCKET_IFNAME' || e.value.includes('NCCL_SOCKET_IFNAME=ens5'))).toHaveLength(1);
    expect(f?.evidence.some((e) => e.fact === 'NCCL_DEBUG')).toBe(false);
    expect(f?.cause.startsWith('NCCL 2.21.5: ')).toBe(true);
  });

  it('ncclFailureFor gives the finding, its fit and the events it rests on (the arch rule ranks against it)', () => {
    const parsed = parsePaste('ncclSystemError: Error while creating shared memory segment /dev/shm/nccl-x (size 1)');
    const input: RuleInput = {
      snapshot: snapshotFromFacts(parsed.facts),
      events: parsed.events,
      text: parsed.facts,
      cues: parsed.cues,
      trouble: parsed.trouble,
      origin: 'paste',
    };
    const r = ncclFailureFor(input);
    expect(r?.fit).toBe(1.8);
    expect(r?.events.map((e) => e.signature)).toContain('nccl-shm');
    expect(r?.finding.code).toBe('nccl-failure');
    expect(ncclFailureFor({ ...input, events: [] })).toBeUndefined();
  });

  it('zh-CN: the sentences of the fix are Chinese', async () => {
    setLang('zh-CN');
    try {
      const f = await nccl('NCCL WARN NET/Socket : Connection refused by the remote rank');
      expect(f?.fix).toContain('# 防火墙：各 rank 之间用随机端口互连，需在节点之间放行');
    } finally {
      setLang('en');
    }
  });
});
