// Brings a pinned registry package into .release-cache/ with `npm pack` (the registry is the only
// source: no other download), checks the tarball against its pinned integrity, and unpacks it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export function integrityOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/** Returns the folder of the unpacked package (its `package/` folder). */
export function fetchPinned(cacheDir, name, version, integrity, log) {
  mkdirSync(cacheDir, { recursive: true });
  const tgz = join(cacheDir, `${name.replace('@', '').replace('/', '-')}-${version}.tgz`);
  const dir = `${tgz.slice(0, -4)}.d`;
  if (existsSync(join(dir, 'package', 'package.json')) && existsSync(tgz) && integrityOf(tgz) === integrity) return join(dir, 'package');
  if (!existsSync(tgz) || integrityOf(tgz) !== integrity) {
    log(`fetching ${name}@${version}`);
    rmSync(tgz, { force: true });
    execFileSync('npm', ['pack', `${name}@${version}`, '--pack-destination', cacheDir, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 600_000,
    });
  }
  const got = integrityOf(tgz);
  if (got !== integrity) {
    rmSync(tgz, { force: true });
    throw new Error(`${name}@${version}: integrity ${got} is not the pinned ${integrity}`);
  }
  const tmp = `${dir}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp);
  execFileSync('tar', ['-xzf', tgz, '-C', tmp], { stdio: 'inherit', timeout: 300_000 });
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return join(dir, 'package');
}
