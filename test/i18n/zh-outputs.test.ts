// Issue 21's must-show: with --lang zh-CN the outputs of the everyday commands on fixture machines, explain on common
// errors and the answers to bad input hold no English sentence. Text gpuenv quotes from elsewhere is excepted: the
// paste itself, what the machine's programs printed (the fixture's recorded outputs), and the rows of the knowledge
// tables, whose notes cite English sources word for word.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { tsFiles } from '../helpers/files.js';
import { fakeIo } from '../helpers/io.js';
import { machine, machinesDir } from '../helpers/machines.js';
import { englishRuns, stripNonProse } from './english.js';

const SRC = join(import.meta.dirname, '../../src');
// Letters only: a run and its quoted source compare whatever punctuation, escapes or line breaks lie between the words.
const letters = (s: string) =>
  ` ${s
    .replace(/\\[nt"']/g, ' ')
    .replace(/[^A-Za-z']+/g, ' ')
    .replace(/\B'|'\B/g, ' ')
    .replace(/ +/g, ' ')
    .trim()} `;
// A quoted source is compared both whole and with its own quotes blanked, as the output's runs are.
const squash = (s: string) => letters(stripNonProse(s)) + letters(s);

function textOf(dir: string): string {
  let out = '';
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    const st = lstatSync(p); // fixture roots hold links that point into the machine, not this one
    if (st.isDirectory()) out += textOf(p);
    else if (st.isFile() && st.size < 4_000_000) out += `${readFileSync(p, 'utf8')}\n`;
  }
  return out;
}

// Data tables: each row names its source (a document title, a file at a commit), printed as it is. Only the sources
// are excepted: a row's note, an Xid's meaning and action have Chinese twins (test/knowledge/notes-zh.test.ts).
function sourcesOf(v: unknown, seen = new Set<object>()): string[] {
  if (!v || typeof v !== 'object' || seen.has(v)) return [];
  seen.add(v);
  return Object.entries(v).flatMap(([k, x]) => (k === 'source' && typeof x === 'string' ? [x] : sourcesOf(x, seen)));
}
const dataModules = [...tsFiles(join(SRC, 'knowledge/data')), join(SRC, 'vram/models.ts')];
const DATA = squash((await Promise.all(dataModules.map(async (p) => sourcesOf(await import(pathToFileURL(p).href))))).flat().join('\n'));

interface Case {
  argv: string[];
  machine?: string;
  paste?: string;
}

// Composed for this test (not evaluation cases): the first lines users paste most often.
const PASTES = {
  noKernelImage:
    'Traceback (most recent call last):\n  File "train.py", line 4, in <module>\n    x = torch.zeros(1).cuda()\nRuntimeError: CUDA error: no kernel image is available for execution on the device\n',
  oom: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free.\n',
  nvmlMismatch: 'Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 550.127\n',
  missingCudnn: 'ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory\n',
  smiFailed:
    "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.\n",
  cpuTorch: ">>> torch.cuda.is_available()\nFalse\n>>> torch.__version__\n'2.5.1+cpu'\n",
  ncclSystemError:
    'torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.1\n',
  ncclP2pHang: 'node1:123:456 [0] NCCL INFO Channel 00 : 0[1000] -> 1[2000] via P2P/IPC\ntraining hangs at the first all_reduce on 8 GPUs\n',
  pipOverConda:
    'I created the env with conda env create -f environment.yml\nthen pip install -r requirements.txt printed:\n  Attempting uninstall: torch\n    Found existing installation: torch 1.12.1\n    Uninstalling torch-1.12.1:\n',
  wsl1: 'I am on WSL1 with Ubuntu 20.04\nRuntimeError: Found no NVIDIA driver on your system.\n',
  amdGpu: 'I have an AMD Radeon RX 6800 card\nRuntimeError: Found no NVIDIA driver on your system.\n',
  bar: 'NVRM: This is a 64-bit BAR mapped above 4GB by the system\n',
};

const DOCTOR_MACHINES = [
  'h200',
  'torch-cpu-only',
  'driver-mismatch',
  'gpu-no-driver',
  'toolkit-mismatch',
  'wsl-linux-driver',
  'cudnn-shadowed',
  'xid-fell-off-bus',
  'conda-pip-mixed',
  'ecc-uncorrectable',
];

