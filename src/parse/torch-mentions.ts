// torch named in prose and REPL output: its version ("torch 2.5.1+cu124", print(torch.__version__) then "2.1.1+cpu"),
// its CUDA (torch.version.cuda, pytorch-cuda=11.7, a cu128 tag next to it) and every torch version a paste names.
import { pastedPackage } from './build.js';
import { pasted, type PartialSnapshot } from './types.js';

const SRC = pasted('text');

const TORCH_VERSION =
  /\b(?:torch|pytorch)(?:[ _-]?version)?(?:\.__version__)?\s{0,3}(?:[:=]{1,2}|is|-)?\s{0,3}v?(\d+\.\d+\.\d+(?:\.dev\d{8}|a0|rc\d)?(?:\+(?:cu\d{2,3}|cpu|rocm\d+(?:\.\d+){0,2}))?)/i;

/** What the torch lines so far leave for the next line and for the end of the text. */
export interface TorchState {
  /** The REPL line asked for torch.version.cuda or torch.__version__: the answer is on the next line. */
  replAsked?: 'cuda' | 'version' | undefined;
  /** Every torch version named. */
  versions: Set<string>;
  /** The first CUDA wheel tag named next to torch ("cu128"). */
  tagProse?: string | undefined;
}

export function torchLine(raw: string, facts: PartialSnapshot, state: TorchState): void {
  let m: RegExpExecArray | null;
  if ((m = TORCH_VERSION.exec(raw))) {
    // conda's cudatoolkit / pytorch-cuda on the same line is that torch's CUDA: "torch v1.5.0 (cudatoolkit 10.2)".
    const ct = m[1]!.includes('+') ? null : /\b(?:cudatoolkit|pytorch-cuda)\s{0,2}[=\s]\s{0,2}(\d{1,2})\.(\d)\b/i.exec(raw);
    // A wheel URL names the tag in its folder: download.pytorch.org/whl/cu100/torch-1.0.1.post2-cp35-….whl.
    const url = m[1]!.includes('+') ? null : /\/whl\/(cu\d{2,3}|cpu)\/torch-(\d+\.\d+\.\d+)/.exec(raw);
    facts.packages.push(pastedPackage('torch', ct ? `${m[1]}+cu${ct[1]}${ct[2]}` : url && url[2] === m[1] ? `${m[1]}+${url[1]}` : m[1]!, SRC));
    state.versions.add(m[1]!.split('+')[0]!);
  } else if ((m = /\b(?:torch|pytorch)\D{0,6}?(\d\.\d{1,2}\.\d{1,2})\.?\+\s?cuda\s?(\d{1,2})\.(\d)\b/i.exec(raw))) {
    // "pytorch是1.9.0.+cuda10.2": a torch version and its CUDA written out.
    facts.packages.push(pastedPackage('torch', `${m[1]}+cu${m[2]}${m[3]}`, SRC));
  } else if ((m = /\b(\d\.\d{1,2}\.\d{1,2})\s?版本的\s?(?:py)?torch\b/i.exec(raw))) {
    facts.packages.push(pastedPackage('torch', m[1]!, SRC));
  } else if ((m = /^\s{0,4}(?:#|>>>|Out\[\d+\]:)?\s{0,3}['"]?(\d\.\d{1,2}\.\d{1,2}\+(?:cpu|cu\d{2,3}))['"]?\s{0,4}$/.exec(raw))) {
    // A bare "2.1.1+cpu" / "2.5.1+cu124" line: the output of print(torch.__version__).
    facts.packages.push(pastedPackage('torch', m[1]!, SRC));
  }
  for (const v of raw.matchAll(/\b(?:py)?torch\s{0,2}(?:==|-|\s)\s{0,2}v?(\d\.\d{1,2}\.\d{1,2})/gi)) if (state.versions.size < 6) state.versions.add(v[1]!);
  // A wheel file or index URL names the CUDA tag too: torch-2.5.1+cu124-cp311-… / download.pytorch.org/whl/cu124
  if ((m = /\btorch-(\d+\.\d+\.\d+\+(?:cu\d{2,3}|cpu))-cp\d/.exec(raw))) facts.packages.push(pastedPackage('torch', m[1]!, SRC));
  // "installed pytorch 1.3 with conda": a release named by its minor is its .0 release.
  else if (!TORCH_VERSION.test(raw) && (m = /\b(?:pytorch|torch)\s{0,2}(?:version\s)?v?(\d\.\d{1,2})(?!\d|\.\d)/i.exec(raw)))
    facts.packages.push(pastedPackage('torch', `${m[1]}.0`, SRC));
  if ((m = /torch\.version\.cuda\)?\s{0,3}(?:[:=]|->|is|returns)?\s{0,3}'?(\d+\.\d+|None)\b/.exec(raw))) facts.torchCuda ??= { value: m[1]!, source: SRC };
  // mmcv/mmdet collect_env: "PyTorch: 1.7.1" then "  - CUDA Runtime 11.0".
  else if ((m = /^\s{0,6}-\s{0,2}CUDA Runtime (\d{1,2}\.\d)\b/.exec(raw))) facts.torchCuda ??= { value: m[1]!, source: pasted('collect_env (mmcv)') };
  // conda's pytorch-cuda=11.7 names the CUDA of the pytorch build it pulls.
  else if ((m = /\bpytorch-cuda\s{0,2}[=\s]\s{0,2}(\d{1,2}\.\d)\b/i.exec(raw))) facts.torchCuda ??= { value: m[1]!, source: SRC };
  // The REPL answer on the next line: ">>> print(torch.version.cuda)" / "13.1".
  else if (state.replAsked === 'cuda' && (m = /^\s{0,4}'?(\d{1,2}\.\d|None)'?\s{0,4}$/.exec(raw))) facts.torchCuda ??= { value: m[1]!, source: SRC };
  else if (state.replAsked === 'version' && (m = /^\s{0,4}'?(\d\.\d{1,2}\.\d{1,2}(?:\+(?:cu\d{2,3}|cpu))?)'?\s{0,4}$/.exec(raw)))
    facts.packages.push(pastedPackage('torch', m[1]!, SRC));
  state.replAsked = /print\(\s{0,2}torch\.version\.cuda\s{0,2}\)\s{0,4}$/.test(raw)
    ? 'cuda'
    : /print\(\s{0,2}torch\.__version__\s{0,2}\)\s{0,4}$/.test(raw)
      ? 'version'
      : raw.trim() === ''
        ? state.replAsked
        : undefined;
  // A wheel tag on its own next to torch ("the image's torch (cu128)"): torch's CUDA, when nothing better says it.
  if (!state.tagProse && (m = /\b(?:torch|pytorch)\b[^\n]{0,40}?\bcu(\d{2,3})\b/i.exec(raw))) state.tagProse = m[1]!;
}

/** Two or more torch versions named are listed; a wheel tag alone is torch's CUDA when no torch version was found. */
export function finishTorch(facts: PartialSnapshot, state: TorchState): void {
  if (state.versions.size > 1) facts.torchVersions = [...state.versions].map((value) => ({ value, source: SRC }));
  if (state.tagProse && !facts.packages.some((p) => p.name === 'torch'))
    facts.torchCuda ??= { value: `${state.tagProse.slice(0, -1)}.${state.tagProse.slice(-1)}`, source: SRC };
}
