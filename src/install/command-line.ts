// Reads a fix line the way a POSIX shell would split it (quotes, backslashes, `;` `&&` `||` `|`, a trailing
// `# comment`), then the pip / uv / conda install commands in it: their options, index URLs and requirements.
// Only what the checker (check.ts) needs; anything else is kept as an unrecognised command.

export interface ShellCommand {
  /** Leading VAR=value assignments (`TORCH_CUDA_ARCH_LIST="8.6" pip install …`). */
  env: Record<string, string>;
  argv: string[];
}

/** Words and command separators of one line; `#` at the start of a word ends it (the shell's comment). */
export function shellCommands(line: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(split(words));
    words = [];
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word += end < 0 ? line.slice(i + 1) : line.slice(i + 1, end);
      inWord = true;
      i = end < 0 ? line.length : end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1]!)) j++;
        word += line[j];
      }
      inWord = true;
      i = j;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (c === '$' && line[i + 1] === '(') {
      // $(…) stays one word: `linux-headers-$(uname -r)`.
      let depth = 0;
      let j = i;
      for (; j < line.length; j++) {
        if (line[j] === '(') depth++;
        else if (line[j] === ')' && --depth === 0) break;
      }
      word += line.slice(i, j + 1);
      inWord = true;
      i = j;
    } else if (c === '#' && !inWord) {
      break;
    } else if (c === ';' || c === '|' || c === '&') {
      endCommand();
      if ((c === '|' || c === '&') && line[i + 1] === c) i++;
    } else if (/\s/.test(c)) {
      endWord();
    } else {
      word += c;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}

function split(words: string[]): ShellCommand {
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < words.length; i++) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(words[i]!);
    if (!m) break;
    env[m[1]!] = m[2]!;
  }
  return { env, argv: words.slice(i) };
}

// ---- pip / uv / conda -----------------------------------------------------------------------------------------

export interface Requirement {
  /** Normalised distribution name: lower case, `_` and `.` as `-`. */
  name: string;
  extras: string[];
  /** Specifiers as written: [["==", "2.5.1+cu124"]], [[">=", "0.43.0"]]. */
  specs: [string, string][];
  raw: string;
}

export interface PipInstall {
  kind: 'pip-install';
  /** The interpreter the line names (`python3.10`, `/env/bin/python`, uv's `--python`), when it names one. */
  python?: string;
  requirements: Requirement[];
  indexUrl?: string;
  extraIndexUrls: string[];
  findLinks: string[];
  /** Words that are neither options nor requirements: placeholders (`<extension>`), wheel files, paths. */
  other: string[];
}

export interface PipUninstall {
  kind: 'pip-uninstall';
  python?: string;
  names: string[];
}

export interface CondaSpec {
  name: string;
  /** The version part of `name=1.2`, `name==1.2`, `"name=1.2=build*"`. */
  version?: string;
  build?: string;
  raw: string;
}

export interface CondaInstall {
  kind: 'conda-install';
  specs: CondaSpec[];
  channels: string[];
}

export interface CondaRemove {
  kind: 'conda-remove';
  names: string[];
}

export type InstallCommand = PipInstall | PipUninstall | CondaInstall | CondaRemove;

// pip install / uv pip install options that take a value (pip 24 `pip install --help`; uv `uv pip install --help`).
const PIP_VALUE_OPTIONS = new Set([
  '-i',
  '--index-url',
  '--extra-index-url',
  '-f',
  '--find-links',
  '-r',
  '--requirement',
  '-c',
  '--constraint',
  '-e',
  '--editable',
  '-t',
  '--target',
  '--prefix',
  '--root',
  '--python',
  '-p',
  '--default-index',
  '--index',
  '--index-strategy',
  '--platform',
  '--python-version',
  '--implementation',
  '--abi',
  '--only-binary',
  '--no-binary',
  '--progress-bar',
  '--log',
  '--cache-dir',
  '--trusted-host',
  '--proxy',
  '--timeout',
  '--retries',
  '--upgrade-strategy',
  '--src',
  '-C',
  '--config-settings',
  '--global-option',
  '--report',
  '--root-user-action',
  '--exists-action',
  '--torch-backend',
]);

const CONDA_VALUE_OPTIONS = new Set(['-n', '--name', '-p', '--prefix', '--file', '--solver', '--repodata-fn']);

function basename(p: string): string {
  return p.split(/[\\/]/).at(-1) ?? p;
}

/** `python`, `python3`, `python3.10`, `/env/bin/python`, `py`. */
export function isPython(word: string): boolean {
  return /^(python(\d+(\.\d+)?)?(\.exe)?|py)$/i.test(basename(word));
}

/** "python3.10" → "3.10"; a plain `python` or a path without a version says nothing. */
export function pythonVersionOfName(word: string): string | undefined {
  return /^python(\d+\.\d+)$/i.exec(basename(word))?.[1];
}

/** The install commands of one line; other commands (nvidia-smi, export …) are left out. */
export function installCommands(line: string): InstallCommand[] {
  const out: InstallCommand[] = [];
  for (const c of shellCommands(line)) {
    const cmd = installCommand(c.argv);
    if (cmd) out.push(cmd);
  }
  return out;
}

