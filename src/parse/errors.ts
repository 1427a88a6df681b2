// Error lines → events (which signature, where, with what numbers), and the facts those messages carry.
import { cudaForPtxIsa, smToCc } from '../knowledge/cuda.js';
import { hasHint, matchSignatures } from '../knowledge/error-signatures.js';
import { pastedGpu, pastedPackage, pastedToolkit } from './build.js';
import { cudaNumber, cudnnNumber, dllCuda } from './framework-logs.js';
import { capabilityOf } from './gpu-names.js';
import { emptyFacts, pasted, type ErrorEvent, type ParseResult } from './types.js';

/** Events kept per signature: a 50 MB log repeating one error must not make 100 000 events. */
const MAX_PER_SIGNATURE = 20;
const SRC = pasted('error message');

export function parseErrors(lines: readonly string[]): ParseResult {
  const facts = emptyFacts();
  const events: ErrorEvent[] = [];
  const count = new Map<string, number>();
  // Joining lines costs up to four more hint scans per line: bounded for 50 MB logs.
  let joinBudget = 200_000;
  // Signature and line of every event so far: a message found by the join that starts on an earlier line is not
  // counted again when the loop reaches the line it starts on.
  const placed = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = unquote(lines[i]!);
    // One hint test per line, shared by the match and the wrap check below.
    const hinted = hasHint(line);
    let matches: PlacedMatch[] = hinted ? matchSignatures(line, true).map((x) => ({ ...x, lineOffset: 0 })) : [];
    // Messages wrapped over two or three lines ("…used to compile\nPyTorch (12.4)", a terminal cutting "CuD|NN" or
    // "condi|tion" inside a word): try the line joined with the next ones, with and without a space.
    if (matches.length === 0 && i + 1 < lines.length && joinBudget > 0 && line.trim().length >= 12 && mayWrap(line, lines[i + 1]!, hinted)) {
      joinBudget--;
      matches = wrappedMatches(lines, i, line);
    }
    // The short form of a message counts only when the full one did not match the same line.
    if (matches.some((x) => x.signature.id === 'torch-sm-not-compatible')) matches = matches.filter((x) => x.signature.id !== 'sm-not-compatible-short');
    for (const { signature, groups, index, lineOffset } of matches) {
      // A joined match belongs to the line it starts on (a three-line join can find a message that starts on the
      // second line), and that line's own turn must not count it a second time.
      const at = i + lineOffset;
      const key = `${signature.id}@${at}`;
      if (placed.has(key)) continue;
      const n = count.get(signature.id) ?? 0;
      if (n >= MAX_PER_SIGNATURE) continue;
      count.set(signature.id, n + 1);
      placed.add(key);
      const own = lineOffset === 0 ? line : unquote(lines[at]!);
      if (signature.id === 'torch-oom') Object.assign(groups, oomDetails(lines.slice(at, at + 6).join(' ')));
      if (signature.id === 'jax-cudnn-version' && !groups.found) Object.assign(groups, jaxCudnnBlock(lines.slice(at, at + 8)));
      if (signature.id === 'dkms-cc-mismatch') Object.assign(groups, compilerBlock(lines.slice(at, at + 14)));
      // A message that goes on over the next lines ("… but source was" / "compiled with: 7.4.2", NVRM's versions):
      // the same signature on the joined lines fills in what the line alone lacks.
      if (signature.complete?.some((g) => !groups[g]) && at + 1 < lines.length) Object.assign(groups, completedGroups(lines, at, own, signature.id, groups));
      // A long line (a one-line log, a wrapped join) is cut around the match, not at its start.
      const text = own.length <= 500 ? own.trim() : own.slice(Math.max(0, index - 120), Math.max(0, index - 120) + 500).trim();
      events.push({ signature: signature.id, line: at + 1, text, groups });
      factsFrom(signature.id, groups, facts);
    }
  }
  return { facts, events };
}

/**
 * A cheap test before joining: a known literal in this line (its pattern failed alone), or one that spans the
 * break (the end of this line with the start of the next). Keeps 50 MB logs without messages at one scan.
 */
