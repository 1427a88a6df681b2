// parse, what the system prints: kernel strings, ldconfig, dxcore, mokutil, the shell's environment
// (src/parse/system-logs.ts and friends): one row per paste (ParseRow in test/helpers/explain.ts).
import { describe, it } from 'vitest';
import { checkParse, type ParseRow } from '../helpers/explain.js';

const wsl: ParseRow[] = [
  { name: 'WSL from an ldconfig line', text: 'libcuda.so.1 (libc6,x86-64) => /usr/lib/wsl/lib/libcuda.so.1', facts: { 'os.wsl': true } },
  {
    name: 'WSL from a dxcore log line',
    text: 'I0101 00:00:00.000000 1 dxcore.c:213] No Nvidia Libraries found in /usr/lib/wsl/drivers/foo.inf_amd64_0123',
    facts: { 'os.wsl': true },
  },
  {
    name: 'WSL from the kernel string',
    text: 'Linux pc 6.6.36.6-microsoft-standard-WSL2 #1 SMP PREEMPT_DYNAMIC Tue Nov 5 00:21:55 UTC 2024 x86_64 x86_64 x86_64 GNU/Linux',
    facts: { 'os.wsl': true },
  },
];

const secureBoot: ParseRow[] = [{ name: 'Secure Boot state printed by mokutil', text: 'SecureBoot enabled', facts: { 'os.secureBoot': 'enabled' } }];

const shell: ParseRow[] = [
  {
    name: 'the value printed after `echo $LD_LIBRARY_PATH`',
    text: '(env) me@host:~$ echo $LD_LIBRARY_PATH\n/opt/cudnn/v8.2/lib64:/usr/local/cuda-11.3/lib64\n',
    facts: { 'env.LD_LIBRARY_PATH': '/opt/cudnn/v8.2/lib64:/usr/local/cuda-11.3/lib64' },
  },
  {
    name: 'markdown backticks around an export do not end up in the value',
    text: 'I added `export LD_LIBRARY_PATH=/usr/local/cuda/lib64` to .bashrc',
    facts: { 'env.LD_LIBRARY_PATH': '/usr/local/cuda/lib64' },
  },
];

describe('WSL in system output', () => {
  for (const row of wsl) it(row.name, () => checkParse(row));
});

describe('Secure Boot from mokutil', () => {
  for (const row of secureBoot) it(row.name, () => checkParse(row));
});

describe('the shell environment', () => {
  for (const row of shell) it(row.name, () => checkParse(row));
});