function installCommand(argvIn: string[]): InstallCommand | undefined {
  let argv = argvIn;
  while (argv[0] === 'sudo' || argv[0] === 'env' || argv[0] === 'RUN' || argv[0] === 'exec') argv = argv.slice(1);
  if (!argv.length) return undefined;
  const head = basename(argv[0]!).toLowerCase();
  // conda run -n ENV python -m pip install …: the command after conda run's own options.
  if (/^(conda|mamba|micromamba)$/.test(head) && argv[1] === 'run') {
    let i = 2;
    while (i < argv.length && argv[i]!.startsWith('-')) i += CONDA_VALUE_OPTIONS.has(argv[i]!) ? 2 : 1;
    return installCommand(argv.slice(i));
  }
  if (/^(conda|mamba|micromamba)$/.test(head)) return conda(argv.slice(1));
  if (/^pip(\d+(\.\d+)?)?$/.test(head)) return pip(argv.slice(1), undefined);
  if (isPython(argv[0]!)) {
    let i = 1;
    // `py -3.10 -m pip`: the launcher's version flag.
    let python = argv[0]!;
    if (head === 'py' && /^-\d+(\.\d+)?$/.test(argv[1] ?? '')) {
      python = `python${argv[1]!.slice(1)}`;
      i = 2;
    }
    if (argv[i] === '-m' && argv[i + 1] === 'pip') return pip(argv.slice(i + 2), python);
    return undefined;
  }
  if (head === 'uv' && argv[1] === 'pip') return pip(argv.slice(2), undefined);
  return undefined;
}

function optionValue(argv: string[], i: number): { name: string; value?: string; next: number } {
  const w = argv[i]!;
  const eq = w.indexOf('=');
  if (w.startsWith('--') && eq > 0) return { name: w.slice(0, eq), value: w.slice(eq + 1), next: i + 1 };
  // -ihttps://… is legal for short options; only the ones the checker reads.
  if (/^-[if]./.test(w)) return { name: w.slice(0, 2), value: w.slice(2), next: i + 1 };
  return { name: w, value: argv[i + 1], next: i + 2 };
}

function pip(argv: string[], python: string | undefined): InstallCommand | undefined {
  const sub = argv[0];
  if (sub !== 'install' && sub !== 'uninstall') return undefined;
  const requirements: Requirement[] = [];
  const other: string[] = [];
  const names: string[] = [];
  const extraIndexUrls: string[] = [];
  const findLinks: string[] = [];
  let indexUrl: string | undefined;
  let py = python;
  for (let i = 1; i < argv.length; ) {
    const w = argv[i]!;
    if (w.startsWith('-') && w.length > 1) {
      const takes = PIP_VALUE_OPTIONS.has(w.split('=')[0]!) || /^-[if]./.test(w);
      if (!takes) {
        i++;
        continue;
      }
      const o = optionValue(argv, i);
      i = o.next;
      if (o.value === undefined) continue;
      if (o.name === '-i' || o.name === '--index-url' || o.name === '--default-index') indexUrl = o.value;
      else if (o.name === '--extra-index-url' || o.name === '--index') extraIndexUrls.push(o.value);
      else if (o.name === '-f' || o.name === '--find-links') findLinks.push(o.value);
      else if (o.name === '--python' || o.name === '-p') py = o.value;
      continue;
    }
    i++;
    if (sub === 'uninstall') {
      names.push(normalName(w));
      continue;
    }
    const r = parseRequirement(w);
    if (r) requirements.push(r);
    else other.push(w);
  }
  if (sub === 'uninstall') return { kind: 'pip-uninstall', names, ...(py ? { python: py } : {}) };
  return { kind: 'pip-install', requirements, extraIndexUrls, findLinks, other, ...(indexUrl ? { indexUrl } : {}), ...(py ? { python: py } : {}) };
}

export function normalName(n: string): string {
  return n.toLowerCase().replace(/[_.]+/g, '-');
}

/** PEP 508 name, extras and version specifiers (markers after `;` are dropped); undefined for paths, URLs, placeholders. */
export function parseRequirement(word: string): Requirement | undefined {
  const raw = word.split(';')[0]!.trim();
  const m = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)(?:\[([^\]]*)\])?\s*(.*)$/.exec(raw);
  if (!m) return undefined;
  const rest = m[3]!.trim();
  const specs: [string, string][] = [];
  if (rest) {
    for (const part of rest.split(',')) {
      const s = /^\s*(===|==|!=|~=|<=|>=|<|>)\s*(\S+)\s*$/.exec(part);
      if (!s) return undefined;
      specs.push([s[1]!, s[2]!]);
    }
  }
  const extras = (m[2] ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return { name: normalName(m[1]!), extras, specs, raw };
}

function conda(argv: string[]): InstallCommand | undefined {
  const sub = argv[0];
  const install = sub === 'install' || sub === 'create';
  const remove = sub === 'remove' || sub === 'uninstall';
  if (!install && !remove) return undefined;
  const specs: CondaSpec[] = [];
  const channels: string[] = [];
  for (let i = 1; i < argv.length; ) {
    const w = argv[i]!;
    if (w === '-c' || w === '--channel') {
      if (argv[i + 1]) channels.push(argv[i + 1]!);
      i += 2;
      continue;
    }
    if (w.startsWith('--channel=')) {
      channels.push(w.slice('--channel='.length));
      i++;
      continue;
    }
    if (w.startsWith('-')) {
      i += CONDA_VALUE_OPTIONS.has(w) ? 2 : 1;
      continue;
    }
    i++;
    // name, name=ver, name==ver, name=ver=build, name>=ver; channel::name is the channel's package.
    const m = /^(?:[^:\s]+::)?([A-Za-z0-9][A-Za-z0-9._-]*)(?:(==|=|>=|<=|>|<)([^=\s]*))?(?:=(\S+))?$/.exec(w);
    if (!m) continue;
    specs.push({ name: normalName(m[1]!), ...(m[3] ? { version: m[3] } : {}), ...(m[4] ? { build: m[4] } : {}), raw: w });
  }
  if (remove) return { kind: 'conda-remove', names: specs.map((s) => s.name) };
  return { kind: 'conda-install', specs, channels };
}
