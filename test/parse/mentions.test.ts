// parse, facts stated in prose and issue templates: CUDA and driver versions, GPU names, WSL, Secure Boot, framework
// releases (src/parse/mentions.ts and friends): one row per paste (ParseRow in test/helpers/explain.ts).
import { describe, expect, it } from 'vitest';
import { checkParse, type ParseRow } from '../helpers/explain.js';

const cuda: ParseRow[] = [
  { name: '"CUDA 7.5" in prose is the toolkit', text: 'Ubuntu 14.04, CUDA 7.5 installed', facts: { 'toolkits[*].version': ['7.5'] } },
  { name: 'the CUDA torch was compiled with is not a toolkit', text: 'PyTorch binaries were compiled with CUDA 9.0', facts: { toolkits: [] } },
  {
    name: 'a prose CUDA does not add a second toolkit next to nvcc --version',
    text: 'Cuda compilation tools, release 11.8, V11.8.89\nI also tried CUDA 12.1',
    facts: { 'toolkits[*].version': ['11.8.89'] },
  },
  {
    name: 'CUDA toolkit and driver from Chinese prose',
    text: '系统: Ubuntu 20.04\ncuda版本：11.6\n驱动版本: 465.19.01',
    facts: { 'toolkits[*].version': ['11.6'], 'driver.version': '465.19.01' },
  },
];

const gpus: ParseRow[] = [
  {
    name: '"cuda capability X.Y" in prose → a GPU with that compute capability',
    text: 'Found GPU1 Tesla C2050 which is of cuda capability 2.0.',
    facts: { 'gpus[*].computeCapability': expect.arrayContaining(['2.0']) },
  },
  {
    name: '"pytorch 1.4" (a minor only) and a Kepler board name',
    text: 'Tesla K40c with pytorch 1.4',
    facts: { 'packages[name=torch].version': '1.4.0', 'gpus[0].computeCapability': '3.5' },
  },
  { name: 'a Quadro K board → its compute capability', text: 'two Quadro K5000 cards', facts: { 'gpus[*].computeCapability': ['3.0'] } },
  { name: 'an MX-series board → its compute capability', text: 'my laptop has a GeForce MX110', facts: { 'gpus[*].computeCapability': ['5.0'] } },
  { name: 'a GTX 9xx board → its compute capability', text: 'GPU: GTX 970 4GB', facts: { 'gpus[*].computeCapability': ['5.2'] } },
  { name: 'a GTX/RTX mix-up → the RTX board', text: 'GPU: GTX 2080 Ti', facts: { 'gpus[*].computeCapability': ['7.5'] } },
];

const os: ParseRow[] = [
  { name: 'WSL said in prose', text: 'running on a WSL machine', facts: { 'os.wsl': true } },
  { name: '"not WSL" is not WSL', text: 'this is native Linux, not WSL', facts: { 'os.wsl': undefined } },
  { name: 'WSL 1 is not read as WSL', text: 'I use WSL 1', facts: { 'os.wsl': undefined } },
  { name: 'Secure Boot enabled, in prose', text: '- secure boot enabled', facts: { 'os.secureBoot': 'enabled' } },
  { name: 'Secure Boot disabled, in prose', text: 'Secure Boot is disabled', facts: { 'os.secureBoot': 'disabled' } },
  {
    name: '"Windows Subsystem" does not make the OS Windows (it is the Ubuntu named)',
    text: 'Ubuntu 22.04 under Windows Subsystem',
    facts: { 'os.id': 'ubuntu' },
  },
];

const templates: ParseRow[] = [
  {
    name: 'TensorFlow version from an issue template, and native Windows from the OS line',
    text: '- TensorFlow version (use command below): 2.2.0\n- OS Platform and Distribution: Windows 10 Pro',
    facts: { 'packages[name=tensorflow].version': '2.2.0', 'os.id': 'windows' },
  },
  {
    name: 'TensorFlow version from a markdown issue template',
    text: '### TensorFlow version\n\n2.16.1\n### Python version\n3.11',
    facts: { 'packages[name=tensorflow].version': '2.16.1' },
  },
];

describe('CUDA and driver versions in prose', () => {
  for (const row of cuda) it(row.name, () => checkParse(row));
});

describe('GPUs named in prose', () => {
  for (const row of gpus) it(row.name, () => checkParse(row));
});

describe('WSL, Secure Boot and the OS in prose', () => {
  for (const row of os) it(row.name, () => checkParse(row));
});

describe('issue templates', () => {
  for (const row of templates) it(row.name, () => checkParse(row));
});