function mayWrap(line: string, next: string, hinted: boolean): boolean {
  if (hinted) return true;
  const tail = line.slice(-80).trimEnd();
  const head = continuation(next).trimStart().slice(0, 80);
  // Both joins in one test: hints hold no line break, so none can span the two copies.
  return hasHint(`${tail}${head}\n${tail} ${head}`);
}

/** The groups signature `id` finds on line i joined with the next one or two lines, where they add to `have`. */
function completedGroups(lines: readonly string[], i: number, line: string, id: string, have: Record<string, string>): Record<string, string> {
  for (const { text } of joinCandidates(lines, i, line)) {
    const m = matchSignatures(text).find((x) => x.signature.id === id);
    if (m && Object.keys(m.groups).some((g) => !have[g])) return m.groups;
  }
  return {};
}

/** A joined candidate and where each of its lines starts in it (starts[k]: line i + k). */
interface Joined {
  text: string;
  starts: readonly number[];
}

/** Line i joined with the next one (with and without a space), and with the next two when both are long. */
function joinCandidates(lines: readonly string[], i: number, line: string): Joined[] {
  const first = line.trimEnd();
  const rawNext = continuation(lines[i + 1]!);
  const next = rawNext.trim();
  const third = i + 2 < lines.length ? continuation(lines[i + 2]!).trim() : undefined;
  const out: Joined[] = [
    { text: `${first} ${next}`, starts: [0, first.length + 1] },
    { text: `${first}${next}`, starts: [0, first.length] },
  ];
  if (third !== undefined && line.length >= 40 && rawNext.length >= 40)
    out.push(
      { text: `${first}${next}${third}`, starts: [0, first.length, first.length + next.length] },
      { text: `${first} ${next} ${third}`, starts: [0, first.length + 1, first.length + next.length + 2] },
    );
  return out;
}

/** A continuation line without what repeats on every line of a kernel message ("[  9.42] NVRM: has the version …"). */
function continuation(l: string): string {
  return unquote(l).replace(/^\s{0,20}(?:\[\s{0,6}\d{1,8}\.\d{1,6}\]\s{0,2})?NVRM:\s{0,2}/, '');
}

/** A signature match, with the line it starts on (lineOffset: lines after the one being read). */
type PlacedMatch = ReturnType<typeof matchSignatures>[number] & { lineOffset: number };

/**
 * Signatures that match only across a line break: line i joined with the next one or two lines. A signature the
 * next line matches on its own is left to that line (one event per message). `index` is made relative to the line
 * the match starts on.
 */
function wrappedMatches(lines: readonly string[], i: number, line: string): PlacedMatch[] {
  const alone = new Set(matchSignatures(continuation(lines[i + 1]!)).map((x) => x.signature.id));
  for (const { text, starts } of joinCandidates(lines, i, line)) {
    if (!hasHint(text)) continue;
    const found = matchSignatures(text).filter((x) => !alone.has(x.signature.id));
    if (found.length)
      return found.map((x) => {
        let k = 0;
        while (k + 1 < starts.length && starts[k + 1]! <= x.index) k++;
        return { ...x, index: x.index - starts[k]!, lineOffset: k };
      });
  }
  return [];
}