const CASES: Record<string, Case> = {
  ...Object.fromEntries(DOCTOR_MACHINES.map((m) => [`doctor on ${m}`, { argv: ['doctor', '--timeout', '0.3'], machine: m }])),
  'snapshot on h200': { argv: ['snapshot', '--timeout', '0.3'], machine: 'h200' },
  'compat cuda': { argv: ['compat', 'cuda', '12.4'] },
  'compat driver': { argv: ['compat', 'driver', '535.104.05'] },
  'compat torch': { argv: ['compat', 'torch', '2.5.1'] },
  'compat gpu': { argv: ['compat', 'gpu', 'RTX 4090'] },
  'compat tensorflow': { argv: ['compat', 'tensorflow', '2.18.0'] },
  'compat jax': { argv: ['compat', 'jax', '0.9.2'] },
  'compat triton': { argv: ['compat', 'triton', '3.7.1'] },
  'compat cudnn': { argv: ['compat', 'cudnn', '9.1.0'] },
  'compat nccl': { argv: ['compat', 'nccl', '2.21.5'] },
  'compat torch list': { argv: ['compat', 'torch'] },
  plan: { argv: ['plan', '--gpu', 'RTX 4090', '--driver', '550.54.14', '--os', 'ubuntu-22.04'] },
  'plan via conda': { argv: ['plan', '--gpu', 'L40S', '--via', 'conda', '--os', 'ubuntu-22.04', '--framework', 'torch@2.5.1'] },
  'vram training': { argv: ['vram', 'llama-2-7b', '--train', '--gpu', 'RTX 3090'] },
  'vram inference': { argv: ['vram', 'llama-3-8b', '--gpu', 'RTX 4090'] },
  'cuda list': { argv: ['cuda', 'list'], machine: 'two-toolkits' },
  'bench without a GPU': { argv: ['bench', '--quick'], machine: 'gpu-no-driver' },
  'arch-list for named GPUs': { argv: ['arch-list', '--gpu', 'A100', '--gpu', 'RTX 4090'], machine: 'cpu-only-toolkit' },
  'arch-list on h200': { argv: ['arch-list'], machine: 'h200' },
  ...Object.fromEntries(Object.entries(PASTES).map(([k, paste]) => [`explain ${k}`, { argv: ['explain', '-'], paste }])),
  'unknown command': { argv: ['doctr'] },
  'unknown option': { argv: ['doctor', '--bogus'] },
  'option without its value': { argv: ['snapshot', '--timeout'] },
  'bad timeout': { argv: ['snapshot', '--timeout', 'soon'] },
  'bad compat version': { argv: ['compat', 'cuda', 'x'] },
  'bad installer': { argv: ['plan', '--via', 'brew'] },
  'unknown GPU': { argv: ['arch-list', '--gpu', 'Nosuch 9000'] },
  'unknown model': { argv: ['vram', 'nosuchmodel'] },
  'missing paste file': { argv: ['explain', '/no/such/file'] },
  'missing snapshot': { argv: ['doctor', '--snapshot', '/no/such.json'] },
};

async function run(c: Case) {
  const io = fakeIo({ GPUENV_LANG: 'en' }, c.paste ?? '');
  const sys = c.machine ? await machine(c.machine) : undefined;
  const code = await main([...c.argv, '--lang', 'zh-CN'], {
    io,
    system: async () => {
      if (!sys) throw new Error('this case reads no machine');
      return sys;
    },
  });
  return { code, text: io.stdout() + io.stderr() };
}

describe('gpuenv --lang zh-CN speaks Chinese', () => {
  it.each(Object.entries(CASES))('%s', async (_, c) => {
    const { code, text } = await run(c);
    expect(code).toBeLessThan(3); // never an internal error
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    const quoted = squash(DATA + (c.paste ?? '') + (c.machine ? textOf(join(machinesDir, c.machine)) : ''));
    const english = englishRuns(text).filter((r) => !quoted.includes(letters(r)));
    expect(english, english.join('\n')).toEqual([]);
  });
});
