// bitsandbytes falls back to its CPU library when it cannot load CUDA; when the text also names the CUDA library it
// could not find ("No libcudart.so found!"), that missing library is the cause and the CPU fallback its effect.
import { signatureById } from '../knowledge/error-signatures.js';
import type { ExplainContext } from './context.js';

/** bitsandbytes' CPU fallback with a CUDA library named missing (library-not-found ranks above cpu-only-build then). */
export function bnbMissesLibrary(ctx: ExplainContext): boolean {
  return (
    ctx.facts.missingLibraries.length > 0 ||
    ctx.events.some((e) => e.signature !== 'bnb-cpu-library' && signatureById(e.signature)?.causes[0]?.code === 'library-not-found')
  );
}
