// What a library a text says cannot be found is: cuDNN of some major, a CUDA library of some CUDA, a driver library,
// a Windows DLL, or another library. Read by the library rules and by framework-cuda-mismatch.
import { dllCuda } from '../parse/framework-logs.js';
import type { ExplainContext } from './context.js';

export interface MissingLib {
  name: string;
  kind: 'cudnn' | 'cuda' | 'driver' | 'dll-cuda' | 'dll-cudnn' | 'other';
  major: string | undefined;
  component: string;
}

export function classify(lib: string): MissingLib {
  let r: RegExpExecArray | null;
  if ((r = /^libcudnn\w*\.so\.(\d+)/.exec(lib))) return { name: lib, kind: 'cudnn', major: r[1], component: 'cuDNN' };
  if ((r = /^cudnn\w*64_(\d+)\.dll$/i.exec(lib))) return { name: lib, kind: 'dll-cudnn', major: r[1], component: 'cuDNN' };
  if (/\.dll$/i.test(lib)) return { name: lib, kind: 'dll-cuda', major: dllCuda(lib), component: /^(\w+?)64/.exec(lib)?.[1] ?? 'CUDA' };
  if (/^lib(cuda|nvidia-ml)\.so/.test(lib)) return { name: lib, kind: 'driver', major: undefined, component: 'driver' };
  if ((r = /^lib(cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|nvrtc|nvJitLink|nvToolsExt|cupti|nccl)\.so\.(\d+)(?:\.(\d+))?/.exec(lib))) {
    // Up to CUDA 10.0 every library's soname carried the CUDA major.minor (libcublas.so.10.0, libcufft.so.9.2); later
    // ones carry their own major only (libcublas.so.12, libcufft.so.11), except libcudart's.
    return { name: lib, kind: 'cuda', major: r[3] !== undefined && (r[1] === 'cudart' || Number(r[2]) <= 10) ? `${r[2]}.${r[3]}` : r[2], component: r[1]! };
  }
  return { name: lib, kind: 'other', major: undefined, component: 'library' };
}

/** The libraries the text says cannot be found, classified; unrelated ones (not CUDA, cuDNN, NCCL or NVIDIA) left out. */
export function missingLibs(ctx: ExplainContext): MissingLib[] {
  return ctx.facts.missingLibraries.map((f) => classify(f.value)).filter((l) => l.kind !== 'other' || /cuda|cudnn|nccl|nv/i.test(l.name));
}
