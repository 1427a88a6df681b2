// parse, nvidia-smi's table, its header line and `nvidia-smi -q` (src/parse/nvidia-smi.ts): one row per paste
// (ParseRow in test/helpers/explain.ts).
import { describe, it } from 'vitest';
import { capture, checkParse, type ParseRow } from '../helpers/explain.js';

const h200 = (file: string) => capture('h200-cuda13', file);

const table: ParseRow[] = [
  {
    name: 'the real H200 table: driver, CUDA, GPU, memory',
    text: h200('smi.txt'),
    facts: {
      'driver.version': '580.159.04',
      'driver.cudaVersion': '13.0',
      'gpus[0].name': 'NVIDIA H200',
      'gpus[0].pciBusId': '00000000:00:06.0',
      'gpus[0].memory.totalBytes': 143771 * 1024 * 1024,
    },
  },
  {
    name: 'a driver line without its table frame keeps only the version, and reads the CUDA version after it',
    text: 'Driver Version: 535.183.01   CUDA Version: 12.2',
    facts: { 'driver.version': '535.183.01', 'driver.cudaVersion': '12.2' },
  },
  {
    name: "the CUDA version of the header is the driver's, not a toolkit",
    text: '| NVIDIA-SMI 535.54    Driver Version: 535.54    CUDA Version: 12.2 |',
    facts: { toolkits: [] },
  },
];

const query: ParseRow[] = [
  {
    name: 'the real H200 -q: driver, CUDA, product name, architecture',
    text: h200('smi_q.txt'),
    facts: { 'driver.version': '580.159.04', 'driver.cudaVersion': '13.0', 'gpus[0].name': 'NVIDIA H200', 'gpus[0].architecture': 'Hopper' },
  },
  {
    name: 'nvidia-smi -q lines still parse',
    text: '    Driver Version                            : 550.54.15\n    CUDA Version                              : 12.4',
    facts: { 'driver.version': '550.54.15', 'driver.cudaVersion': '12.4' },
  },
];

describe('nvidia-smi table and header', () => {
  for (const row of table) it(row.name, () => checkParse(row));
});

describe('nvidia-smi -q', () => {
  for (const row of query) it(row.name, () => checkParse(row));
});
