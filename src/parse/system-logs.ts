// dmesg (NVRM, Secure Boot, nouveau), ldd, uname -a, os-release / lsb_release, nvcc --version, env variables.
import { splitLdPreload } from '../formats/ld-preload.js';
import { parseNvccVersion } from '../formats/nvcc-version.js';
import { parseOsRelease } from '../formats/os-release.js';
import type { LibraryCopy } from '../snapshot/types.js';
import { pastedToolkit } from './build.js';
import { envAssignments } from './env-lines.js';
import { emptyFacts, pasted, type ParseResult } from './types.js';

/** A row of lsmod (or /proc/modules: "nouveau 2969600 3 - Live 0x0000000000000000") for nouveau or an nvidia module. */
const LSMOD_ROW =
  /^\s{0,4}(nouveau|nvidia(?:_drm|_modeset|_uvm)?)\s{1,30}\d{4,10}\s{1,10}\d{1,4}(?:\s{1,10}(?:[\w,-]{1,400}|-)){0,1}(?:\s{1,4}Live 0x[0-9a-f]{1,16}(?:\s\([A-Z]{1,8}\))?)?\s*$/;

export function parseSystemLogs(lines: readonly string[]): ParseResult {
  const facts = emptyFacts();
  const osRelease: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    let m: RegExpExecArray | null;
    // WSL 2: its kernel string, the folders the Windows driver is mapped to, its dxcore layer (before any `continue`).
    // Prose counts too ("in WSL environment", "on a WSL machine", "Ubuntu app WSL"), unless it says WSL 1 or that this is not WSL.
    if (
      /microsoft-standard-WSL2|\/usr\/lib\/wsl\/(lib|drivers)\b|\bWSL2\b|\bdxcore\b/.test(raw) ||
      (/\bWSL\b/.test(raw) && !/\bWSL ?1\b|\b(?:not|without|outside|instead of) (?:using |in |on )?WSL\b/i.test(raw))
    )
      facts.os.wsl ??= { value: true, source: pasted('text') };
    // "secure boot enabled", "SecureBoot enabled" (mokutil --sb-state), "Secure Boot: on"
    if (/\bsecure ?boot\b/i.test(raw)) {
      if (
        /\bsecure ?boot(?: is| was| state)?:?\s{0,3}(?:enabled|on|turned on|active)\b/i.test(raw) &&
        !/\b(?:not|isn'?t|never)\b[^\n]{0,20}secure ?boot|secure ?boot[^\n]{0,12}\b(?:disabled|off)\b/i.test(raw)
      )
        facts.os.secureBoot ??= { value: 'enabled', source: pasted('text') };
      else if (/\bsecure ?boot(?: is| was| state)?:?\s{0,3}(?:disabled|off|turned off)\b/i.test(raw))
        facts.os.secureBoot ??= { value: 'disabled', source: pasted('text') };
    }
    // lsmod (the same facts /proc/modules gives a probe): "nouveau  2969600  3", "nvidia_uvm  1400832  0", "nvidia  56733696  2 nvidia_uvm,nvidia_modeset"
    if ((m = LSMOD_ROW.exec(raw))) {
      if (m[1] === 'nouveau') facts.os.nouveau = { loaded: { value: true, source: pasted('lsmod') }, blacklisted: facts.os.nouveau?.blacklisted ?? null };
      else facts.driver.moduleLoaded ??= { value: true, source: pasted('lsmod') };
      continue;
    }
    // dmesg
    if (raw.includes('NVRM') || raw.includes('nvidia') || raw.includes('ecure') || raw.includes('nouveau') || raw.includes('Lockdown')) {
      if ((m = /NVRM: loading NVIDIA UNIX (?:Open Kernel Module for )?[\w-]{0,20}\s{0,4}(?:Kernel Module\s{1,4})?(\d{3,}\.\d+(?:\.\d+)?)/.exec(raw))) {
        facts.driver.kernelModule ??= { value: m[1]!, source: pasted('dmesg') };
        facts.driver.moduleLoaded ??= { value: true, source: pasted('dmesg') };
      }
      if (/secureboot: Secure boot enabled|Secure boot enabled|Lockdown: [^\n]{0,80}restricted/i.test(raw))
        facts.os.secureBoot ??= { value: 'enabled', source: pasted('dmesg') };
      else if (/secureboot: Secure boot disabled|SecureBoot disabled/i.test(raw)) facts.os.secureBoot ??= { value: 'disabled', source: pasted('dmesg') };
      if (/\[drm\][^\n]{0,40}nouveau|nouveau \d{4}:[0-9a-f]{2}:|nouveau[^\n]{0,20}(fifo|DRM:|bus:|NVIDIA [A-Z]{2}\d)/i.test(raw))
        facts.os.nouveau = { ...facts.os.nouveau, loaded: { value: true, source: pasted('dmesg') }, blacklisted: facts.os.nouveau?.blacklisted ?? null };
      if ((m = /NVRM version: .{0,80}/.exec(raw))) {
        const v = /\s(\d{3,}\.\d+(?:\.\d+)?)\s/.exec(`${raw} `);
        if (v) facts.driver.kernelModule ??= { value: v[1]!, source: pasted('/proc/driver/nvidia/version') };
        facts.driver.moduleFlavor ??= { value: /Open Kernel Module/i.test(raw) ? 'open' : 'proprietary', source: pasted('/proc/driver/nvidia/version') };
      }
    }
    // ldd
    if ((m = /^\s{0,8}(lib[\w+.-]{1,60}\.so[\w.]{0,20}) => (not found|(\/\S{1,300}) \(0x[0-9a-f]{1,16}\))/.exec(raw))) {
      if (m[2] === 'not found') facts.missingLibraries.push({ value: m[1]!, source: pasted('ldd') });
      else {
        const copy = libraryCopy(m[1]!, m[3]!);
        if (copy) facts.libraries.push(copy);
      }
      continue;
    }
    // ldconfig -p: "libcudnn_ops.so.9 (libc6,x86-64) => /lib/x86_64-linux-gnu/libcudnn_ops.so.9"
    if ((m = /^\s{0,8}(lib[\w+.-]{1,60}\.so[\w.]{0,20}) \(libc6[^)]{0,30}\) => (\/\S{1,300})$/.exec(raw))) {
      const copy = libraryCopy(m[1]!, m[2]!);
      if (copy && !facts.libraries.some((l) => l.dir === copy.dir && l.name === copy.name))
        facts.libraries.push({ ...copy, inLdCache: true, version: copy.version ? { ...copy.version, source: pasted('ldconfig -p') } : null });
      continue;
    }
    // /proc/version (dmesg's first line too): "Linux version 5.10.16.3-microsoft-standard-WSL2 (oe-user@oe-host) …"
    if ((m = /^\s{0,4}(?:\[\s{0,6}\d{1,8}\.\d{1,6}\]\s{0,2})?Linux version (\d+\.\d+\.\d+\S{0,80}) \(/.exec(raw))) {
      facts.os.kernel ??= { value: m[1]!, source: pasted('/proc/version') };
      if (/microsoft/i.test(m[1]!)) facts.os.wsl ??= { value: true, source: pasted('/proc/version') };
    }
    // uname -a
    if ((m = /^Linux (\S{1,64}) (\d+\.\d+\.\d+\S{0,80}) #[^\n]{0,200}? (x86_64|aarch64|ppc64le)(?: \S{1,20}){0,3} GNU\/Linux$/.exec(raw.trim()))) {
      facts.os.kernel ??= { value: m[2]!, source: pasted('uname -a') };
      facts.os.arch ??= { value: m[3]!, source: pasted('uname -a') };
      facts.os.wsl ??= { value: /microsoft|WSL/i.test(m[2]!), source: pasted('uname -a') };
      continue;
    }
    // os-release and lsb_release
    if (/^(NAME|ID|VERSION_ID|PRETTY_NAME|ID_LIKE|VERSION)=/.test(raw.trim())) osRelease.push(raw.trim());
    if ((m = /^Distributor ID:\s{1,20}(\S{1,30})/.exec(raw))) facts.os.id ??= { value: m[1]!.toLowerCase(), source: pasted('lsb_release') };
    if ((m = /^Release:\s{1,20}(\d+(?:\.\d+)?)/.exec(raw))) facts.os.versionId ??= { value: m[1]!, source: pasted('lsb_release') };
    // nvcc --version
    if (/Cuda compilation tools, release/.test(raw)) {
      const v = parseNvccVersion(raw);
      if (v && !facts.toolkits.some((t) => t.version?.value === v)) facts.toolkits.push(pastedToolkit(v, pasted('nvcc --version')));
    }
    // environment variables in `env`, `export X=…`, docker -e, os.environ, NCCL's "set by environment" lines
    for (const [name, value] of envAssignments(raw)) facts.env[name] ??= value;
    // `echo $LD_LIBRARY_PATH` (or $CUDA_HOME …): the value is the next non-empty line when it looks like paths.
    if ((m = /\becho\s{1,4}"?\$\{?(LD_LIBRARY_PATH|LD_PRELOAD|CUDA_HOME|CUDA_PATH|CUDA_VISIBLE_DEVICES)\}?"?\s*$/.exec(raw))) {
      const next = lines
        .slice(i + 1, i + 3)
        .map((l) => l.trim())
        .find((l) => l !== '');
      const name = m[1]!;
      // LD_PRELOAD: shared objects separated by spaces or colons (ld.so(8)), by path or bare name.
      const preload = (v: string) => v.length <= 2000 && splitLdPreload(v).every((x) => /^[\w./+-]+$/.test(x) && /\.so(?:\.|$)/.test(x));
      const fits = (v: string) =>
        name === 'CUDA_VISIBLE_DEVICES' ? /^[\w,-]{0,200}$/.test(v) : name === 'LD_PRELOAD' ? preload(v) : /^[/~$][^\s"'`]{0,2000}$/.test(v);
      if (next && fits(next)) facts.env[name] ??= next;
    }
  }
  if (osRelease.length) {
    const r = parseOsRelease(osRelease.join('\n'));
    const src = pasted('os-release');
    if (r.ID) facts.os.id ??= { value: r.ID.toLowerCase(), source: src };
    if (r.VERSION_ID) facts.os.versionId ??= { value: r.VERSION_ID, source: src };
    if (r.PRETTY_NAME) facts.os.prettyName ??= { value: r.PRETTY_NAME, source: src };
  }
  return { facts, events: [] };
}

/** "libcudnn.so.8 => /usr/lib/x86_64-linux-gnu/libcudnn.so.8" → a cuDNN 8 copy in that folder. */
export function libraryCopy(soname: string, path: string): LibraryCopy | undefined {
  const kind = /^lib(cudnn|nccl|cudart|cublas)(?:Lt)?\.so/.exec(soname)?.[1] as LibraryCopy['name'] | undefined;
  if (!kind) return undefined;
  const v = /\.so\.(\d+(?:\.\d+){0,2})$/.exec(path) ?? /\.so\.(\d+(?:\.\d+){0,2})$/.exec(soname);
  const dir = path.slice(0, path.lastIndexOf('/')) || '/';
  return {
    name: kind,
    version: v ? { value: v[1]!, source: pasted('ldd') } : null,
    dir,
    files: [path],
    header: null,
    origin: /site-packages\/nvidia\//.test(path)
      ? 'pip-wheel'
      : /conda|miniforge|mambaforge/.test(path)
        ? 'conda'
        : /\/cuda[-\d.]*\//.test(path)
          ? 'toolkit'
          : 'system',
    inLdCache: false,
    onLdLibraryPath: false,
  };
}
