// CUDA toolkits a paste names: where one lives (/usr/local/cuda-12.6, an nvidia/cuda image, conda's cudatoolkit),
// what reports it (nvcc and its path), and CUDA versions said in prose ("I installed CUDA 11.8").
import { pastedToolkit } from './build.js';
import { pasted, type PartialSnapshot, type ToolkitMention } from './types.js';

const SRC = pasted('text');

export interface ToolkitState {
  /** The nvcc whose --version output comes next. */
  nvccPath?: string | undefined;
  /** The apt nvidia-cuda-toolkit was named: its nvcc's version comes in a later line. */
  aptToolkit?: boolean;
  /** CUDA versions said in prose to be the toolkit, in the order found. */
  prose: string[];
  /** Every "CUDA X.Y" in the text, for naming only. */
  named: Set<string>;
}

export function toolkitLine(raw: string, facts: PartialSnapshot, state: ToolkitState): void {
  let m: RegExpExecArray | null;
  // "I installed the 6.5 toolkit": a toolkit named before the word.
  if ((m = /\b(\d{1,2}\.\d)\s(?:cuda\s)?toolkit\b/i.exec(raw)) && !/\|/.test(raw)) state.prose.push(m[1]!);
  // "the version of my cuda is 10.1", "my cuda is 11.8".
  if ((m = /\bcuda\s(?:is|=)\s{1,2}v?(\d{1,2}\.\d)(?:\.\d{1,3})?\b(?!\.\d)/i.exec(raw))) state.prose.push(m[1]!);
  // "-- got cuda version 10.2" (CMake), "found CUDA version 11.8": the toolkit a build found.
  if ((m = /\b(?:got|found|detected|using) cuda version:?\s{0,2}(\d{1,2}\.\d)\b/i.exec(raw))) state.prose.push(m[1]!);
  // "Cuda 7.0", "CUDA 10.1 installed" in prose: the CUDA toolkit the program was built with (not nvidia-smi's "CUDA Version: X").
  // Package-list rows name the toolkit too: "cuda & cuda-tools: 11.3.0-1", "cuda-toolkit-11-2"; Chinese "cuda版本：11.2".
  if (
    (m = /^[\w &-]{0,60}\bcuda(?:-toolkit|-tools)?\b[\w &-]{0,40}:\s{0,3}(\d{1,2}\.\d)\.\d{1,3}-\d/i.exec(raw)) ||
    (m = /\bCUDA(?:\/cuDNN)?\s?(?:版本|version)\s?(?:[:：]|is|=)\s{0,2}(?:CUDA\s)?V?(\d{1,2}\.\d)(?:\.\d{1,3})?\b(?!\d|\.\d)/i.exec(raw))
  ) {
    if (!/CUDA Version:|\|/.test(raw)) state.prose.push(m[1]!);
  } else if (
    (m = /\bCUDA(?:\s?toolkit)?\s(\d{1,2}\.\d)(?:\.\d{1,3})?\b(?!\d|\.\d)/i.exec(raw)) &&
    !/CUDA Version:|^\s*\||\|\s*$|torch|wheel|\bcu\d{3}\b|mismatch/i.test(raw) &&
    !/\bCUDA(?:\s?toolkit)?\s\d{1,2}\.\d[^\n]{0,12}\b(?:driver|supports? up to)/i.test(raw)
  )
    state.prose.push(m[1]!);
  if ((m = /(?:\+|\b)cuda(\d{1,2}\.\d)\b(?!\d|\.\d)/i.exec(raw)) && !/torch[^\n]{0,6}\+cuda|版本的/i.test(raw)) state.prose.push(m[1]!);
  toolkitPlaces(raw, facts.toolkitMentions, state);
  // Every "CUDA X.Y" in the text, for naming only ("tried the CUDA 8.0 and CUDA 9.0 builds of pytorch").
  if (state.named.size < 8 && /cuda/i.test(raw)) for (const c of raw.matchAll(/\bCUDA\s?(\d{1,2}\.\d)\b(?!\d|\.\d)/gi)) state.named.add(c[1]!);
}

export function finishToolkits(facts: PartialSnapshot, state: ToolkitState): void {
  // Every CUDA named in prose is kept as a mention (not an installed toolkit): findings about CUDA versions name them.
  for (const v of new Set([...state.prose, ...state.named]))
    if (facts.toolkitMentions.length < 16 && !facts.toolkitMentions.some((x) => x.value === v))
      facts.toolkitMentions.push({ value: v, source: pasted('prose') });
  // One CUDA named in prose is the toolkit; two or more different ones are a comparison, not a fact.
  if (new Set(state.prose).size === 1) facts.toolkits.push(pastedToolkit(state.prose[0]!, SRC));
}

