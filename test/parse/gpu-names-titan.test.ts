// GeForce TITAN boards named in prose (src/parse/gpu-names.ts): the Kepler GK110 TITANs (GTX TITAN, TITAN Black,
// TITAN Z: compute capability 3.5) are not in the GPU catalogue, the Maxwell GTX TITAN X (5.2) and the later TITANs
// are. Values from a copy of https://developer.nvidia.com/cuda-gpus (see the KEPLER table in gpu-names.ts).
import { describe, expect, it } from 'vitest';
import { parsePaste } from '../../src/parse/index.js';
import { capabilityOf } from '../../src/parse/gpu-names.js';

const ccs = (text: string) => parsePaste(text).facts.gpus.map((g) => g.computeCapability);

describe('GeForce TITAN boards named in prose', () => {
  it.each([
    ['my GeForce GTX TITAN is not used by pytorch', '3.5'],
    ['GPU: GTX TITAN Black, CUDA 11.8', '3.5'],
    ['NVIDIA GeForce GTX TITAN Z card', '3.5'],
    ['GPU: GeForce GTX TITAN X', '5.2'],
    ['GPU: TITAN Xp', '6.1'],
    ['my TITAN V card', '7.0'],
    ['GPU: TITAN RTX', '7.5'],
  ])('%s → compute capability %s', (text, cc) => {
    expect(ccs(text)).toEqual([cc]);
  });

  it('the Kepler TITANs are named as such, the TITAN X stays the Maxwell catalogue row', () => {
    expect(capabilityOf('GeForce GTX TITAN')).toEqual({ name: 'GeForce GTX TITAN (Kepler)', cc: '3.5' });
    expect(capabilityOf('GTX TITAN Black')).toEqual({ name: 'GeForce GTX TITAN Black (Kepler)', cc: '3.5' });
    expect(capabilityOf('GTX TITAN Z')).toEqual({ name: 'GeForce GTX TITAN Z (Kepler)', cc: '3.5' });
    expect(capabilityOf('GTX TITAN X')?.cc).toBe('5.2');
  });
});
