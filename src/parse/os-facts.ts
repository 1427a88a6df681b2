// The operating system a paste shows beyond the structured outputs other parsers read (os-release, lsb_release,
// uname -a, collect_env's "OS:"): the distribution's kernel release ("5.15.0-91-generic", "…el9_4.x86_64"), the
// package tools the person ran and the repositories their output names, a distribution named with its release in
// prose, a container's shell prompt, Windows paths and prompts. Facts only from signals that name the system:
// one word such as "arch" (an architecture) or an image tag ("nvidia/cuda:12.4.1-devel-ubuntu22.04", "FROM ubuntu:22.04")
// names no OS. Runs after the other parsers; a fact they stated wins.
import { msg } from './messages.js';
import { emptyFacts, pasted, type ParseResult, type PartialSnapshot } from './types.js';

type Family = 'windows' | 'linux';

interface Found {
  id: string;
  version?: string;
  name?: string;
  source: string;
  /** 3: names the release (kernel, package, repository); 2: the distribution in prose or its own tool; 1: the package tool only. */
  strength: number;
}

/** Ubuntu and Debian codenames in repository lines ("jammy InRelease", "bookworm-updates"). */
const UBUNTU_CODENAMES: Record<string, string> = {
  bionic: '18.04',
  focal: '20.04',
  jammy: '22.04',
  noble: '24.04',
  oracular: '24.10',
  plucky: '25.04',
  questing: '25.10',
};
const DEBIAN_CODENAMES: Record<string, string> = { buster: '10', bullseye: '11', bookworm: '12', trixie: '13', forky: '14' };

/** NVIDIA's repository folders: repos/ubuntu2204, repos/rhel9, repos/fedora41, repos/sles15, repos/wsl-ubuntu. */
const NVIDIA_REPO = /developer\.download\.nvidia\.com\/compute\/cuda\/repos\/(wsl-ubuntu|ubuntu|debian|rhel|fedora|sles|opensuse|amzn)(\d{0,4})\//i;

/**
 * A line a person typed at a shell: after a prompt ("$ ", "user@host:~$ ", "[user@host ~]$ ") or starting with sudo.
 * (A bare "# " is a markdown heading as often as a root prompt; a Dockerfile's RUN line is the image's.)
 */
