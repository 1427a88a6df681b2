// parse, the OS a paste shows beyond os-release and uname (src/parse/os-facts.ts): kernel releases, package tools and
// their output, distributions named in prose, container prompts, Windows paths; and the weak signals that name no OS.
import { describe, expect, it } from 'vitest';
import { parsePaste } from '../../src/parse/index.js';
import { snapshotFromFacts } from '../../src/parse/snapshot.js';
import { osTarget } from '../../src/install/system.js';
import { checkParse, type ParseRow } from '../helpers/explain.js';

const named: ParseRow[] = [
  {
    name: "Ubuntu's kernel flavour in a modprobe path",
    text: 'modprobe: FATAL: Module nvidia not found in directory /lib/modules/6.8.0-31-generic',
    facts: { 'os.id': 'ubuntu' },
  },
  { name: "Debian's kernel suffix", text: "nvidia: version magic '6.1.0-17-amd64 SMP preempt mod_unload modversions '", facts: { 'os.id': 'debian' } },
  {
    name: 'an Enterprise Linux dist tag names the major release',
    text: 'Error! Bad return status for module build on kernel: 5.14.0-427.13.1.el9_4.x86_64 (x86_64)',
    facts: { 'os.id': 'rhel', 'os.versionId': '9' },
  },
  { name: "Fedora's dist tag in an RPM name", text: 'Installing: akmod-nvidia-3:565.77-1.fc41.x86_64', facts: { 'os.id': 'fedora', 'os.versionId': '41' } },
  { name: "Arch's kernel release", text: 'Linux archbox 6.12.9-arch1-1 #1 SMP PREEMPT_DYNAMIC x86_64', facts: { 'os.id': 'arch' } },
  { name: "SUSE's default flavour", text: 'uname -r: 6.4.0-150600.23.7-default', facts: { 'os.id': 'opensuse' } },
  { name: 'pacman run by the person', text: '[me@box ~]$ sudo pacman -Syu nvidia-open', facts: { 'os.id': 'arch' } },
  { name: 'zypper run by the person', text: '$ sudo zypper install nvidia-compute-utils-G06', facts: { 'os.id': 'opensuse' } },
  {
    name: 'apt run by the person: the family only, not a claim that it is Debian',
    text: 'user@host:~$ sudo apt install cuda-toolkit-12-8',
    facts: { 'os.id': 'apt-based', 'os.versionId': undefined },
  },
  { name: "Ubuntu's driver package name in an apt command", text: '$ sudo apt install nvidia-driver-550', facts: { 'os.id': 'ubuntu' } },
  { name: 'dnf run by the person: Fedora or RHEL', text: '$ sudo dnf install kernel-devel', facts: { 'os.id': 'dnf-based' } },
  {
    name: "apt's output names the archive and the release",
    text: 'Hit:1 http://archive.ubuntu.com/ubuntu noble InRelease',
    facts: { 'os.id': 'ubuntu', 'os.versionId': '24.04' },
  },
  {
    name: "NVIDIA's repository URL names the distribution",
    text: 'sudo dnf config-manager --add-repo https://developer.download.nvidia.com/compute/cuda/repos/rhel9/x86_64/cuda-rhel9.repo',
    facts: { 'os.id': 'rhel', 'os.versionId': '9' },
  },
  { name: 'Fedora in prose with its release', text: 'I am on Fedora 40 with an RTX 4070', facts: { 'os.id': 'fedora', 'os.versionId': '40' } },
  { name: 'Rocky Linux in prose', text: 'Rocky Linux 9.3 server, 4x A100', facts: { 'os.id': 'rocky', 'os.versionId': '9' } },
  { name: 'Arch Linux by name', text: 'Running Arch Linux with the latest nvidia-open', facts: { 'os.id': 'arch' } },
  { name: 'hostnamectl names the OS', text: 'Operating System: openSUSE Leap 15.6', facts: { 'os.id': 'opensuse-leap', 'os.versionId': '15.6' } },
  { name: "a container's shell prompt (Docker names it after its id)", text: 'root@3f2a1b4c5d6e:/workspace# nvidia-smi', facts: { 'os.container': 'docker' } },
  { name: 'a PowerShell prompt is native Windows', text: 'PS C:\\Users\\me> nvidia-smi', facts: { 'os.id': 'windows' } },
  {
    name: 'a Windows conda path is native Windows',
    text: 'File "D:\\anaconda3\\envs\\tf\\lib\\site-packages\\tensorflow\\__init__.py"',
    facts: { 'os.id': 'windows' },
  },
  { name: 'os-release wins over prose', text: 'ID=debian\nVERSION_ID="12"\nI used to run Fedora 39 here', facts: { 'os.id': 'debian', 'os.versionId': '12' } },
];

