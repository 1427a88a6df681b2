// TensorFlow and JAX start-up logs, NCCL debug output, Windows paths and DLL names.
import { pastedGpu, pastedPackage, pastedToolkit } from './build.js';
import { emptyFacts, pasted, type ParseResult } from './types.js';

export function parseFrameworkLogs(lines: readonly string[]): ParseResult {
  const facts = emptyFacts();
  for (const raw of lines) {
    let m: RegExpExecArray | null;
    // TensorFlow: "Created device … name: NVIDIA GeForce RTX 3090, pci bus id: 0000:01:00.0, compute capability: 8.6"
    if ((m = /name: ([^,\n]{2,80}), pci bus id: ([0-9a-fA-F:.]{7,20}), compute capability: (\d+\.\d+)/.exec(raw))) {
      const src = pasted('tensorflow log');
      const idx = /device: (\d+)/.exec(raw);
      const index = idx ? Number(idx[1]) : facts.gpus.length;
      if (!facts.gpus.some((g) => g.index === index)) facts.gpus.push(pastedGpu(m[1]!.trim(), index, src, { pciBusId: m[2]!, computeCapability: m[3]! }));
      continue;
    }
    if ((m = /Loaded cuDNN version (\d{4,5})/.exec(raw))) {
      facts.cudnnRuntime ??= { value: cudnnNumber(m[1]!), source: pasted('tensorflow log') };
      continue;
    }
    if ((m = /\b(?:tensorflow|tf)(?:\.__version__| version)\s{0,3}[:=]?\s{0,3}(\d+\.\d+\.\d+(?:-?rc\d)?)/i.exec(raw))) {
      facts.packages.push(pastedPackage('tensorflow', m[1]!, pasted('tensorflow log')));
      continue;
    }
    // jax.print_environment_info(): "jax:    0.4.26" / "jaxlib: 0.4.26"
    if ((m = /^\s{0,4}(jax|jaxlib):\s{1,10}(\d+\.\d+\.\d+\S{0,20})\s*$/.exec(raw))) {
      facts.packages.push(pastedPackage(m[1]!, m[2]!, pasted('jax log')));
      continue;
    }
    // NCCL
    if ((m = /NCCL INFO NCCL version (\d+\.\d+\.\d+)(?:\+cuda(\d+\.\d+))?/.exec(raw))) {
      facts.libraries.push({
        name: 'nccl',
        version: { value: m[1]!, source: pasted('NCCL log') },
        dir: '(NCCL log)',
        files: [],
        header: null,
        origin: 'unknown',
        inLdCache: false,
        onLdLibraryPath: false,
      });
      continue;
    }
    if ((m = /NCCL INFO cudaDriverVersion (\d{4,5})/.exec(raw))) {
      facts.driver.cudaVersion ??= { value: cudaNumber(m[1]!), source: pasted('NCCL log') };
      continue;
    }
    // Windows: toolkit folders and DLL names
    if ((m = /NVIDIA GPU Computing Toolkit[\\/]{1,2}CUDA[\\/]{1,2}v(\d+\.\d+)/i.exec(raw))) {
      const v = m[1]!;
      if (!facts.toolkits.some((t) => t.version?.value === v)) {
        const t = pastedToolkit(v, pasted('Windows path'), `C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v${v}`);
        t.active.path = false;
        facts.toolkits.push(t);
      }
      facts.os.id ??= { value: 'windows', source: pasted('Windows path') };
    }
    if (/[A-Z]:\\(?:Users|Program Files|ProgramData|Python\d+)/i.test(raw) || /\bWinError \d+/.test(raw))
      facts.os.id ??= { value: 'windows', source: pasted('Windows path') };
    if (
      (m =
        /\b(cudart64|cublas64|cufft64|cusolver64|cusparse64|curand64)_(\d{2,3})\.dll\b[^\n]{0,80}?(not found|could not be found|cannot find|Could not locate)/i.exec(
          raw,
        ))
    ) {
      facts.missingLibraries.push({ value: `${m[1]}_${m[2]}.dll`, source: pasted('Windows DLL') });
      facts.os.id ??= { value: 'windows', source: pasted('Windows DLL') };
    } else if (
      (m = /\b(cudnn64|cudnn_ops_infer64|cudnn_cnn_infer64)_(\d)\.dll\b[^\n]{0,80}?(not found|could not be found|cannot find|Could not locate)/i.exec(raw))
    ) {
      facts.missingLibraries.push({ value: `${m[1]}_${m[2]}.dll`, source: pasted('Windows DLL') });
      facts.os.id ??= { value: 'windows', source: pasted('Windows DLL') };
    }
  }
  return { facts, events: [] };
}

/** 8600 → "8.6.0"; 90100 → "9.1.0" (cuDNN's integer version). */
export function cudnnNumber(n: string): string {
  const v = Number(n);
  if (v >= 10000) return `${Math.floor(v / 10000)}.${Math.floor((v % 10000) / 100)}.${v % 100}`;
  return `${Math.floor(v / 1000)}.${Math.floor((v % 1000) / 100)}.${v % 100}`;
}

/** 12020 → "12.2" (CUDA's integer version). */
export function cudaNumber(n: string): string {
  const v = Number(n);
  return `${Math.floor(v / 1000)}.${Math.floor((v % 1000) / 10)}`;
}

/** cudart64_110.dll → "11.0"; cudart64_12.dll → "12"; cublas64_11.dll → "11". */
export function dllCuda(dll: string): string | undefined {
  const m = /_(\d{2,3})\.dll$/i.exec(dll);
  if (!m) return undefined;
  const d = m[1]!;
  return d.length === 3 ? `${d.slice(0, 2)}.${d.slice(2)}` : d;
}