const PROMPT = /^\s{0,4}(?:\$\s+|[\w.-]{1,32}@[\w.-]{1,64}:[^\s$#]{0,200}[$#]\s*|\[[\w.-]{1,32}@[\w.-]{1,64}[^\]]{0,200}\][$#]\s*)/;
const SUDO = /^\s{0,4}sudo\s+(?:-\S+\s+)*/;

/** The command of a typed line, without its prompt and sudo; undefined for a line nobody typed. */
function typed(raw: string): string | undefined {
  const p = PROMPT.exec(raw);
  const rest = p ? raw.slice(p[0].length) : raw;
  const s = SUDO.exec(rest);
  if (!p && !s) return undefined;
  return s ? rest.slice(s[0].length) : rest;
}

/** Lines about a container image: a distribution named there is the image's, not the system's. */
const IMAGE_LINE = /\b(?:FROM|docker|podman|image|images|container|nvcr\.io|nvidia\/cuda|tag)\b|[-:/]ubuntu\d|ubuntu:\d/i;

/** `known`: the facts the other parsers stated; an OS they named is kept whole (no release of another one mixed in). */
export function parseOsFacts(lines: readonly string[], binary = false, known?: PartialSnapshot): ParseResult {
  const facts = emptyFacts();
  if (binary) return { facts, events: [] };
  const found: Found[] = [];
  let windows: string | undefined;
  let wslSeen = false;
  let container: string | undefined;
  for (const raw of lines) {
    if (raw.length > 2000) continue;
    let m: RegExpExecArray | null;
    if (/\bWSL\s?2?\b|microsoft-standard|\/usr\/lib\/wsl\b/i.test(raw)) wslSeen = true;
    // Docker names a container after its short id: "root@3f2a1b4c5d6e:/workspace#".
    if (/^\s{0,4}\w{1,32}@[0-9a-f]{12}:[^\s]{0,200}[#$](?:\s|$)/.test(raw) || /\/\.dockerenv\b/.test(raw)) container ??= 'docker';
    // Native Windows: a PowerShell prompt, a drive path with a folder, an .exe or .dll named by its Windows path.
    if (/^\s{0,4}PS [A-Z]:\\/.test(raw) || /(?:^|[\s"'(=])[A-Za-z]:\\[\w .()-]{1,60}\\/.test(raw)) windows ??= 'Windows path';
    else if (/^\s{0,4}[A-Z]:\\[^>\n]{0,200}>\s?\S/.test(raw)) windows ??= 'Windows prompt';
    found.push(...kernelRelease(raw), ...packages(raw));
    const cmd = typed(raw);
    if (cmd !== undefined) found.push(...typedCommand(cmd));
    if ((m = NVIDIA_REPO.exec(raw))) found.push(...nvidiaRepo(m));
    if (!IMAGE_LINE.test(raw)) found.push(...prose(raw));
  }
  const best = found.sort((a, b) => b.strength - a.strength)[0];
  // Windows and a Linux distribution named in one text (a shell on a server, pasted from Windows): neither is certain.
  const nativeWindows = windows !== undefined && !wslSeen;
  const family: Family | undefined = nativeWindows ? (best && best.strength >= 2 ? undefined : 'windows') : best ? 'linux' : undefined;
  if (known?.os.id) {
    // the OS is already stated
  } else if (family === 'windows') facts.os.id = { value: 'windows', source: pasted(windows!) };
  else if (family === 'linux' && best) {
    facts.os.id = { value: best.id, source: best.source };
    if (best.version) facts.os.versionId = { value: best.version, source: best.source };
    if (best.name) facts.os.prettyName = { value: best.name, source: best.source };
  }
  if (container && family !== 'windows') facts.os.container = { value: container, source: pasted('shell prompt') };
  return { facts, events: [] };
}

/**
 * The distribution a kernel release names: Ubuntu's flavours ("6.8.0-31-generic", "-aws", "-azure"), Debian's
 * architecture suffix ("6.1.0-18-amd64"; Proxmox's "-pve" is Debian's userland), Enterprise Linux and Fedora dist tags
 * ("5.14.0-427.13.1.el9_4", "6.8.9-300.fc40"), Amazon Linux ("…amzn2023"), Arch's package release ("6.9.7-arch1-1",
 * "-zen1-1-zen", "6.6.36-1-lts"), SUSE's flavour ("5.14.21-150500.55.39-default", "6.9.7-1-default").
 */
function kernelRelease(raw: string): Found[] {
  let m: RegExpExecArray | null;
  const src = pasted('kernel release');
  if ((m = /\b\d\.\d{1,2}\.\d{1,3}-\d{1,4}(?:\.\d{1,4}){0,4}\.el(\d{1,2})(?:_\d{1,2})?\b/.exec(raw)))
    return [{ id: 'rhel', version: m[1]!, name: `Enterprise Linux ${m[1]} (RHEL, Rocky, Alma, Oracle)`, source: src, strength: 3 }];
  if ((m = /\b\d\.\d{1,2}\.\d{1,3}-\d{1,4}(?:\.\d{1,4}){0,3}\.fc(\d{2})\b/.exec(raw))) return [{ id: 'fedora', version: m[1]!, source: src, strength: 3 }];
  if ((m = /\b\d\.\d{1,2}\.\d{1,3}-\d{1,4}(?:\.\d{1,4}){0,3}\.amzn(2023|2)\b/.exec(raw))) return [{ id: 'amzn', version: m[1]!, source: src, strength: 3 }];
  if (/\b\d\.\d{1,2}\.\d{1,3}-\d{1,4}-(?:generic|lowlatency|aws|azure|gcp|gke|oracle|nvidia|kvm|ibm)(?:-\w{1,10})?\b/.test(raw))
    return [{ id: 'ubuntu', source: src, strength: 3 }];
  if (/\b\d\.\d{1,2}\.\d{1,3}-\d{1,4}-(?:cloud-|rt-)?(?:amd64|arm64)\b|\b\d\.\d{1,2}\.\d{1,3}-\d{1,3}-pve\b/.test(raw))
    return [{ id: 'debian', source: src, strength: 3 }];
  if (/\b\d\.\d{1,2}\.\d{1,3}(?:\.\w{1,8})?-(?:arch|zen|hardened)\d{1,2}-\d{1,3}\b|\b\d\.\d{1,2}\.\d{1,3}-\d{1,3}-lts\b/.test(raw))
    return [{ id: 'arch', source: src, strength: 3 }];
  if (/\b\d\.\d{1,2}\.\d{1,3}-\d{1,3}-MANJARO\b/.test(raw)) return [{ id: 'manjaro', source: src, strength: 3 }];
  if (/\b\d\.\d{1,2}\.\d{1,3}-\d{1,6}(?:\.\d{1,4}){0,3}-default\b/.test(raw)) return [{ id: 'opensuse', name: 'SUSE Linux', source: src, strength: 3 }];
  return [];
}

/** RPM package names with a distribution tag ("akmod-nvidia-565.77-1.fc41.x86_64", "kmod-nvidia-…el9_4.x86_64"). */
function packages(raw: string): Found[] {
  const m = /[\w+-]\.(fc|el)(\d{1,2})(?:_\d{1,2})?\.(?:x86_64|noarch|aarch64|i686)\b/.exec(raw);
  if (!m) return [];
  return m[1] === 'fc'
    ? [{ id: 'fedora', version: m[2]!, source: pasted('package name'), strength: 3 }]
    : [{ id: 'rhel', version: m[2]!, name: `Enterprise Linux ${m[2]} (RHEL, Rocky, Alma, Oracle)`, source: pasted('package name'), strength: 3 }];
}

/**
 * A package tool the person ran. The tool names its family only (apt: Debian or Ubuntu; dnf/yum: Fedora or RHEL),
 * except where the command itself is one distribution's: ubuntu-drivers and Ubuntu's nvidia-driver-<branch> packages,
 * pacman and the AUR helpers (Arch and derivatives), zypper (SUSE).
 */
function typedCommand(line: string): Found[] {
  let m: RegExpExecArray | null;
  if (/^ubuntu-drivers\b/.test(line) || /^apt(?:-get)?\s+install\b[^\n]{0,200}\bnvidia-driver-\d{3}(?:-open|-server(?:-open)?)?\b/.test(line))
    return [{ id: 'ubuntu', source: pasted('ubuntu command'), strength: 2 }];
  if ((m = /^(apt|apt-get|dpkg|dnf|yum|zypper|pacman|yay|paru)\s/.exec(line))) {
    const tool = m[1]!;
    if (tool === 'pacman' || tool === 'yay' || tool === 'paru')
      return [{ id: 'arch', name: 'Arch Linux (pacman)', source: pasted(`${tool} command`), strength: 2 }];
    if (tool === 'zypper') return [{ id: 'opensuse', name: 'SUSE Linux (zypper)', source: pasted('zypper command'), strength: 2 }];
    const apt = tool === 'apt' || tool === 'apt-get' || tool === 'dpkg';
    return [
      {
        id: apt ? 'apt-based' : 'dnf-based',
        name: msg(apt ? 'os.aptFamily' : 'os.dnfFamily'),
        source: pasted(`${tool} command`),
        strength: 1,
      },
    ];
  }
  return [];
}

function nvidiaRepo(m: RegExpExecArray): Found[] {
  const [kind, num] = [m[1]!.toLowerCase(), m[2] ?? ''];
  const src = pasted("NVIDIA's repository URL");
  if (kind === 'ubuntu' || kind === 'wsl-ubuntu')
    return [{ id: 'ubuntu', ...(num.length === 4 ? { version: `${num.slice(0, 2)}.${num.slice(2)}` } : {}), source: src, strength: 3 }];
  if (kind === 'sles') return [{ id: 'sles', ...(num ? { version: num } : {}), source: src, strength: 3 }];
  if (kind === 'opensuse') return [{ id: 'opensuse-leap', ...(num ? { version: num } : {}), source: src, strength: 3 }];
  return [{ id: kind, ...(num ? { version: num } : {}), source: src, strength: 3 }];
}

/** A distribution named in prose or by its package output ("Ubuntu 22.04", "Fedora 41", "Rocky Linux 9.4", "Arch Linux"). */
function prose(raw: string): Found[] {
  let m: RegExpExecArray | null;
  const src = pasted('text');
  const at = (id: string, version?: string, strength = 2): Found[] => [{ id, ...(version ? { version } : {}), source: src, strength }];
  // apt's output names the archive and the release: "Get:1 http://archive.ubuntu.com/ubuntu jammy InRelease".
  if ((m = /\b(?:archive|security|ports)\.ubuntu\.com\/ubuntu\S{0,10}\s(\w+)/.exec(raw))) return at('ubuntu', UBUNTU_CODENAMES[m[1]!.split('-')[0]!], 3);
  if ((m = /\b(?:deb|security|ftp\.\w{2})\.debian\.org\/debian(?:-security)?\S{0,10}\s(\w+)/.exec(raw)))
    return at('debian', DEBIAN_CODENAMES[m[1]!.split('-')[0]!], 3);
  // pacman's and zypper's own output.
  if (/^:: Synchronizing package databases/.test(raw)) return at('arch', undefined, 2);
  if ((m = /\bopenSUSE[-_ ]Leap[-_ ](\d{2}\.\d)\b/i.exec(raw))) return at('opensuse-leap', m[1]!);
  if (/\bopenSUSE[-_ ]Tumbleweed\b/i.test(raw)) return at('opensuse-tumbleweed');
  if ((m = /\b(?:SLES|SLED|SUSE Linux Enterprise(?: Server| Desktop)?)\s?(1[2-6])(?:[ -]?SP\d)?\b/.exec(raw))) return at('sles', m[1]!);
  if ((m = /(?<![-:/\w])Ubuntu\s?(\d{2}\.\d{2})(?:\.\d{1,2})?\b/i.exec(raw))) return at('ubuntu', m[1]!);
  if ((m = /(?<![-:/\w])Debian(?: GNU\/Linux)?\s?(\d{1,2})\b/i.exec(raw)) || (m = /(?<![-:/\w])Debian\s\(?(buster|bullseye|bookworm|trixie)\b/i.exec(raw)))
    return at('debian', DEBIAN_CODENAMES[m[1]!.toLowerCase()] ?? m[1]!);
  if ((m = /\bFedora(?: Linux| Workstation| Server)?\s?(\d{2})\b/i.exec(raw))) return at('fedora', m[1]!);
  if ((m = /\b(?:RHEL|Red Hat Enterprise Linux(?: Server)?)\s?(\d{1,2})(?:\.\d{1,2})?\b/.exec(raw))) return at('rhel', m[1]!);
  if ((m = /\bRocky(?: Linux)?\s?(\d{1,2})(?:\.\d{1,2})?\b/i.exec(raw))) return at('rocky', m[1]!);
  if ((m = /\bAlma ?Linux(?: OS)?\s?(\d{1,2})(?:\.\d{1,2})?\b/i.exec(raw))) return at('almalinux', m[1]!);
  if ((m = /\bCentOS(?: Stream| Linux)?\s?(\d{1,2})\b/.exec(raw))) return at('centos', m[1]!);
  if ((m = /\bOracle Linux(?: Server)?\s?(\d{1,2})(?:\.\d{1,2})?\b/.exec(raw))) return at('ol', m[1]!);
  if ((m = /\bAmazon Linux\s?(2023|2)\b/.exec(raw))) return at('amzn', m[1]!);
  if ((m = /\bLinux Mint\s?(\d{2})(?:\.\d)?\b/.exec(raw))) return at('linuxmint', m[1]!);
  if ((m = /\bPop!_OS\s?(\d{2}\.\d{2})\b/.exec(raw))) return at('pop', m[1]!);
  // Arch by name; "arch" alone is an architecture (uname -m, --arch, TORCH_CUDA_ARCH_LIST), so only "Arch Linux",
  // its derivatives, or "on/using Arch" with a capital A and nothing joined to it.
  if (/\bArch ?Linux\b/i.test(raw) || /\b(?:on|using|running|use|with|under|my)\s+Arch\b(?![-:_/.\w])/.test(raw)) return at('arch');
  if ((m = /\b(Manjaro|EndeavourOS|CachyOS|Garuda Linux)\b/.exec(raw))) return at(m[1]!.toLowerCase().replace(' linux', ''));
  return [];
}