const weak: ParseRow[] = [
  {
    name: '"arch" alone is an architecture, not Arch Linux',
    text: 'arch: x86_64\nnvcc --gpu-architecture sm_80\nTORCH_CUDA_ARCH_LIST="8.0;8.6"',
    facts: { 'os.id': undefined },
  },
  { name: '"the arch list" in prose', text: 'my arch list is wrong, the Arch: field shows sm_90', facts: { 'os.id': undefined } },
  {
    name: 'a CUDA image tag names the image, not the OS',
    text: 'docker run --gpus all nvidia/cuda:12.4.1-devel-ubuntu22.04 nvidia-smi',
    facts: { 'os.id': undefined },
  },
  {
    name: 'a Dockerfile names the image, not the OS',
    text: 'FROM ubuntu:22.04\nRUN apt-get update && apt-get install -y python3',
    facts: { 'os.id': undefined },
  },
  {
    name: 'Ubuntu in a Docker image name inside a Windows paste: Windows',
    text: 'PS C:\\Users\\me> docker run --rm --gpus all nvidia/cuda:12.4.1-base-ubuntu22.04 nvidia-smi\nFailed to initialize NVML: Unknown Error',
    facts: { 'os.id': 'windows' },
  },
  { name: '"apt install" in prose is nobody’s command', text: 'apt install does not help here', facts: { 'os.id': undefined } },
  {
    name: 'a Windows path and a Linux distribution in one text: neither is certain',
    text: 'C:\\Users\\me\\Desktop\\log.txt from the server:\nRocky Linux 9.3, kernel modules missing',
    facts: { 'os.id': 'windows' },
  },
  { name: 'WSL with a Windows path is still WSL', text: 'WSL2 Ubuntu 22.04\nC:\\Users\\me\\project', facts: { 'os.wsl': true } },
];

describe('the OS a paste names', () => {
  for (const row of named) it(row.name, () => checkParse(row));
});

describe('weak signals name no OS', () => {
  for (const row of weak) it(row.name, () => checkParse(row));
});

describe("the pasted OS reaches the Snapshot's os", () => {
  it.each([
    ['5.14.0-427.13.1.el9_4.x86_64 kernel, modprobe fails', 'linux', 'rhel'],
    ['[me@box ~]$ sudo pacman -S nvidia-open', 'linux', 'arch'],
    ['PS C:\\Users\\me> python train.py', 'windows', null],
    ['root@3f2a1b4c5d6e:/# cat /etc/os-release\nID=ubuntu\nVERSION_ID="22.04"', 'container', 'ubuntu'],
    ['nvidia-smi fails on WSL2 Ubuntu 24.04', 'wsl', 'ubuntu'],
    // framework-logs names the OS Windows from the path; WSL still decides where the commands run.
    ['WSL2 Ubuntu 22.04\nC:\\Users\\me\\project', 'wsl', null],
    ['nothing about the system here', 'unknown', null],
  ])('%s → %s', (text, platform, distro) => {
    const s = snapshotFromFacts(parsePaste(text).facts);
    const t = osTarget(s);
    expect(t.platform).toBe(platform);
    expect(t.distro).toBe(distro);
  });

  it('a tool-only fact names the family in the evidence, and the family decides the commands', () => {
    const s = snapshotFromFacts(parsePaste('$ sudo dnf install akmod-nvidia').facts);
    expect(s.os.prettyName?.value).toBe('Fedora or RHEL (dnf)');
    expect(osTarget(s)).toMatchObject({ platform: 'linux', distro: null, tool: 'dnf' });
  });
});
