// The preload lists of the dynamic loader as the rules read them: LD_PRELOAD (the Snapshot's environment, or a
// paste's) and /etc/ld.so.preload (a probe fact). A CUDA library named there is mapped into every process before
// anything else (ld.so(8)), over a framework's bundled copy and over the driver's libcuda; library-shadowing reports
// it, forward-compat-shadowing when it is a cuda-compat libcuda. One set of fix lines for both.
import { splitLdPreload } from '../formats/ld-preload.js';
import type { Snapshot } from '../snapshot/types.js';
import { msg } from './rules/messages.js';

export type PreloadList = 'LD_PRELOAD' | '/etc/ld.so.preload';

export interface Preloads {
  list: PreloadList;
  /** Every entry, in order. */
  entries: string[];
  /** Where the fact came from: env:LD_PRELOAD, pasted, file:/etc/ld.so.preload. */
  source: string;
}

// The CUDA toolkit's and the driver's libraries (and cuDNN, NCCL): the ones frameworks ship or expect from the driver.
const CUDA_LIB =
  /^lib(?:cuda|cudart|cudnn[\w]*|nccl|cublas(?:Lt)?|cufft\w*|curand|cusolver\w*|cusparse\w*|nvrtc[\w-]*|nvJitLink|cupti|nvidia-ml|nvidia-ptxjitcompiler|nvToolsExt)\.so(?:\.[\d.]+)?$/;

const base = (p: string): string => p.slice(p.lastIndexOf('/') + 1);

export function isCudaLibrary(entry: string): boolean {
  return CUDA_LIB.test(base(entry));
}

/** libcuda and libnvidia-ml are the driver's own: their version must be the kernel module's. */
export function isDriverLibrary(entry: string): boolean {
  return /^lib(?:cuda|nvidia-ml)\.so/.test(base(entry));
}

/** The preload lists of a Snapshot that hold at least one entry. */
export function preloadLists(s: Snapshot, envSource = 'env:LD_PRELOAD'): Preloads[] {
  const out: Preloads[] = [];
  const env = splitLdPreload(s.env?.LD_PRELOAD ?? '');
  if (env.length) out.push({ list: 'LD_PRELOAD', entries: env, source: envSource });
  const file = s.ldSoPreload?.value ?? [];
  if (file.length) out.push({ list: '/etc/ld.so.preload', entries: file, source: s.ldSoPreload!.source });
  return out;
}

/** A word for sh: bare when the shell would read nothing in it, else in single quotes. */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The lines that take `drop` out of one preload list and say where else it is set. LD_PRELOAD: unset, or the same
 * list without them, then where shells and containers set it. /etc/ld.so.preload: the file without them (removed when
 * nothing is left); it is read by every new process, so nothing needs rebuilding.
 */
export function preloadFix(p: Preloads, drop: readonly string[], container: string | null): string[] {
  const kept = p.entries.filter((e) => !drop.includes(e));
  if (p.list === 'LD_PRELOAD') {
    return [
      `# ${msg('libraries.plFixEnv')}`,
      kept.length ? `export LD_PRELOAD=${shellWord(kept.join(':'))}` : 'unset LD_PRELOAD',
      `# ${msg('libraries.plFixEnvWhere')}`,
      'grep -n LD_PRELOAD ~/.bashrc ~/.profile ~/.bash_profile /etc/environment /etc/profile.d/*.sh 2>/dev/null',
      ...(container ? [`# ${msg('libraries.plFixContainer', { container })}`] : []),
    ];
  }
  return [
    `# ${msg('libraries.plFixFile')}`,
    kept.length ? `printf '%s\\n' ${kept.map(shellWord).join(' ')} | sudo tee /etc/ld.so.preload` : 'sudo rm /etc/ld.so.preload',
    ...(container ? [`# ${msg('libraries.plFixContainerFile', { container })}`] : []),
  ];
}
