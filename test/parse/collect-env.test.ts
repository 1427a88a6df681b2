// parse, PyTorch's collect_env report (src/parse/collect-env.ts): one row per paste (ParseRow in test/helpers/explain.ts).
import { describe, expect, it } from 'vitest';
import { capture, checkParse, type ParseRow } from '../helpers/explain.js';

const h200 = (file: string) => capture('h200-cuda13', file);

const collectEnv: ParseRow[] = [
  {
    name: 'the real H200 capture: torch, build CUDA, driver, GPU, cuDNN copies, OS, Python',
    text: h200('collect_env.txt'),
    facts: {
      'packages[name=torch].version': '2.11.0+cu130',
      torchCuda: '13.0',
      'driver.version': '580.159.04',
      'gpus[*].name': ['NVIDIA H200'],
      'libraries[*name=cudnn].version': expect.arrayContaining(['9.14.0']),
      'os.id': 'ubuntu',
      'os.versionId': '24.04',
      pythonVersion: '3.12.3',
      'toolkits[0].version': '13.0.88',
      'packages[name=nvidia-cudnn-cu13].version': '9.19.0.56',
    },
    parsed: { 'segments[*].kind': expect.arrayContaining(['collect-env']) },
  },
];

describe('collect_env', () => {
  for (const row of collectEnv) it(row.name, () => checkParse(row));
});
