// Facts written in prose or one-liners: "RTX 5090", "torch 2.5.1+cu124", "driver 470.82", "torch.version.cuda: 11.7".
// The families of facts live in their own files (gpu-names, torch-, driver-, toolkit-mentions, gpu-processes); this
// one walks the lines, keeps the rest (TensorFlow and other packages, OS, kernel, NCCL, cuDNN, Python) and finishes.
import { pastedPackage } from './build.js';
import { driverLine, finishDriver, type DriverState } from './driver-mentions.js';
import { cudnnNumber } from './framework-logs.js';
import { addMentionedGpus, ccMentionsIn, gpuNamesIn, type CcMention } from './gpu-names.js';
import { gpuUsageLine } from './gpu-processes.js';
import { finishToolkits, toolkitLine, type ToolkitState } from './toolkit-mentions.js';
import { finishTorch, torchLine, type TorchState } from './torch-mentions.js';
import { emptyFacts, pasted, type ParseResult } from './types.js';

const SRC = pasted('text');

export function parseMentions(lines: readonly string[], binary = false): ParseResult {
  if (binary) return { facts: emptyFacts(), events: [] };
  const facts = emptyFacts();
  const gpuNames = new Set<string>();
  const ccMentions: CcMention[] = [];
  const torch: TorchState = { versions: new Set() };
  const driver: DriverState = {};
  const toolkits: ToolkitState = { prose: [], named: new Set() };
  let tfHeader = false;
  let windowsProse = false;
  let ortHeader = false;
  let tfProse: string | undefined;
  let wslSeen = false;
  for (const line of lines) {
    const raw = stripMarkdown(line);
    let m: RegExpExecArray | null;
    gpuNamesIn(raw, gpuNames);
    torchLine(raw, facts, torch);
    driverLine(raw, facts, driver);
    if ((m = /\b(?:tensorflow|tensorflow-gpu)\s{0,3}(?:==|version:?|v|\s)\s{0,3}(\d+\.\d+\.\d+)\b/i.exec(raw)))
      facts.packages.push(pastedPackage('tensorflow', m[1]!, SRC));
    // Issue templates: "- TensorFlow version (use command below): 2.1.0", "TensorFlow version: 2.3", or "### TensorFlow version" and the version on the next line.
    else if (
      (m = /\bTensorFlow version(?:\s{0,2}\([^)\n]{0,40}\))?\s{0,3}[:：]\s{0,3}v?(\d+\.\d{1,2}(?:\.\d{1,2})?)\b/i.exec(raw)) ||
      (tfHeader && (m = /^\s{0,4}(?:tf|tensorflow)?\s?v?(\d+\.\d{1,2}(?:\.\d{1,2})?)\s{0,4}$/i.exec(raw)))
    ) {
      facts.packages.push(pastedPackage('tensorflow', /^\d+\.\d+$/.test(m[1]!) ? `${m[1]}.0` : m[1]!, SRC));
    }
    // "Tensor Flow Version: 2.12.0" (a script's printout), "tensorflow==2.16", "tf 2.16" (titles), "TF2.11".
    else if ((m = /\bTensor\s?Flow(?:-gpu)?\s{0,2}(?:Version\s{0,2}[:：=]|==|-|v)\s{0,3}v?(\d+\.\d{1,2}(?:\.\d{1,2})?)\b/i.exec(raw))) {
      facts.packages.push(pastedPackage('tensorflow', /^\d+\.\d+$/.test(m[1]!) ? `${m[1]}.0` : m[1]!, SRC));
    } else if ((m = /(?:^|[\s([,])(?:tf|TF|tensorflow=)\s?=?\s?(2\.\d{1,2}(?:\.\d{1,2})?)\b(?!\d|\.\d)/.exec(raw))) tfProse ??= m[1]!;
    tfHeader = /^\s{0,4}#{1,4}\s{0,2}TensorFlow version\s{0,4}$/i.test(raw) || (tfHeader && raw.trim() === '');
    // Native Windows named in an issue template or prose ("OS Platform: Windows 10", "Windows 11 24h2").
    if (
      /^\s{0,4}(?:[-*]\s{0,2})?(?:OS(?: Platform(?: and Distribution)?)?\s{0,2}[:：]\s{0,2})?(?:Microsoft\s)?Win(?:dows)?\s?(?:7|8|10|11|Server)\b/i.test(raw)
    )
      facts.os.id ??= { value: 'windows', source: SRC };
    // Prose: "… in windows 11 and python 3.9", "on Win10" (WSL is told apart below: any WSL mention wins).
    else if (/\b(?:in|on|under|using)\s(?:native\s)?Win(?:dows)?\s?(?:7|8|10|11)\b/i.test(raw)) windowsProse = true;
    if (/\bWSL\s?2?\b|microsoft-standard|\/usr\/lib\/wsl/i.test(raw)) wslSeen = true;
    // A Windows path (C:\Users\…, C:\WINDOWS\system32): native Windows, unless the paste says WSL.
    if (/\b[A-Z]:\\(?:Users|WINDOWS|Windows|Program Files)\\/.test(raw)) windowsProse = true;
    // aarch64 hosts (Grace: GB200, GH200): PyPI's torch wheels differ there.
    if (/\b(?:aarch64|arm64|GB200|GH200|GB300|Grace Hopper|Grace Blackwell)\b/i.test(raw)) facts.os.arch ??= { value: 'aarch64', source: SRC };
    // "the latest 6.14 kernel", "kernel 5.15.0-91-generic", "linux6.14-6.14.0_1": the kernel named in prose.
    if (
      (m = /\b(\d\.\d{1,2}(?:\.\d{1,3})?(?:-[\w.]{1,40})?)\s(?:kernel|linux kernel)\b/i.exec(raw)) ||
      (m = /\bkernel\s(?:version\s)?(\d\.\d{1,2}(?:\.\d{1,3})?(?:-[\w.]{1,40})?)\b/i.exec(raw))
    )
      facts.os.kernel ??= { value: m[1]!, source: SRC };
    // "run nvidia-smi inside WSL", "on WSL2": the paste comes from WSL.
    if (/\b(?:in|inside|under|within|on|from)\s(?:the\s)?WSL\s?2?\b/i.test(raw)) facts.os.wsl ??= { value: true, source: SRC };
    // paddlepaddle-gpu with its CUDA build suffix: "gpu版本1.5.1.post107", "paddlepaddle-gpu==2.2.0.post112".
    if ((m = /\bpaddle\w{0,12}[^\n]{0,20}?\b(\d\.\d{1,2}\.\d{1,2}(?:rc\d)?\.post\d{2,3})\b/i.exec(raw)))
      facts.packages.push(pastedPackage('paddlepaddle-gpu', m[1]!, SRC));
    // onnxruntime-gpu: "onnxruntime-gpu==1.17.0", "ONNXRuntime Ver. 1.19.2", or the issue template's header and the next line.
    if (
      (m = /\bonnx\s?runtime(?:-gpu)?\s{0,3}(?:==|version:?|ver\.?|v)\s{0,3}(\d+\.\d{1,2}(?:\.\d{1,2})?)\b/i.exec(raw)) ||
      (ortHeader && (m = /^\s{0,4}(?:onnx\w{0,14}(?:-gpu)?\s{1,3})?v?(\d+\.\d{1,2}(?:\.\d{1,2})?)\s{0,4}$/i.exec(raw)))
    ) {
      facts.packages.push(pastedPackage('onnxruntime-gpu', m[1]!, SRC));
    }
    ortHeader = /^\s{0,4}#{1,4}\s{0,2}ONNX Runtime Version/i.test(raw) || (ortHeader && raw.trim() === '');
    if ((m = /\bjaxlib\s{0,3}(?:==|version:?|v)\s{0,3}(\d+\.\d+\.\d+(?:\+cuda\d{2}[\w.]{0,20})?)/i.exec(raw)))
      facts.packages.push(pastedPackage('jaxlib', m[1]!, SRC));
    if ((m = /\bvllm\s{0,3}(?:==|version:?|v)\s{0,3}(\d+\.\d+\.\d+\S{0,12})/i.exec(raw))) facts.packages.push(pastedPackage('vllm', m[1]!, SRC));
    // Every NCCL version named, also per-rank INFO lines ("NCCL INFO NCCL version 2.18.1+cuda12.1") and prose ("NCCL 2.14.3").
    if (
      (m = /\bNCCL(?:[ _-]?version)?[ :=v]{1,3}(\d\.\d{1,2}\.\d{1,2})\b/i.exec(raw)) &&
      facts.ncclVersions.length < 8 &&
      !facts.ncclVersions.some((x) => x.value === m![1])
    )
      facts.ncclVersions.push({ value: m[1]!, source: SRC });
    if ((m = /\bNCCL version (\d+\.\d+\.\d+)/.exec(raw)) && !/NCCL INFO/.test(raw)) {
      facts.libraries.push({
        name: 'nccl',
        version: { value: m[1]!, source: SRC },
        dir: '(text)',
        files: [],
        header: null,
        origin: 'unknown',
        inLdCache: false,
        onLdLibraryPath: false,
      });
    }
    if (
      ((m = /\bcuDNN(?:\s?version)?\s{0,2}[=:]\s{0,2}v?(\d+(?:\.\d+){0,2})\b/i.exec(raw)) && !/^cuDNN version:/.test(raw.trim())) ||
      (m = /\bcuDNN\s(?:Ver\.?|version)\s{0,2}(\d{4,5})\b/i.exec(raw)) ||
      (m = /\b(?:the\s)?cuDNN\s(?:is\s)?v?(\d{1,2}\.\d{1,2}(?:\.\d{1,3})?)\b(?!\.\d)/i.exec(raw))
    ) {
      const v = /^\d{4,5}$/.test(m[1]!) ? cudnnNumber(m[1]!) : m[1]!;
      facts.libraries.push({
        name: 'cudnn',
        version: { value: v, source: SRC },
        dir: '(text)',
        files: [],
        header: null,
        origin: 'unknown',
        inLdCache: false,
        onLdLibraryPath: false,
      });
    }
    ccMentionsIn(raw, ccMentions);
    toolkitLine(raw, facts, toolkits);
    gpuUsageLine(raw, facts);
    if ((m = /\bPython\s(3\.\d{1,2}(?:\.\d{1,2})?)\b/.exec(raw))) facts.pythonVersion ??= { value: m[1]!, source: SRC };
  }
  if (windowsProse && !wslSeen) facts.os.id ??= { value: 'windows', source: SRC };
  if (wslSeen && facts.os.id?.value === 'windows' && facts.os.id.source === SRC) delete facts.os.id;
  finishDriver(facts, driver);
  // "tf 2.16" in prose or a title counts only when no structured line named the TensorFlow version.
  if (tfProse && !facts.packages.some((p) => p.name === 'tensorflow'))
    facts.packages.push(pastedPackage('tensorflow', /^\d+\.\d+$/.test(tfProse) ? `${tfProse}.0` : tfProse, SRC));
  finishTorch(facts, torch);
  finishToolkits(facts, toolkits);
  addMentionedGpus(facts, gpuNames, ccMentions, SRC);
  return { facts, events: [] };
}

/**
 * Markdown emphasis and inline code around a version ("driver **580.159.03**", "`nvcc -V` returns 9.2") is not part of it.
 * (Not "__": dunder names such as torch.__version__ are common in pastes.)
 */
function stripMarkdown(line: string): string {
  return line.includes('*') || line.includes('`') ? line.replace(/\*\*|`/g, '') : line;
}
