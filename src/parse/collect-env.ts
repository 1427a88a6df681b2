// `python -m torch.utils.collect_env` (and vLLM's copy of it): versions of torch, CUDA, driver, GPUs, cuDNN, OS.
import { pastedGpu, pastedPackage, pastedToolkit } from './build.js';
import { emptyFacts, pasted, type ParseResult } from './types.js';

const SRC = pasted('collect_env');

export function parseCollectEnv(lines: readonly string[]): ParseResult {
  const facts = emptyFacts();
  let inGpus = false;
  let inCudnn = false;
  for (const raw of lines) {
    const line = raw.trim();
    let m: RegExpExecArray | null;
    if (inGpus) {
      const g = /^GPU (\d+): (.{2,80})$/.exec(line);
      if (g) {
        addGpu(facts.gpus, g[2]!, Number(g[1]));
        continue;
      }
      inGpus = false;
    }
    if (inCudnn) {
      const c = /\/libcudnn(?:_\w+)?\.so\.(\d+\.\d+\.\d+)$/.exec(line);
      if (c) {
        const dir = line.slice(0, line.lastIndexOf('/'));
        if (!facts.libraries.some((l) => l.dir === dir && l.version?.value === c[1])) {
          facts.libraries.push({
            name: 'cudnn',
            version: { value: c[1]!, source: SRC },
            dir,
            files: [],
            header: null,
            origin: 'unknown',
            inLdCache: false,
            onLdLibraryPath: false,
          });
        }
        continue;
      }
      if (!/^Probably one of the following/.test(line)) inCudnn = false;
    }
    if ((m = /^PyTorch version: (\S{1,60})$/.exec(line))) {
      facts.packages.push(pastedPackage('torch', m[1]!, SRC));
    } else if ((m = /^CUDA used to build PyTorch: (\S{1,20})$/.exec(line))) {
      if (/^\d+\.\d+/.test(m[1]!)) facts.torchCuda = { value: m[1]!, source: SRC };
      else if (/^None$/i.test(m[1]!)) facts.torchCuda = { value: 'None', source: SRC };
    } else if ((m = /^OS: (.{2,100})$/.exec(line))) {
      const os = m[1]!;
      facts.os.prettyName = { value: os, source: SRC };
      const id = /windows/i.test(os) ? 'windows' : /mac ?os/i.test(os) ? 'macos' : (/^([A-Za-z]+)/.exec(os)?.[1] ?? '').toLowerCase();
      if (id) facts.os.id = { value: id === 'red' ? 'rhel' : id, source: SRC };
      const v = /\b(\d+(?:\.\d+)?)\b/.exec(os);
      if (v) facts.os.versionId = { value: v[1]!, source: SRC };
      const a = /\((x86_64|aarch64|arm64|AMD64)\)/.exec(os);
      if (a) facts.os.arch = { value: a[1] === 'AMD64' ? 'x86_64' : a[1]!, source: SRC };
    } else if ((m = /^Python version: (\d+\.\d+(?:\.\d+)?)/.exec(line))) {
      facts.pythonVersion = { value: m[1]!, source: SRC };
    } else if ((m = /^Python platform: (\S{1,200})/.exec(line))) {
      const k = /^Linux-(\d+\.\d+\.\d+[^\s]*?)-(x86_64|aarch64)/.exec(m[1]!);
      if (k) facts.os.kernel = { value: k[1]!, source: SRC };
      facts.os.wsl = { value: /microsoft|WSL/i.test(m[1]!), source: SRC };
      if (/^Windows/i.test(m[1]!)) facts.os.id = { value: 'windows', source: SRC };
    } else if ((m = /^CUDA runtime version: (\d+\.\d+(?:\.\d+)?)/.exec(line))) {
      facts.toolkits.push(pastedToolkit(m[1]!, SRC));
    } else if ((m = /^GPU models and configuration: ?(.{0,100})$/.exec(line))) {
      inGpus = true;
      const rest = m[1]!.trim();
      const g = /^GPU (\d+): (.{2,80})$/.exec(rest);
      if (g) addGpu(facts.gpus, g[2]!, Number(g[1]));
      else if (rest && !/could not collect/i.test(rest)) addGpu(facts.gpus, rest, 0);
    } else if ((m = /^Nvidia driver version: (\d{3,}\.\d+(?:\.\d+)?)/.exec(line))) {
      facts.driver.version = { value: m[1]!, source: SRC };
    } else if ((m = /^cuDNN version: ?(.{0,60})$/.exec(line))) {
      const v = /(\d+\.\d+\.\d+)/.exec(m[1]!);
      if (v)
        facts.libraries.push({
          name: 'cudnn',
          version: { value: v[1]!, source: SRC },
          dir: '(collect_env)',
          files: [],
          header: null,
          origin: 'unknown',
          inLdCache: false,
          onLdLibraryPath: false,
        });
      else inCudnn = /Probably one of the following|^$/.test(m[1]!);
    } else if ((m = /^\[(pip3?|conda)\] ([A-Za-z0-9_.-]{1,60})(?:==| +)(\S{1,60})(?: +(\S{1,80}))?/.exec(line))) {
      const conda = m[1] === 'conda';
      facts.packages.push(pastedPackage(m[2]!, m[3]!, SRC, conda ? 'conda' : 'pip', conda ? m[4] : undefined));
    }
  }
  return { facts, events: [] };
}

function addGpu(gpus: ReturnType<typeof emptyFacts>['gpus'], name: string, index: number): void {
  const n = name.trim();
  if (!gpus.some((g) => g.index === index)) gpus.push(pastedGpu(n, index, SRC));
}