/** A markdown quote ("> RuntimeError: …", "> > …") or a leading backtick is not part of the message. */
function unquote(line: string): string {
  return line.replace(/^\s{0,4}(?:>\s?){1,3}/, '').replace(/^\s{0,4}`{1,3}(?=\S)/, '');
}

/**
 * JAX's "Outdated cuDNN installation found." block: the versions are on the following lines
 * ("Version JAX was built against: 8907", "Minimum supported: 9100", "Installed version: 8907").
 */
export function jaxCudnnBlock(lines: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of lines) {
    let r: RegExpExecArray | null;
    if ((r = /built against:?\s{0,4}(\d{4,5})\b/i.exec(l))) out.built ??= r[1]!;
    if ((r = /Minimum supported:?\s{0,4}(\d{4,5})\b/i.exec(l))) out.min ??= r[1]!;
    if ((r = /Installed version:?\s{0,4}(\d{4,5})\b/i.exec(l))) out.found ??= r[1]!;
  }
  return out;
}

/**
 * The nvidia installer's compiler check: the kernel's gcc ("gcc version 7.3.0 (GCC)") and the one used here
 * ("cc (GCC) 7.2.1 20180116") are printed on the lines after "Compiler version check failed".
 */
export function compilerBlock(lines: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of lines) {
    let r: RegExpExecArray | null;
    if ((r = /^\s{0,4}gcc version (\d+\.\d+(?:\.\d+)?)/i.exec(l))) out.kernelCc ??= r[1]!;
    else if ((r = /^\s{0,4}(?:cc|gcc) \([^)\n]{1,40}\) (\d+\.\d+(?:\.\d+)?)/.exec(l))) out.cc ??= r[1]!;
  }
  return out;
}

/** The numbers of a PyTorch OOM message, old ("7.79 GiB total capacity; 6.84 GiB already allocated") and new format. */
export function oomDetails(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const size = '(\\d+(?:\\.\\d+)? [KMGT]iB)';
  const grab = (key: string, re: RegExp) => {
    const m = re.exec(text);
    if (m?.[1]) out[key] ??= m[1];
  };
  grab('tried', new RegExp(`Tried to allocate ${size}`));
  grab('total', new RegExp(`${size} total capacity`));
  grab('total', new RegExp(`total capacity of ${size}`));
  grab('allocated', new RegExp(`${size} already allocated`));
  grab('allocated', new RegExp(`Of the allocated memory ${size} is allocated by PyTorch`));
  grab('free', new RegExp(`${size} free`));
  grab('free', new RegExp(`of which ${size} is free`));
  grab('reserved', new RegExp(`${size} reserved in total by PyTorch`));
  grab('unallocated', new RegExp(`and ${size} is reserved by PyTorch but unallocated`));
  const procs = [...text.matchAll(/Process (\d{1,8}) has (\d+(?:\.\d+)? [KMGT]iB) memory in use/g)].slice(0, 8);
  if (procs.length) out.processes = procs.map((p) => `${p[1]}:${p[2]}`).join(',');
  // The layout torch's caching allocator prints when a memory fraction is set (ComfyUI sets one): "Currently allocated
  // : 21.55 GiB", "Requested : 952.00 MiB", "Device limit : 24.00 GiB", "Free (according to CUDA): 0 bytes".
  grab('allocated', new RegExp(`Currently allocated\\s{0,30}:\\s{0,4}${size}`));
  grab('tried', new RegExp(`Requested\\s{0,30}:\\s{0,4}${size}`));
  grab('total', new RegExp(`Device limit\\s{0,30}:\\s{0,4}${size}`));
  if (/Free \(according to CUDA\)\s{0,4}:\s{0,4}0 bytes/.test(text)) out.free ??= '0.00 MiB';
  grab('gpu', /GPU (\d{1,2})[;\s]/);
  return out;
}

function factsFrom(id: string, g: Record<string, string>, facts: ReturnType<typeof emptyFacts>): void {
  switch (id) {
    case 'torch-sm-not-compatible': {
      const name = (g.gpu ?? '').replace(/^.*(?:Warning|warn)\S*:?\s*/i, '').trim();
      const sm = g.sm;
      if (sm && !facts.gpus.length) facts.gpus.push(pastedGpu(capabilityOf(name)?.name ?? name, 0, SRC, { computeCapability: smToCc(sm) }));
      break;
    }
    case 'torch-supported-archs': {
      const archs = (g.archs ?? '').split(/\s+/).filter((a) => /^sm_\d+$/.test(a));
      if (archs.length) facts.torchArchList ??= { value: archs, source: SRC };
      break;
    }
    case 'sm-not-compatible-short':
      if (g.sm && !facts.gpus.length) facts.gpus.push(pastedGpu('GPU', 0, SRC, { computeCapability: smToCc(g.sm) }));
      break;
    case 'torch-gpu-too-old':
      if (g.cc && !facts.gpus.length) facts.gpus.push(pastedGpu((g.gpu ?? 'GPU').trim(), Number(g.index ?? 0), SRC, { computeCapability: g.cc }));
      break;
    case 'torch-driver-too-old':
      if (g.found) facts.driver.cudaVersion ??= { value: cudaNumber(g.found), source: SRC };
      break;
    case 'cuda-not-supported-by-driver':
      if (g.driverCuda) facts.driver.cudaVersion ??= { value: g.driverCuda, source: SRC };
      break;
    case 'jax-ptxas-newer':
      if (g.driverCuda) facts.driver.cudaVersion ??= { value: g.driverCuda, source: SRC };
      break;
    case 'nvrm-api-mismatch':
      if (g.client) facts.driver.version ??= { value: g.client, source: SRC };
      if (g.kernel) facts.driver.kernelModule ??= { value: g.kernel, source: SRC };
      break;
    case 'tf-kernel-dso-mismatch':
      if (g.dso) facts.driver.version ??= { value: g.dso, source: SRC };
      if (g.kernel) facts.driver.kernelModule ??= { value: g.kernel, source: SRC };
      break;
    case 'detected-cuda-mismatch':
      if (g.nvcc) facts.toolkits.push(pastedToolkit(g.nvcc, SRC));
      if (g.torch) facts.torchCuda ??= { value: g.torch, source: SRC };
      break;
    case 'installed-cuda-not-torch':
      if (g.nvcc) facts.toolkits.push(pastedToolkit(g.nvcc, SRC));
      if (g.torch) facts.torchCuda ??= { value: g.torch, source: SRC };
      break;
    case 'ollama-driver-too-old':
      if (g.driver) facts.driver.version ??= { value: g.driver, source: SRC };
      break;
    case 'nvrm-gpu-unsupported':
      if (g.driver) facts.driver.version ??= { value: g.driver, source: pasted('dmesg') };
      break;
    case 'apt-upgraded-driver':
      if (g.new) facts.driver.version ??= { value: g.new, source: pasted('apt history') };
      if (g.old) facts.driver.kernelModule ??= { value: g.old, source: pasted('apt history (module loaded before the upgrade)') };
      break;
    case 'ptx-isa-version': {
      // The driver's JIT (or ptxas) knows PTX ISA `cur`: the newest CUDA it handles.
      const cuda = g.cur ? cudaForPtxIsa(g.cur) : undefined;
      if (cuda) facts.driver.cudaVersion ??= { value: cuda, source: pasted(`ptxas message (PTX ISA ${g.cur})`) };
      break;
    }
    case 'driver-old-or-missing':
      if (g.dll) {
        const c = dllCuda(g.dll);
        if (c) g.cuda = c.includes('.') ? c : `${c}.0`;
        facts.os.id ??= { value: 'windows', source: SRC };
      }
      break;
    case 'nvidia-docker-unsupported-cuda':
      // The oldest form prints just "7.5 < 6.5": the image's CUDA is the larger, the driver's the smaller.
      if (g.a && g.b) {
        const [lo, hi] = [g.a, g.b].sort((x, y) => Number(x) - Number(y));
        g.cuda = hi!;
        g.driverCuda = lo!;
      }
      if (g.driverCuda) facts.driver.cudaVersion ??= { value: g.driverCuda, source: SRC };
      break;
    case 'ld-cannot-find':
      if (g.lib) facts.missingLibraries.push({ value: `lib${g.lib}.so`, source: pasted('linker') });
      break;
    case 'cudajl-driver-incompatible':
      if (g.driverCuda) facts.driver.cudaVersion ??= { value: g.driverCuda, source: SRC };
      break;
    case 'cudf-mvc':
      if (g.drMajor && g.drMinor) facts.driver.cudaVersion ??= { value: `${g.drMajor}.${g.drMinor}`, source: SRC };
      break;
    case 'version-magic':
      if (g.kernel) facts.os.kernel ??= { value: g.kernel, source: pasted('dmesg') };
      break;
    case 'secure-boot-enabled':
      facts.os.secureBoot ??= { value: 'enabled', source: SRC };
      break;
    case 'ext-cuda-mismatch-warning':
      if (g.torch) facts.torchCuda ??= { value: g.torch, source: SRC };
      break;
    case 'xformers-built-for':
      // "(you have 2.1.2+cpu)": the installed torch, as the extension saw it.
      if (g.have) facts.packages.push(pastedPackage('torch', g.have, SRC));
      break;
    case 'wsl-no-adapters':
      facts.os.wsl ??= { value: true, source: SRC };
      break;
    case 'cudnn-compiled-runtime':
      if (g.found) facts.cudnnRuntime ??= { value: cudnnNumber(g.found), source: SRC };
      break;
    case 'paddle-cudnn':
      if (g.found) facts.cudnnRuntime ??= { value: g.found, source: SRC };
      break;
    case 'torch-cudnn-incompat':
    case 'torch-cudnn-linked':
      if (g.found) facts.cudnnRuntime ??= { value: g.found.replace(/,\s*/g, '.'), source: SRC };
      break;
    case 'tf-cudnn-loaded':
      // TF 1.x printed cuDNN as one number: 7301 = 7.3.1, 5005 = 5.0.5.
      if (g.found) facts.cudnnRuntime ??= { value: /^\d{4,5}$/.test(g.found) ? cudnnNumber(g.found) : g.found, source: SRC };
      break;
    case 'jax-cudnn-version':
      if (g.found) facts.cudnnRuntime ??= { value: cudnnNumber(g.found), source: SRC };
      break;
    case 'cannot-open-so':
    case 'tf-could-not-load':
    case 'tf-dso-open':
    case 'bnb-no-libcudart':
      if (g.soname) facts.missingLibraries.push({ value: g.soname, source: SRC });
      break;
    case 'paddle-dynload':
      // "cublas64_102.dll;cublas64_10.dll": every name Paddle tried.
      for (const n of (g.dll ?? '').split(';').filter(Boolean)) facts.missingLibraries.push({ value: n, source: SRC });
      if (g.lib) facts.missingLibraries.push({ value: `lib${g.lib}.so`, source: SRC });
      if (/\.dll/i.test(g.dll ?? '')) facts.os.id ??= { value: 'windows', source: SRC };
      break;
    case 'ngc-driver-release':
      if (g.driver) facts.driver.version ??= { value: g.driver, source: SRC };
      break;
    case 'driver-cuda-expected':
      if (g.have) facts.driver.cudaVersion ??= { value: cudaNumber(g.have), source: SRC };
      break;
    case 'tf-possibly-insufficient-driver':
      if (g.driver) facts.driver.version ??= { value: g.driver.replace(/^(\d{3}\.\d{1,3})\.0$/, '$1'), source: SRC };
      break;
    case 'bf16-min-cc':
      if (g.cc && !facts.gpus.length) facts.gpus.push(pastedGpu((g.gpu ?? 'GPU').trim(), 0, SRC, { computeCapability: g.cc }));
      break;
    case 'ld-debug-search-path':
      if (g.paths) facts.env.LD_LIBRARY_PATH ??= g.paths;
      break;
    case 'julia-capability-unsupported':
      if (g.cc && !facts.gpus.length) facts.gpus.push(pastedGpu('GPU', 0, SRC, { computeCapability: g.cc }));
      break;
    case 'windows-dll':
      if (g.dll) facts.missingLibraries.push({ value: g.dll, source: SRC });
      facts.os.id ??= { value: 'windows', source: SRC };
      break;
    case 'wsl-libcuda-symlink':
    case 'wsl-dxg':
    case 'wsl-container-mount':
    case 'wsl-dxcore':
      facts.os.wsl ??= { value: true, source: SRC };
      break;
    case 'key-rejected':
    case 'lockdown':
      facts.os.secureBoot ??= { value: 'enabled', source: SRC };
      break;
    case 'driver-library-mismatch':
      facts.driver.moduleLoaded ??= { value: true, source: SRC };
      break;
    default:
      break;
  }
}
