// Environment variables a text sets: `env` listings, `export X=…`, `docker run -e X=…`, a command's `X=… cmd` prefix,
// Python's os.environ["X"] = "…", a JSON/dict dump, a CMake -DX=…, and NCCL's own "X set by environment to …" lines.
// Only the variables the rules read; advice inside a message ("run with NCCL_DEBUG=INFO for details") sets nothing.

/** Names whose values the rules read. */
const NAMES =
  'LD_LIBRARY_PATH|LD_PRELOAD|CUDA_HOME|CUDA_PATH|CUDA_VISIBLE_DEVICES|NVIDIA_VISIBLE_DEVICES|NCCL_[A-Z0-9_]{2,40}|TORCH_NCCL_[A-Z0-9_]{2,40}|XLA_PYTHON_CLIENT_[A-Z_]{2,20}|PYTORCH_CUDA_ALLOC_CONF|PYTORCH_NO_CUDA_MEMORY_CACHING|TORCH_CUDA_ARCH_LIST|CUDAARCHS|CMAKE_CUDA_ARCHITECTURES|CUDA_LAUNCH_BLOCKING|CUDA_CACHE_DISABLE|CUDA_DEVICE_MAX_CONNECTIONS';

const QUOTED = `"[^"\\n]{0,800}"|'[^'\\n]{0,800}'`;
/** NAME=value as a shell writes it (or CMake's -DNAME=value); a spaced `NAME = "value"` only with quotes (Python, Make). */
const SHELL = new RegExp(`(?:(?<=-D)|(?<![\\w$]))(${NAMES})(?:=(${QUOTED}|[^\\s"'\`]{0,800})|\\s{1,3}=\\s{0,3}(${QUOTED}))`, 'g');
/** os.environ["NAME"] = "value", {"NAME": "value"}, environ({'NAME': 'value'}). */
const KEYED = new RegExp(`(["'])(${NAMES})\\1\\]?\\s{0,3}[:=]\\s{0,3}(${QUOTED})`, 'g');
/** NCCL (src/misc/param.cc and others): "NCCL INFO NCCL_P2P_LEVEL set by environment to NVL" ("… to 1." for integers). */
const NCCL_SET = /\b(NCCL_[A-Z0-9_]{2,40}) set by environment to (\S{1,200})/g;

/** Words that make what follows a suggestion, not a setting in effect ("(run with …" is one, "I run with …" is not). */
const ADVICE =
  /(?:(?:^|[(,;:]\s{0,2}|\bplease )run (?:it )?with|\bconsider (?:passing|setting|using)|\btry (?:setting|passing|running with|with)|\b(?:can|could|may|might|should|must|need to|have to|please|if you(?: only)?) (?:set|pass|use)|\bsetting|\be\.g\.)\s{0,2}[`"'(]?$/i;

const unquote = (v: string): string => v.replace(/^(["'])([\s\S]*)\1$/, '$2');
/** An unquoted value keeps no punctuation of the sentence around it ("NCCL_DEBUG=WARN," "…=1.", "(…=1)"). */
const bare = (v: string): string => v.replace(/[.,;:!?)\]}>]+$/, '');

/** The variables one line sets, in the order the line names them. */
export function envAssignments(line: string): [string, string][] {
  const out: [string, string][] = [];
  // The 200 characters before a match; a NUL marks a cut, so "^" still means the start of the line.
  const before = (i: number) => (i > 200 ? `\0${line.slice(i - 200, i)}` : line.slice(0, i));
  // "Please set `A=1` and `B=1`": an assignment joined to an advised one by "and", "or" or "," is advice too.
  let advisedUntil = -1;
  for (const m of line.matchAll(SHELL)) {
    const joined = advisedUntil >= 0 && /^[`"'\s]{0,3}(?:and|or|,)[`"'\s]{0,3}$/.test(line.slice(advisedUntil, m.index));
    if (joined || ADVICE.test(before(m.index))) {
      advisedUntil = m.index + m[0].length;
      continue;
    }
    advisedUntil = -1;
    const quoted = m[3] ?? (m[2] && /^["']/.test(m[2]) ? m[2] : undefined);
    out.push([m[1]!, quoted !== undefined ? unquote(quoted) : bare(m[2] ?? '')]);
  }
  for (const m of line.matchAll(KEYED)) if (!ADVICE.test(before(m.index))) out.push([m[2]!, unquote(m[3]!)]);
  // NCCL prints what it read: the value in effect, the strongest word of all.
  for (const m of line.matchAll(NCCL_SET)) out.unshift([m[1]!, m[2]!.replace(/\.$/, '')]);
  return out;
}
