// TF before 2.1 shipped its GPU build as a separate package: an export must not pin the CPU-only one.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';

describe('export requirements for an old TensorFlow', () => {
  it('pins tensorflow-gpu before 2.1 and tensorflow[and-cuda] from 2.14', async () => {
    const old = fakeIo();
    expect(await main(['export', 'requirements', '--framework', 'tensorflow@1.14', '--python', '3.7'], { io: old })).toBe(0);
    expect(old.stdout()).toMatch(/^tensorflow-gpu==1\.14\.0$/m);
    const recent = fakeIo();
    expect(await main(['export', 'requirements', '--framework', 'tensorflow@2.15', '--python', '3.11'], { io: recent })).toBe(0);
    expect(recent.stdout()).toMatch(/^tensorflow\[and-cuda\]==2\.15\.0$/m);
  });
});
