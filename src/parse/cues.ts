// Words that point at an area of trouble when no known message does ("nvidia-smi does not work", "conda … pip",
// "out of memory"): counted per Finding code, for explain's last-resort guesses. Bounded: the first 20 000 lines.
// Symptoms in prose ("GPU not used", "检测不到GPU") are events (parse/symptoms.ts): they count here from those events,
// not from a second copy of their words.
import type { FindingCode } from '../findings.js';
import { isSymptom, SYMPTOM_CUE } from './symptoms.js';
import type { ErrorEvent } from './types.js';

export interface Cue {
  code: FindingCode;
  /** Lines that matched. */
  count: number;
  /** The first matching line (1-based) and its text, cut to 300 characters. */
  line: number;
  text: string;
}

const CUES: readonly [FindingCode, RegExp][] = [
  [
    'driver-too-old',
    /\bdriver\b[^\n]{0,30}\b(?:too old|outdated|insufficient)|\b(?:update|upgrade|newer)\b[^\n]{0,20}\bdriver\b|驱动[^\n]{0,40}(?:不兼容|太旧|过低|不匹配|版本低)/i,
  ],
  ['arch-unsupported', /\bkernel image\b|\b(?:compute|cuda) capability\b|\bsm_\d{2,3}\b|\bnot supported\b[^\n]{0,30}\b(?:GPU|architecture|card)\b|算力/i],
  [
    'library-not-found',
    /\blib[\w+-]{2,40}\.so(?:\.\d+){0,3}\b[^\n]{0,40}\b(?:not found|cannot|could not|missing|no such)|\b\w{2,40}\.dll\b[^\n]{0,40}\b(?:not found|could not|missing|failed)|cannot open shared object|\bdlopen\b|(?:无法|不能)(?:加载|找到)[^\n]{0,20}库/i,
  ],
  ['cudnn-mismatch', /\bcudnn\b[^\n]{0,60}\b(?:version|mismatch|incompatib\w*|compiled)\b/i],
  ['cpu-only-build', /is_available\(\)[^\n]{0,20}\bfalse\b|not compiled with cuda|\bcpu[- ]only\b|\+cpu\b|\bcpuonly\b/i],
  ['no-gpu', /\bno (?:cuda )?(?:gpus?|devices?) (?:found|available|detected|visible)\b|\bcuda_visible_devices\b|--gpus\b/i],
  [
    'driver-not-loaded',
    /\bnvidia-smi\b[^\n]{0,40}\b(?:fail\w*|error|not work\w*|doesn'?t work|no devices)\b|\bdriver (?:is )?not (?:loaded|installed|running)\b|\bkernel module\b/i,
  ],
  ['out-of-memory', /\bout of memory\b|\bOOM\b|\bmemory (?:error|full|exhausted)\b|显存不足|爆显存/i],
  ['nccl-failure', /\bnccl\b|\ball_?reduce\b|\bdistributed\b[^\n]{0,30}\b(?:hangs?|fails?|stuck)\b/i],
  ['wsl', /\bWSL\s?2?\b/i],
  ['secure-boot', /\bsecure ?boot\b|\bmokutil\b|\bMOK\b/i],
  ['nouveau', /\bnouveau\b/i],
  ['toolkit-mismatch', /\bnvcc\b|\bCUDA_HOME\b|\bsetup\.py\b[^\n]{0,40}\b(?:build|install|develop)\b|\bbuilding (?:wheel|extension)/i],
  ['multiple-toolkits', /\b(?:two|multiple|several|different) (?:cuda|versions? of cuda|cuda toolkits?|toolkits?)\b|\bwhich nvcc\b/i],
  ['mixed-package-managers', /\bconda\b[^\n]{0,80}\bpip\b|\bpip\b[^\n]{0,80}\bconda\b/i],
  ['framework-cuda-mismatch', /\b(?:built|compiled) (?:for|with|against) cuda\b|\bcuda version mismatch\b/i],
];

/** The code of explain's rule of last resort: an error that no rule explains (diagnose/rules/unexplained-error.ts). */
export const UNEXPLAINED = 'unexplained-error' satisfies FindingCode;

/** The line a Python exception ends a traceback with ("torch.OutOfMemoryError: …", "ImportError: …"). */
const EXCEPTION = /^\s{0,8}(?:[A-Za-z_]\w{0,40}\.){0,6}[A-Z]\w{0,60}(?:Error|Exception)(?::\s|:?\s*$)/;
/** Other lines that report an error: a compiler's or a tool's "error:" / "fatal:", an ERROR log level, a crash, 报错. */
const ERROR_LINE =
  /^\s{0,8}Traceback \(most recent call last\)|\b(?:error|fatal)(?:\[\w{1,20}\])?\s?:\s|\bERROR\b|\bSegmentation fault\b|\bcore dumped\b|\bCUDA error\b|\bterminate called after\b|^\s{0,8}(?:报错|错误|异常)\s?[:：]/i;

/**
 * Something is said to go wrong: an error word, a failure, a question, a False from is_available(). A paste without
 * any (a healthy collect_env, a pip list) gets no guesses at all.
 */
const TROUBLE =
  /\b(?:error|errors|fail(?:s|ed|ure|ing)?|cannot|can'?t|could not|couldn'?t|unable|not (?:found|work\w*|available|detected|supported|compatible|loaded)|does ?n[o']t|won'?t|no longer|problems?|issues?|broken|block(?:s|ed|ing)?|refus\w+|crash\w*|segfault|segmentation fault|killed|exception|traceback|hangs?|stuck|mismatch|insufficient|too old|unavailable)\b|(?:CUDA (?:is )?available|is_available\(\))[^\n]{0,20}\bFalse\b|\?\s{0,4}$|报错|错误|失败|无法|不能|不支持|不兼容|问题|\b(?:slow(?:er|ly)?|freez\w*|froze|stuck|fallen off|falls? back|not (?:using|used|utili[sz]\w+|released|freed|responding|recogni[sz]ed|visible|showing)|only (?:uses?|using|runs? on) (?:the )?CPU|disappear\w*|missing)\b|不释放|没释放|用不了|用不上|跑不起来|跑不动|识别不到|检测不到|找不到|看不到|认不到|没反应|无响应|卡住|卡死|很慢|太慢|变慢|掉卡|崩溃|闪退|异常|不工作|不起作用|没有用到|没用上|为什么|怎么办|求助/i;

/**
 * The areas the words of the paste point at, and whether it says something goes wrong at all (an error word, a
 * failure, a question) in its first 20 000 lines. Cues count only in a paste with trouble.
 */
export function countCues(lines: readonly string[], events: readonly ErrorEvent[] = []): { cues: Cue[]; trouble: boolean } {
  const out = new Map<FindingCode, Cue>();
  const n = Math.min(lines.length, 20_000);
  // A symptom stated is something going wrong ("only the CPU is used", "很慢"), whatever else the words say.
  let trouble = events.some((e) => isSymptom(e.signature) && e.line <= n);
  // The lines counted per area: one line counts once, whether its words or its symptom named the area.
  const counted = new Map<FindingCode, Set<number>>();
  const count = (code: FindingCode, line: number, text: string) => {
    const seen = counted.get(code) ?? new Set<number>();
    counted.set(code, seen);
    if (seen.has(line)) return;
    seen.add(line);
    const cur = out.get(code);
    if (!cur) out.set(code, { code, count: 1, line, text: text.trim().slice(0, 300) });
    else {
      cur.count++;
      if (line < cur.line) Object.assign(cur, { line, text: text.trim().slice(0, 300) });
    }
  };
  let error: { line: number; text: string; exception: boolean } | undefined;
  let errors = 0;
  for (let i = 0; i < n; i++) {
    const raw = lines[i]!;
    if (raw.length < 3) continue;
    const line = raw.length > 2000 ? raw.slice(0, 2000) : raw;
    // collect_env's own "Could not collect" is not a failure.
    if (!trouble && TROUBLE.test(line) && !/Could not collect/.test(line)) trouble = true;
    for (const [code, re] of CUES) if (re.test(line)) count(code, i + 1, line);
    // The error line of the paste: the last exception a traceback ends with, else the first line reporting an error.
    const exception = EXCEPTION.test(line);
    if (exception || ERROR_LINE.test(line)) {
      errors++;
      if (exception || !error) error = { line: i + 1, text: line.trim().slice(0, 300), exception };
    }
  }
  if (error) {
    trouble = true;
    out.set(UNEXPLAINED, { code: UNEXPLAINED, count: errors, line: error.line, text: error.text });
  }
  for (const e of events) {
    const code = isSymptom(e.signature) ? SYMPTOM_CUE[e.signature] : undefined;
    if (code && e.line <= n) count(code, e.line, e.text);
  }
  if (!trouble) return { cues: [], trouble };
  return { cues: [...out.values()].sort((a, b) => b.count - a.count || a.line - b.line), trouble };
}
