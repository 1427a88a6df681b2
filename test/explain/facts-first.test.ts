// Facts first (issue 26, item 1): a paste's versions are a finding on their own, whether or not an error message
// matched; a generic "no GPU visible" never pushes a driver-level cause out of the first two (item 5). Texts composed
// for these tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { checkExplain, explain, find, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const nvcc = (release: string) => ['nvcc: NVIDIA (R) Cuda compiler driver', `Cuda compilation tools, release ${release}, V${release}.89`];

const facts: ExplainRow[] = [
  {
    name: 'TensorFlow 2.12 (tested with CUDA 11.8) on a CUDA 12.2 toolkit, no message: framework-cuda-mismatch',
    text: ['tensorflow==2.12.0', ...nvcc('12.2')],
    top: 'framework-cuda-mismatch',
    severity: 'error',
    contains: ['11.8', '12.2', 'libcudart.so.11.0', 'cudatoolkit=11.8.0', 'nvidia-cudnn-cu11==8.6.0.163'],
  },
  {
    name: 'TensorFlow 2.15 (CUDA 12.2) on a CUDA 11.8 toolkit: its and-cuda extra brings CUDA 12',
    text: ['tensorflow==2.15.0', ...nvcc('11.8')],
    top: 'framework-cuda-mismatch',
    fix: { contains: ['"tensorflow[and-cuda]==2.15.*"'] },
  },
  {
    name: 'the same with a CUDA 12 runtime wheel in the environment: TensorFlow loads that one, no finding',
    text: ['tensorflow==2.15.0', 'nvidia-cuda-runtime-cu12==12.2.140', ...nvcc('11.8')],
    lacks: ['framework-cuda-mismatch'],
  },
  {
    name: 'TensorFlow 2.10 on CUDA 11.2, its tested build: nothing to say',
    text: ['tensorflow==2.10.0', ...nvcc('11.2')],
    codes: [],
  },
  {
    name: 'CUDA 11.x shares one soname: TensorFlow 2.4 (CUDA 11.0) on 11.2 is no mismatch',
    text: ['tensorflow==2.4.0', ...nvcc('11.2')],
    lacks: ['framework-cuda-mismatch'],
  },
  {
    name: '"the GPU is not detected" confirms the TensorFlow mismatch (Chinese)',
    text: ['tensorflow 2.12.0', ...nvcc('12.2'), 'TensorFlow 检测不到GPU'],
    top: 'framework-cuda-mismatch',
    contains: ['symptom (line 4)'],
  },
  {
    name: 'a message naming other causes keeps the TensorFlow facts below it',
    text: ['tensorflow==2.12.0', ...nvcc('12.2'), 'RuntimeError: CUDA error: out of memory'],
    top: 'out-of-memory',
  },
  {
    name: 'a torch build whose CUDA needs a newer driver than the nvidia-smi header shows, no message',
    text: [
      '| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |',
      '$ pip list | grep torch',
      'torch                    2.4.0+cu124',
    ],
    top: 'driver-too-old',
    contains: ['470.82.01', '12.4'],
  },
  {
    name: 'a GPU below the release minimum, no message: arch-unsupported',
    text: ['torch 2.5.1+cu124', 'I have a Tesla K80 and it is not used'],
    top: 'arch-unsupported',
    contains: ['sm_37'],
  },
];

const generic: ExplainRow[] = [
  {
    name: 'nvidia-smi cannot reach the driver: "no GPU visible" ranks below every driver-level cause',
    text: "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.",
    top: 'driver-not-loaded',
    topTwoAre: ['driver-not-loaded', 'secure-boot'],
  },
  {
    name: 'with Secure Boot shown, the two driver-level causes are the first two',
    text: ["NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.", '$ mokutil --sb-state', 'SecureBoot enabled'],
    topTwoAre: ['secure-boot', 'driver-not-loaded'],
  },
  {
    name: 'torch finding no driver: driver-not-loaded first, the generic no-gpu well below it',
    text: 'RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx',
    top: 'driver-not-loaded',
  },
  {
    name: 'a message whose first cause is no GPU keeps it first',
    text: 'RuntimeError: No CUDA GPUs are available',
    top: 'no-gpu',
  },
];

describe('facts alone are findings', () => {
  for (const row of facts) it(row.name, () => checkExplain(row));
});

describe('a generic finding does not push the specific one out of the first two', () => {
  for (const row of generic) it(row.name, () => checkExplain(row));

  it('a fact of its own (CUDA_VISIBLE_DEVICES) keeps no-gpu where the message puts it', async () => {
    const smi = "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.";
    const bare = find(await explain(smi), 'no-gpu');
    const hidden = find(await explain(['$ echo $CUDA_VISIBLE_DEVICES', 'CUDA_VISIBLE_DEVICES=', smi].join('\n')), 'no-gpu');
    expect(bare && hidden).toBeTruthy();
    expect(hidden!.score).toBeGreaterThan(3 * bare!.score);
  });
});
