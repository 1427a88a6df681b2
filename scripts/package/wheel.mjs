// Builds a PEP 427 wheel that carries one standalone executable and the tiny launcher package
// (python/gpuenv/). Offline: a wheel is a zip with METADATA, WHEEL, entry points and a RECORD of hashes.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeZip } from './zip.mjs';

const b64 = (buf) => createHash('sha256').update(buf).digest('base64url');

/** The wheel's platform tag from what the executable needs (PEP 600). */
export function platformTag(machine, glibc) {
  return `manylinux_${glibc[0]}_${glibc[1]}_${machine}`;
}

export function wheelName(version, tag) {
  return `gpuenv-${version}-py3-none-${tag}.whl`;
}

/**
 * @param {{ root: string, version: string, machine: string, glibc: [number, number], executable: Buffer,
 *   summary: string, readme: string, licenses: { name: string, text: string }[] }} o
 */
export function buildWheel(o) {
  const tag = platformTag(o.machine, o.glibc);
  const info = `gpuenv-${o.version}.dist-info`;
  const files = [];
  const pkgDir = join(o.root, 'python', 'gpuenv');
  for (const name of readdirSync(pkgDir)
    .filter((n) => n.endsWith('.py'))
    .sort()) {
    files.push({ name: `gpuenv/${name}`, data: readFileSync(join(pkgDir, name)) });
  }
  files.push({
    name: 'gpuenv/_target.py',
    data: Buffer.from(
      `# Written by scripts/package/wheel.mjs: what the bundled executable is built for.\n` +
        `VERSION = ${JSON.stringify(o.version)}\nMACHINE = ${JSON.stringify(o.machine)}\nMIN_GLIBC = (${o.glibc[0]}, ${o.glibc[1]})\n`,
    ),
  });
  files.push({ name: 'gpuenv/bin/gpuenv', data: o.executable, mode: 0o755 });
  files.push({
    name: `${info}/METADATA`,
    data: Buffer.from(
      [
        'Metadata-Version: 2.1',
        'Name: gpuenv',
        `Version: ${o.version}`,
        `Summary: ${o.summary}`,
        'License: MIT',
        'Requires-Python: >=3.8',
        'Classifier: Environment :: Console',
        'Classifier: Environment :: GPU :: NVIDIA CUDA',
        'Classifier: License :: OSI Approved :: MIT License',
        'Classifier: Operating System :: POSIX :: Linux',
        'Classifier: Topic :: System :: Systems Administration',
        'Description-Content-Type: text/markdown',
        '',
        o.readme,
      ].join('\n'),
    ),
  });
  files.push({
    name: `${info}/WHEEL`,
    data: Buffer.from(`Wheel-Version: 1.0\nGenerator: gpuenv scripts/package\nRoot-Is-Purelib: false\nTag: py3-none-${tag}\n`),
  });
  files.push({ name: `${info}/entry_points.txt`, data: Buffer.from('[console_scripts]\ngpuenv = gpuenv._launcher:main\n') });
  for (const l of o.licenses) files.push({ name: `${info}/licenses/${l.name}`, data: Buffer.from(l.text) });
  const record = files.map((f) => `${f.name},sha256=${b64(f.data)},${f.data.length}`);
  record.push(`${info}/RECORD,,`);
  files.push({ name: `${info}/RECORD`, data: Buffer.from(`${record.join('\n')}\n`) });
  return { name: wheelName(o.version, tag), tag, data: makeZip(files) };
}
