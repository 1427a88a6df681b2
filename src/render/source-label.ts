// Evidence sources are provenance tags ("pasted", "pasted:error message", "pasted (signature no-kernel-image)",
// "sysfs:/sys/…", "nvml"): the JSON keeps them as they are, for scripts. In text the parts gpuenv wrote itself read in
// the output language; paths, library and program names stay as they are.
import { msg } from './messages.js';

const PARTS: Record<string, Parameters<typeof msg>[0]> = {
  'error message': 'src.part.errorMessage',
  text: 'src.part.text',
  'apt history': 'src.part.aptHistory',
  'apt history (module loaded before the upgrade)': 'src.part.aptHistoryOld',
};

export function sourceLabel(source: string): string {
  const sig = /^pasted \(signature ([\w.:-]+)\)$/.exec(source);
  if (sig) return msg('src.pastedSignature', { id: sig[1]! });
  if (source === 'pasted') return msg('src.pasted');
  if (source.startsWith('pasted:')) {
    const part = source.slice('pasted:'.length);
    const key = PARTS[part];
    return msg('src.pastedPart', { what: key ? msg(key) : part });
  }
  return source;
}