/** CUDA versions named by where a toolkit lives or by what reports it (see PartialSnapshot.toolkitMentions). */
const TOOLKIT_PLACES: readonly [string, RegExp][] = [
  ['link', /(?:\/usr\/local\/cuda\/?\s{0,2}->|symlink(?:ed)? to|points? to|linked to)\s{0,2}\/?(?:usr\/local\/)?cuda-(\d{1,2}\.\d)\b/gi],
  ['path', /\/usr\/local\/cuda-(\d{1,2}\.\d)\b/g],
  ['image', /\bnvidia\/cuda:(\d{1,2}\.\d)(?:\.\d)?[-.]/g],
  // CMake's FindCUDA / Caffe2: "Header version is: 10.1" — the toolkit whose headers are used.
  ['path', /\bHeader version is:?\s{0,2}(\d{1,2}\.\d)\b/g],
  // /usr/local/cuda/version.txt ("CUDA Version 10.2.89"): the toolkit /usr/local/cuda points at.
  ['link', /^CUDA Version (\d{1,2}\.\d)\.\d{1,3}\s*$/g],
  ['hpc-sdk', /\/hpc_sdk\/[\w./-]{0,60}?\/cuda\/(\d{1,2}\.\d)\b/g],
  ['windows-path', /NVIDIA GPU Computing Toolkit[\\/]{1,2}CUDA[\\/]{1,2}v(\d{1,2}\.\d)\b/gi],
  ['conda', /\bcuda(?:toolkit|-toolkit|-nvcc)\s{0,2}(?:==?|\s)\s{0,2}(\d{1,2}\.\d)\b/gi],
  ['nvcc', /\bnvcc\b[^\n]{0,30}?\b(?:returns?|shows?|gives?|says|reports?|is|outputs?)\s{1,3}(?:version\s|release\s|CUDA\s)?v?(\d{1,2}\.\d)\b/gi],
  ['nvcc', /\bCuda compilation tools, release (\d{1,2}\.\d)\b/g],
];

function toolkitPlaces(raw: string, out: ToolkitMention[], state: { nvccPath?: string; aptToolkit?: boolean }): void {
  if (out.length >= 16) return;
  // Debian/Ubuntu's apt package nvidia-cuda-toolkit lives in /usr/lib/nvidia-cuda-toolkit (its nvcc is /usr/bin/nvcc);
  // nvcc's dry run (-v, CMake's compiler check) prints its version as __CUDACC_VER_MAJOR__/__CUDACC_VER_MINOR__.
  if (/\/usr\/lib\/nvidia-cuda-toolkit\b/.test(raw)) state.aptToolkit = true;
  const macro = /__CUDACC_VER_MAJOR__=(\d{1,2})\b[^\n]{0,80}?__CUDACC_VER_MINOR__=(\d)\b/.exec(raw);
  if (macro) {
    const version = `${macro[1]}.${macro[2]}`;
    const path = state.aptToolkit ? '/usr/lib/nvidia-cuda-toolkit' : undefined;
    if (!out.some((x) => x.value === version && x.source === pasted('nvcc'))) out.push({ value: version, source: pasted('nvcc'), ...(path ? { path } : {}) });
  }
  // "/usr/bin/nvcc -V" then its output: the version of that nvcc, with its path.
  const cmd = /(?:^|[\s$#>])((?:\/[\w.+-]{1,40}){1,8}\/nvcc)(?:\.exe)?\s{1,3}(?:-V|--version)\b/.exec(raw);
  if (cmd) state.nvccPath = cmd[1];
  const rel = /\bCuda compilation tools, release (\d{1,2}\.\d)\b/.exec(raw);
  if (rel && state.nvccPath) {
    out.push({ value: rel[1]!, source: pasted('nvcc'), path: state.nvccPath });
    state.nvccPath = undefined;
    return;
  }
  // An `ls /usr/local` row: "cuda-12.6" alone on its line.
  const row = /^\s{0,4}(?:drwx\S{0,12}\s[^\n]{0,80}\s)?cuda-(\d{1,2}\.\d)\/?\s{0,4}$/.exec(raw);
  if (row) add(out, row[1]!, 'listing');
  if (!/cuda|nvcc|header version/i.test(raw)) return;
  for (const [where, re] of TOOLKIT_PLACES) {
    re.lastIndex = 0;
    for (const m of raw.matchAll(re)) add(out, m[1]!, where);
  }
}

function add(out: ToolkitMention[], version: string, where: string): void {
  const source = pasted(where);
  if (!out.some((x) => x.value === version && x.source === source)) out.push({ value: version, source });
}
