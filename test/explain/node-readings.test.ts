// explain, node causes a CUDA code or a driver line names by itself (issue 26, after round 22): 802 on an NVSwitch
// board (fabric-manager), 216 (compute-mode), the container hook timing out (persistence-off), "fallen off the bus"
// without an Xid line (xid-errors), nouveau in an lsmod listing, CUDA_VISIBLE_DEVICES / NVIDIA_VISIBLE_DEVICES hiding
// GPUs (gpus-hidden before no-gpu), and TensorFlow next to a cuDNN of another major (cudnn-mismatch).
// Texts written here in the shapes these tools print; none is copied from an evaluation case file.
import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { checkExplain, explain, find, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const smiRow = (name: string, bus: string, pm: 'On' | 'Off', mode = 'Default') => [
  `|   0  ${name.padEnd(22)}${pm.padEnd(4)}| ${bus} Off |                    0 |`,
  `| N/A   34C    P0    68W / 700W |      0MiB / 81559MiB |      0%   ${mode.padStart(10)} |`,
];

const rows: ExplainRow[] = [
  {
    name: '802 on an SXM GPU: the fabric manager, with its service and package',
    text: [
      ...smiRow('NVIDIA H100 80GB HBM3', '00000000:18:00.0', 'On'),
      'RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized',
    ],
    top: 'fabric-manager',
    contains: ['nvidia-fabricmanager', 'systemctl status nvidia-fabricmanager'],
  },
  {
    name: 'a bare 802 line with no GPU named still reads as the fabric manager first',
    text: 'cuInit failed: CUDA_ERROR_SYSTEM_NOT_READY',
    top: 'fabric-manager',
  },
  {
    name: '216 from cuCtxSetCurrent: an exclusive compute mode',
    text: 'E tensorflow/stream_executor/cuda/cuda_driver.cc:1018] failed call to cuCtxSetCurrent: CUDA_ERROR_CONTEXT_ALREADY_IN_USE',
    top: 'compute-mode',
    contains: ['compute_mode', '-c DEFAULT'],
  },
  {
    name: 'the runtime name of 216',
    text: 'RuntimeError: CUDA error: cudaErrorDeviceAlreadyInUse',
    top: 'compute-mode',
  },
  {
    name: 'the container hook timing out: persistence mode',
    text: [
      "docker: Error response from daemon: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'",
      'nvidia-container-cli: initialization error: driver rpc error: timed out: unknown.',
    ],
    top: 'persistence-off',
    contains: ['nvidia-persistenced', 'nvidia-smi -pm 1'],
  },
  {
    name: 'the driver line "fallen off the bus" without an Xid line: Xid 79',
    text: 'NVRM: GPU at PCI:0000:3b:00: GPU has fallen off the bus.',
    top: 'xid-errors',
    contains: ['Xid 79', '0000:3b:00'],
  },
  {
    name: 'the same in prose',
    text: 'after a few hours of training nvidia-smi says the GPU has fallen off of the bus and only a reboot helps',
    topTwo: ['xid-errors'],
    contains: ['79'],
  },
  {
    name: 'CUDA_VISIBLE_DEVICES naming a GPU the machine lacks beats "no GPU"',
    text: ['export CUDA_VISIBLE_DEVICES=2', 'python -c "import torch; print(torch.cuda.is_available())"', 'False', 'torch cannot find the GPU'],
    top: 'gpus-hidden',
  },
  {
    name: 'NVIDIA_VISIBLE_DEVICES=void: gpus-hidden says it, no-gpu does not repeat it',
    text: ['docker run -e NVIDIA_VISIBLE_DEVICES=void my-image python train.py', 'RuntimeError: No CUDA GPUs are available'],
    top: 'gpus-hidden',
    contains: ['NVIDIA_VISIBLE_DEVICES'],
  },
];

const nouveau: ExplainRow[] = [
  {
    name: 'lsmod lists nouveau and no nvidia module',
    text: [
      'the driver install finished but nvidia-smi does not work',
      '$ lsmod | grep -E "nouveau|nvidia"',
      'nouveau              2969600  3',
      'mxm_wmi                12288  1 nouveau',
      'drm_ttm_helper         12288  1 nouveau',
    ],
    topTwo: ['nouveau'],
    contains: ['blacklist nouveau'],
    snapshot: { 'os.nouveau.loaded.source': 'pasted:lsmod' },
  },
  {
    name: 'nouveau and the nvidia modules both loaded: nouveau holds nothing',
    text: ['nouveau              2969600  0', 'nvidia_uvm           1400832  0', 'nvidia              56733696  1 nvidia_uvm', 'is this a problem?'],
    noTitleContains: ['The nouveau driver holds the GPU'],
    snapshot: { 'driver.moduleLoaded.value': true },
  },
];

const tfCudnn: ExplainRow[] = [
  {
    name: 'TensorFlow 2.10 (cuDNN 8.1) with a system cuDNN 7 from ldconfig: cudnn-mismatch from the facts alone',
    text: [
      'tensorflow==2.10.0',
      'libcudnn.so.7 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcudnn.so.7',
      'tf.config.list_physical_devices("GPU") returns an empty list',
    ],
    top: 'cudnn-mismatch',
    contains: ['cuDNN 8.1', '7'],
  },
  {
    name: 'the same TensorFlow with cuDNN 8 shown: nothing about cuDNN',
    text: ['tensorflow==2.10.0', 'libcudnn.so.8 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcudnn.so.8', 'training is slow'],
    lacks: ['cudnn-mismatch'],
  },
];

describe('node causes named by one message', () => {
  for (const row of rows) it(row.name, () => checkExplain(row));
});

describe('nouveau from lsmod', () => {
  for (const row of nouveau) it(row.name, () => checkExplain(row));
});

describe('TensorFlow and the cuDNN the paste shows', () => {
  for (const row of tfCudnn) it(row.name, () => checkExplain(row));
});

describe('what the paste shows moves the reading', () => {
  const timeout = 'nvidia-container-cli: initialization error: driver error: timed out';
  it('persistence on for every GPU in the paste doubts the persistence reading of a hook timeout', async () => {
    const off = find(await explain([...smiRow('Tesla V100-SXM2-16GB', '00000000:00:1E.0', 'Off'), timeout].join('\n')), 'persistence-off');
    const on = find(await explain([...smiRow('Tesla V100-SXM2-16GB', '00000000:00:1E.0', 'On'), timeout].join('\n')), 'persistence-off');
    expect(off?.score).toBeGreaterThan(on?.score ?? 0);
    expect(off?.evidence.map((e) => e.value).join(' ')).toContain('GPU 0: off');
  });
  it('802 next to a PCIe card only is not read as the fabric manager first', async () => {
    const r = await explain(
      ['|   0  NVIDIA GeForce RTX 4090   Off | 00000000:01:00.0  On |                  Off |', 'CUDA error: system not yet initialized'].join('\n'),
    );
    expect(r.findings[0]?.code).not.toBe('fabric-manager');
  });
});
