// One detector of English prose, shared by the source scan and the zh-CN output check: a run of at least three plain
// words (letters only, optionally capitalised, trailing punctuation allowed) of which one is a common English function
// word. Commands, paths, flags, versions, identifiers, product names in capitals, placeholders and quoted text break a
// run, so `pip install torch --index-url URL` or `nvidia-smi -q -d ECC` is not prose while "the driver is too old" is.

const FUNCTION_WORDS = new Set(
  (
    'a an the is are was were be been being not no nor to of in on at by for with from into onto and or but if then ' +
    'than this that these those it its there here which what when where why how who whose can cannot could does do ' +
    'did done has have had will would should must may might shall you your we our they their them he she one all any ' +
    'some each every only also just so too very more most less such other same use used uses using run runs found ' +
    'missing needs need needed without before after over under while until per via see set get got gets make makes'
  ).split(' '),
);

const WORD = /^[A-Za-z][a-z]*(?:['-][a-z]+)*[,;:.!?]?$/;
// Names in capitals (CUDA, GPU, NVIDIA) neither make nor break a sentence: "needs the NVIDIA Container Toolkit" is one.
const CAPS = /^[A-Z][A-Z0-9]+[,;:.!?]?$/;

/** Quoted pastes, code spans, placeholders and URLs are not the tool's own prose: blank them before looking. */
export function stripNonProse(text: string): string {
  return text
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/"[^"\n]*"/g, ' ')
    .replace(/“[^”\n]*”/g, ' ')
    .replace(/「[^」\n]*」/g, ' ')
    .replace(/\{[\w.]+\}/g, ' ')
    .replace(/\b[a-z][a-z+.-]*:\/\/\S+/gi, ' ');
}

// Programs whose command lines gpuenv prints (fix lists, plans, hooks): such a line is judged by its `# comment` only.
const PROGRAMS = new Set(
  (
    'sudo export unset eval echo printf cat ls ln rm mv cp mkdir grep awk sed tee apt apt-get apt-cache dpkg dnf yum rpm zypper pacman pip pip3 uv conda mamba micromamba python python3 ' +
    'nvidia-smi nvidia-ctk nvidia-persistenced nvcc docker podman singularity apptainer kubectl helm srun sbatch ' +
    'scontrol pdsh clush ssh systemctl journalctl dmesg modprobe rmmod lsmod modinfo dkms mokutil update-initramfs ' +
    'dracut ldconfig ldd lspci setpci df du ps kill fuser lsof ulimit uname wsl git cmake curl wget tar unzip gpuenv ' +
    'torchrun vllm prime-select'
  ).split(' '),
);

/** The prose of one line: a command line keeps only its trailing comment; any other line is prose whole. */
export function proseOfLine(line: string): string {
  const body = line.replace(/^\s*(?:\$\s+|\d+\.\s+|[-*]\s+)?/, '');
  const [first = '', second = ''] = body.replace(/^(?:[A-Z_][A-Z0-9_]*=\S*\s+)+/, '').split(/\s+/);
  // "gpuenv health: could not decide" is a message that names a command, not a command line.
  if (/:$/.test(second)) return line;
  // English words that are also programs (for, find, make) start a command only in a shell's own shape.
  if (!PROGRAMS.has(first) && !/^for \w+ in /.test(body)) return line;
  const hash = body.search(/\s#\s/);
  return hash < 0 ? '' : body.slice(hash + 3);
}

/** The English runs in a text: each a phrase of ≥ 3 plain words with a function word among them. */
export function englishRuns(text: string): string[] {
  const runs: string[] = [];
  for (const line of stripNonProse(text).split('\n').map(proseOfLine)) {
    // The run keeps its names in capitals (to be quoted back whole), but only plain words count.
    let run: string[] = [];
    let words: string[] = [];
    const flush = () => {
      if (words.length >= 3 && words.some((w) => FUNCTION_WORDS.has(w.replace(/[^A-Za-z']/g, '').toLowerCase()))) runs.push(run.join(' '));
      run = [];
      words = [];
    };
    // Two spaces separate columns (a value and its source): a sentence does not run across them.
    for (const token of line.split(/( {2,}|\t)|[\s（）()，。：；、]+/)) {
      if (token === undefined || token === '') continue;
      if (token.trim() === '') {
        flush();
        continue;
      }
      if (CAPS.test(token) || WORD.test(token)) {
        if (run.length > 0 || !CAPS.test(token)) run.push(token);
        if (!CAPS.test(token)) words.push(token);
        if (/[.!?]$/.test(token)) flush();
      } else flush();
    }
    flush();
  }
  return runs;
}

export function looksEnglish(text: string): boolean {
  return englishRuns(text).length > 0;
}

/** True when a text has an English function word outside code spans, quotes and placeholders ("in use", "not found"). */
export function hasFunctionWord(text: string): boolean {
  return stripNonProse(text)
    .split(/\s+/)
    .some((w) => WORD.test(w) && FUNCTION_WORDS.has(w.replace(/[^A-Za-z']/g, '').toLowerCase()));
}
