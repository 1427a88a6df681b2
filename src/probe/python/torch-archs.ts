// torch.cuda.get_arch_list() without importing torch: the build's TORCH_CUDA_ARCH_LIST is compiled into
// libtorch_python.so as one string ("sm_75 sm_80 sm_86 sm_90 sm_100 sm_120", seen there on the H200 with
// torch 2.11.0+cu130, 2026-11-30). The fatbin holds more (arch-specific sm_90a … kernels), so both are kept.
import type { ProbeContext } from '../context.js';
import { readElfSectionTable } from '../../formats/elf.js';

const ARCH_LIST = /(?:^|\0)((?:sm|compute)_\d{2,3}[af]?(?: (?:sm|compute)_\d{2,3}[af]?)+)\0/;
const CHUNK = 4 << 20;
// A string crossing a chunk border is found in the next chunk, which starts this much earlier.
const OVERLAP = 512;
// .rodata of libtorch_python.so is a few MB; a far larger one is not what we think it is.
const MAX_RODATA = 256 << 20;

export async function torchDeclaredArchs(ctx: ProbeContext, torchDir: string): Promise<{ archs: string[]; source: string } | null> {
  for (const lib of ['libtorch_python.so', 'libtorch_cuda.so']) {
    const path = `${torchDir}/lib/${lib}`;
    const st = await ctx.sys.stat(path);
    if (st?.kind !== 'file') continue;
    const read = (offset: number, length: number) => ctx.sys.readBytes(path, offset, length);
    const rodata = (await readElfSectionTable(read, st.size))?.find((s) => s.name === '.rodata');
    if (!rodata || rodata.size > MAX_RODATA) continue;
    const decoder = new TextDecoder('latin1');
    for (let at = rodata.offset; at < rodata.offset + rodata.size; at += CHUNK - OVERLAP) {
      const bytes = await read(at, Math.min(CHUNK, rodata.offset + rodata.size - at));
      if (!bytes) break;
      const m = ARCH_LIST.exec(decoder.decode(bytes));
      if (m) return { archs: m[1]!.split(' '), source: `file:${path} (.rodata)` };
    }
  }
  return null;
}
