// At run time: memory, multi-GPU communication (NCCL), WSL, and hardware health.
import type { ErrorEvent } from '../../parse/types.js';
import { signatureById } from '../../knowledge/error-signatures.js';
import type { ExplainContext } from '../context.js';
import { em as m } from './messages.js';
import { has, inWsl, first, lineEvidence, gpuEvidence, finding, type Explained, type Explainer } from '../explain-helpers.js';
import { WSL_DRIVER_555, wslKernelBelow } from '../../knowledge/wsl.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';

/** Data-centre boards (Tesla, A/H/L series): TCC by default on Windows, which WSL 2 cannot pass through. */
const DATA_CENTRE = /\bTesla\b|\b[AHL]\d{1,3}[A-Z]?\b(?!\s?(?:Laptop|Ti))/;

/** Windows is the host: the paste names Windows as the OS, or Docker Desktop (whose WSL 2 backend runs the containers). */
function windowsHost(ctx: ExplainContext): boolean {
  return ctx.snapshot.os.id?.value === 'windows' || has(ctx.events, 'docker-desktop');
}

/** nvidia-smi shows most of a GPU's memory in use and the paste talks about memory: held by someone else. */
export function gpuMemoryHeld(ctx: ExplainContext, events: ErrorEvent[]): Explained | undefined {
  if (!has(ctx.events, 'memory-prose', 'torch-oom', 'cuda-oom-generic')) return undefined;
  // nvidia-smi's process table: who holds the memory, by PID.
  const procs = [...ctx.facts.gpuProcesses].sort((a, b) => b.mib - a.mib).filter((p) => p.mib >= 1024).slice(0, 4);
  if (procs.length) {
    const list = procs.map((p) => `PID ${p.pid} (${p.name}) ${p.mib}MiB on GPU ${p.gpu}`).join(', ');
    return { fit: 1.5, finding: finding('out-of-memory', 'error', m('oomProcsTitle', { list: procs.map((p) => `PID ${p.pid}`).join(', ') }), m('oomProcsCause', { list }), [...lineEvidence(events), { fact: m('evGpuProcesses'), value: list, source: 'pasted:nvidia-smi' }], [
      `ps -o pid,stat,etime,cmd -p ${procs.map((p) => p.pid).join(',')}   # stat T = stopped (Ctrl+Z), Z = zombie: it still holds its GPU memory`,
      `kill ${procs.map((p) => p.pid).join(' ')}   # or kill -9; a stopped job: kill -CONT first or fg then Ctrl+C`,
      'nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv',
    ]) };
  }
  const g = ctx.snapshot.gpus.find((x) => x.memory.totalBytes && x.memory.usedBytes && x.memory.usedBytes / x.memory.totalBytes >= 0.5);
  if (!g?.memory.totalBytes || !g.memory.usedBytes) return undefined;
  const mib = (b: number) => `${Math.round(b / 1048576)}MiB`;
  const vars = { used: mib(g.memory.usedBytes), total: mib(g.memory.totalBytes), gpu: `GPU ${g.index} (${g.name})`, procs: '' };
  return { fit: 1.4, finding: finding('out-of-memory', 'error', m('oomHeldTitle', vars), m('oomHeldCause', vars), [...lineEvidence(events), { fact: 'nvidia-smi', value: `${vars.used} / ${vars.total}`, source: g.source }], [
    'nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv',
    'sudo fuser -v /dev/nvidia*   # every process holding the GPU, also those nvidia-smi cannot name (containers, zombies)',
    'sudo kill <pid>   # or stop the container; then nvidia-smi shows the memory free again',
    '# choose a free GPU: CUDA_VISIBLE_DEVICES=<index> <your command>',
  ]) };
}

export const GIB: Record<string, number> = { KiB: 1 / 1024 / 1024, MiB: 1 / 1024, GiB: 1, TiB: 1024 };
export function gib(s: string | undefined): number | undefined {
  const r = s ? /^(\d+(?:\.\d+)?) ([KMGT]iB)$/.exec(s) : null;
  return r ? Number(r[1]) * (GIB[r[2]!] ?? 1) : undefined;
}
export const fmt = (g: number) => (g >= 1 ? `${g.toFixed(2)} GiB` : `${(g * 1024).toFixed(0)} MiB`);

export const outOfMemory: Explainer = (ctx, events) => {
  const e = first(events, 'torch-oom');
  const evidence = [...lineEvidence(events), ...gpuEvidence(ctx)];
  const vllm = first(events, 'vllm-free-memory')?.groups;
  if (vllm?.free && vllm.total) {
    const free = Number(vllm.free), total = Number(vllm.total);
    const vars = { free: vllm.free, total: vllm.total, util: vllm.util ?? '?', want: vllm.want ?? '?', held: (total - free).toFixed(2), fits: Math.max(0.05, Math.floor((free / total) * 100 - 2) / 100).toFixed(2) };
    return { fit: 2, finding: finding('out-of-memory', 'error', m('oomVllmTitle', vars), m('oomVllmCause', vars), evidence, [
      'nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   # who holds the other ' + vars.held + ' GiB',
      `vllm serve <model> --gpu-memory-utilization ${vars.fits}   # the share of the GPU that is still free`,
      '# or stop the other process (another vLLM, a notebook kernel), or pick a free GPU with CUDA_VISIBLE_DEVICES',
    ]) };
  }
  if (!e && has(events, 'dataloader-shm')) {
    return { fit: 1.8, finding: finding('out-of-memory', 'error', m('oomShmTitle'), m('oomShmCause'), evidence, [
      'df -h /dev/shm', 'docker run --shm-size=16g …   # or --ipc=host', '# Kubernetes: hostIPC: true, or an emptyDir with medium: Memory mounted at /dev/shm',
      '# or fewer DataLoader workers: DataLoader(..., num_workers=0)',
    ]) };
  }
  if (!e) {
    // nvidia-smi / gpustat show the memory already taken by others: that is the answer.
    const held = gpuMemoryHeld(ctx, events);
    if (held) return held;
    const cudnn = has(events, 'cudnn-status-error', 'dnn-library-not-found') && !has(events, 'cuda-oom-generic');
    return { fit: cudnn ? 0.9 : 1.2, finding: finding('out-of-memory', 'error', m('oomTitle', { where: '' }), cudnn ? m('oomCudnn') + ' ' + m('oomGeneric') : m('oomGeneric'), evidence, [
      'nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv', 'export XLA_PYTHON_CLIENT_PREALLOCATE=false   # JAX', 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True',
    ]) };
  }
  const g = e.groups;
  // Several OOM lines (a retry, a second attempt): every size asked for, largest first.
  const sizes = [...new Set(events.filter((x) => x.signature === 'torch-oom').map((x) => x.groups.tried).filter((x): x is string => !!x))].sort((a, b) => (gib(b) ?? 0) - (gib(a) ?? 0));
  if (sizes.length > 1) evidence.push({ fact: m('evOomSizes'), value: sizes.join(', '), source: 'pasted:error message' });
  const tried = gib(g.tried), total = gib(g.total), alloc = gib(g.allocated), reserved = gib(g.reserved), free = gib(g.free), unalloc = gib(g.unallocated);
  const res = reserved ?? (alloc !== undefined && unalloc !== undefined ? alloc + unalloc : undefined);
  const numbers = m('oomNumbers', { tried: g.tried ?? '?', total: g.total ?? '?', allocated: g.allocated ?? '?', reserved: res !== undefined ? fmt(res) : '?', free: g.free ?? '?' });
  const verdicts: string[] = [];
  const fix: string[] = [];
  const others = total !== undefined && res !== undefined && free !== undefined ? total - res - free : undefined;
  if (others !== undefined && total !== undefined && others > Math.max(0.15 * total, 1)) {
    verdicts.push(m('oomOthers', { others: fmt(others), procs: g.processes ? `: ${g.processes.replace(/,/g, ', ')}` : '' }));
    fix.push('nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv', '# stop the other process, or choose a free GPU with CUDA_VISIBLE_DEVICES');
  }
  const slack = res !== undefined && alloc !== undefined ? res - alloc : undefined;
  if (slack !== undefined && res !== undefined && tried !== undefined && slack > Math.max(0.1 * res, tried)) {
    verdicts.push(m('oomFrag', { slack: fmt(slack) }));
    fix.push('export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True');
  }
  if (!verdicts.length && alloc !== undefined && total !== undefined) {
    verdicts.push(m('oomModel', { allocated: fmt(alloc), total: fmt(total) }));
    fix.push('# batch size ↓, torch.autocast("cuda", dtype=torch.bfloat16), torch.utils.checkpoint', 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True');
  }
  if (!verdicts.length) {
    verdicts.push(m('oomGeneric'));
    fix.push('nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv');
  }
  return { fit: 1.8, finding: finding('out-of-memory', 'error', m('oomTitle', { where: g.gpu ? ` (GPU ${g.gpu})` : '' }), m('oomCause', { numbers, verdict: verdicts.join(' ') }), evidence, fix) };
};

export const ncclFailure: Explainer = (ctx, events) => {
  const evidence = [...lineEvidence(events)];
  const nccl = ctx.snapshot.libraries.find((l) => l.name === 'nccl')?.version?.value ?? ctx.env?.packages.find((p) => /^nvidia-nccl/.test(p.name))?.version;
  const text = events.map((e) => e.text).join('\n');
  let what: string;
  let fix: string[];
  let fit = 1.3;
  // Ranks with different NCCL versions (per-rank "NCCL version" lines, or the versions named per node).
  const versions = [...new Set(ctx.facts.ncclVersions.map((v) => v.value))];
  // A bare "SHM" (e.g. "NCCL_SHM_DISABLE", "don't disable SHM") is not /dev/shm running out.
  if (versions.length >= 2) {
    what = m('ncVersions', { versions: versions.join(', ') });
    evidence.push({ fact: 'NCCL', value: versions.join(', '), source: ctx.facts.ncclVersions[0]!.source });
    fix = [
      'python -c "import torch; print(torch.__version__, torch.cuda.nccl.version())"   # on every node',
      'pip list 2>/dev/null | grep -i nccl   # nvidia-nccl-cu12 / -cu11',
      `pip install "nvidia-nccl-cu12==${[...versions].sort((a, b) => compareVersions(b, a))[0]}*"   # the same NCCL everywhere (or the same torch build on every node)`,
    ];
    fit = 1.7;
  } else if (has(events, 'nccl-shm', 'dataloader-shm', 'bus-error') || /\/dev\/shm|shm[-_ ]?size|shared memory[^\n]{0,40}(?:too small|full|No space|insufficient)|No space left on device|共享内存/i.test(text)) {
    what = m('ncShm');
    fix = ['df -h /dev/shm', 'docker run --shm-size=16g …   # or --ipc=host', '# Kubernetes: mount an emptyDir with medium: Memory at /dev/shm'];
    fit = 1.8;
  } else if (has(events, 'gpudirect-rdma')) {
    what = m('ncGdr');
    fix = [
      'sudo lspci -vvv | grep -i acsctl   # "SrcValid+" on a PCIe switch port = ACS on: GPUDirect RDMA traffic is sent to the root complex',
      'sudo setpci -s <bridge bus:dev.fn> ECAP_ACS+0x6.w=0000   # disable ACS on each PCIe switch port (until reboot), or in the BIOS',
      'NCCL_NET_GDR_LEVEL=LOC <your command>   # to confirm: no GPUDirect RDMA (slower)',
      'lsmod | grep -E "nv_peer_mem|nvidia_peermem"',
    ];
    fit = 1.6;
  } else if (has(ctx.events, 'amd-host-cpu') && has(events, 'multi-gpu-hang', 'nccl-timeout') && !has(events, 'nccl-net-error', 'nccl-socket')) {
    // nccl#199 / nccl#120 (NCCL maintainers): on AMD CPUs the IOMMU makes P2P between GPUs stall.
    what = m('ncIommu');
    evidence.push(...lineEvidence(ctx.events.filter((e) => e.signature === 'amd-host-cpu')));
    fix = [
      'cat /proc/cmdline; sudo dmesg | grep -iE "AMD-Vi|IOMMU|page fault"',
      '# boot with iommu=pt (or amd_iommu=off / iommu=soft): add it to GRUB_CMDLINE_LINUX in /etc/default/grub, then sudo update-grub && sudo reboot',
      '# or turn IOMMU / SVM off in the BIOS',
      'NCCL_P2P_DISABLE=1 <your command>   # to confirm: works without P2P (slower)',
    ];
    fit = 1.7;
  } else if (p2pHang(events, text)) {
    // P2P over PCIe (a P2P/IPC transport, GPUs behind a switch, or NCCL_P2P_DISABLE=1 as the workaround) and a hang or timeout.
    what = m('ncAcs');
    evidence.push({ fact: 'PCIe', value: 'P2P over a PCIe switch (PIX/PXB) + hang', source: 'pasted' });
    fix = [
      'nvidia-smi topo -m   # PIX/PXB = through a PCIe switch',
      'sudo lspci -vvv | grep -i acsctl   # "SrcValid+" on a bridge = ACS is on',
      'sudo setpci -s <bridge bus:dev.fn> ECAP_ACS+0x6.w=0000   # disable ACS on each PCIe switch port (until reboot), or turn ACS / IOMMU off in the BIOS',
      '# IOMMU (VT-d / AMD-Vi) on forces P2P through the root complex too: boot with intel_iommu=off or amd_iommu=off (or iommu=pt), or turn off VT-d/IOMMU in the BIOS',
      'NCCL_P2P_DISABLE=1 <your command>   # workaround: works, but slower (no P2P)',
      '# then re-test: all_reduce_perf -b 8 -e 256M -f 2 -g <ngpus>   (nccl-tests)',
    ];
    fit = 1.7;
  } else if (has(events, 'multi-gpu-hang', 'nccl-timeout') && ctx.gpus.some((g) => /GeForce|\bRTX\s?[2-5]0[5-9]0\b|\bTITAN\b/i.test(g.gpu.name)) && !has(events, 'nccl-net-error', 'nccl-socket', 'nccl-shm')) {
    // GeForce boards: P2P over PCIe is unsupported (RTX 4090) or broken by some driver releases; NCCL then hangs.
    what = m('ncGeforceP2p', { gpu: ctx.gpus.find((g) => /GeForce|RTX|TITAN/i.test(g.gpu.name))!.gpu.name });
    evidence.push(...gpuEvidence(ctx));
    fix = [
      'NCCL_P2P_DISABLE=1 <your command>   # GeForce: P2P over PCIe off; traffic goes through host memory (works, somewhat slower)',
      'nvidia-smi topo -p2p r   # which GPU pairs report P2P read support',
      '# or update the driver: P2P hangs were fixed in later releases (e.g. 570 vs 560)',
    ];
    fit = 1.6;
  } else if (has(events, 'nccl-p2p', 'nccl-cuda-error')) {
    what = m('ncP2p');
    fix = ['nvidia-smi topo -m', 'NCCL_P2P_DISABLE=1 <your command>   # to confirm', 'sudo lspci -vvv | grep -i acsctl   # ACS on bridges blocks P2P: disable ACS or IOMMU (iommu=pt)'];
  } else if (has(events, 'nccl-socket')) {
    what = m('ncSocket');
    fix = ['ip -br addr', 'export NCCL_SOCKET_IFNAME=eth0   # the interface the ranks share', 'export NCCL_DEBUG=INFO'];
  } else if (has(events, 'nccl-net-error', 'nccl-remote-exited') || /NET\/IB|ibv_|socket_ifname|connection (?:refused|reset|timed out)/i.test(text)) {
    what = m('ncNet');
    fix = ['ip -br addr   # the interface each node reaches the others on (not lo, not docker0)', 'export NCCL_SOCKET_IFNAME=eth0   # or a list: eno1,eth0 — a prefix with ^ excludes: ^lo,docker0', 'export NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET'];
    if (/NET\/IB|ibv_|infiniband|mlx5/i.test(text)) fix.push('export NCCL_IB_DISABLE=1   # no working InfiniBand/RoCE: use sockets');
    fix.push('# firewall: the ranks connect to each other on random ports — allow them between the nodes');
    fit = 1.6;
  } else if (has(events, 'nccl-system-error')) {
    what = m('ncSystem');
    fix = ['export NCCL_DEBUG=INFO   # rerun: the WARN line names the failing call', 'df -h /dev/shm   # docker: --shm-size=16g or --ipc=host', 'ip -br addr', 'export NCCL_SOCKET_IFNAME=eth0   # multi-node: the interface the nodes share (not lo)'];
  } else if (has(events, 'nccl-timeout')) {
    what = m('ncTimeout');
    fix = ['export NCCL_DEBUG=INFO', 'nvidia-smi topo -m', 'NCCL_P2P_DISABLE=1 <your command>   # to test'];
    fit = 1;
  } else {
    what = m('ncGeneric');
    fix = ['export NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,ENV   # rerun: the WARN line names the failing call', 'df -h /dev/shm   # docker: --shm-size=16g or --ipc=host'];
  }
  // Ranks in separate containers: Docker's bridge network keeps them from reaching each other.
  if (has(ctx.events, 'container-context') && fit < 1.8) fix.push('docker run --network=host --ipc=host …   # ranks in separate containers must reach each other');
  return { fit, finding: finding('nccl-failure', 'error', m('ncTitle', { what: what.replace(/\.$/, '') }), m('ncCause', { version: nccl ?? '', what }), evidence, fix) };
};

// ---- mixed-package-managers --------------------------------------------------------------------------------

/** A P2P path over PCIe and a hang/timeout (or P2P off as the workaround): the ACS pattern (NCCL troubleshooting, "PCI Access Control Services"). */
export function p2pHang(events: ErrorEvent[], text: string): boolean {
  const p2p = has(events, 'nccl-p2p-transport', 'gpu-topo-pcie-switch', 'p2p-cannot-access') || /P2P\/(?:IPC|CUMEM)|NCCL_P2P_DISABLE|CANNOT Access Peer|\bPHB\b|\bPIX\b|\bPXB\b/i.test(text);
  const hang = has(events, 'multi-gpu-hang', 'nccl-timeout') || /NCCL_P2P_DISABLE\s{0,2}=\s{0,2}1/i.test(text);
  return p2p && hang && !has(events, 'nccl-shm', 'nccl-net-error', 'nccl-socket');
}

export const wsl: Explainer = (ctx, events) => {
  const notFound = has(events, 'cuda-not-found-500');
  const isWsl = inWsl(ctx) || has(events, 'wsl-libcuda-symlink', 'wsl-dxg', 'wsl-container-mount', 'wsl-dxcore', 'wsl-no-adapters', 'wsl1') || (notFound && windowsHost(ctx));
  if (!isWsl) return undefined;
  if (has(events, 'nvml-blocked-by-os')) {
    return { fit: 2, finding: finding('wsl', 'error', m('wslCgroupTitle'), m('wslCgroupCause'), lineEvidence(events), [
      'grep -n no-cgroups /etc/nvidia-container-runtime/config.toml',
      "sudo sed -i 's/^no-cgroups = true/no-cgroups = false/' /etc/nvidia-container-runtime/config.toml && sudo systemctl restart docker",
      'docker run --rm --gpus all ubuntu nvidia-smi   # re-test',
      '/usr/lib/wsl/lib/nvidia-smi   # outside the container: works? then the container runtime is the cause',
    ]) };
  }
  const driver = ctx.snapshot.driver.version?.value;
  if (notFound && (!driver || Number(versionParts(driver)[0]) >= WSL_DRIVER_555.fromBranch)) {
    const vars = { driver: driver ?? `${WSL_DRIVER_555.fromBranch}.xx`, lib: WSL_DRIVER_555.library, toolkit: WSL_DRIVER_555.toolkitFixed, desktop: WSL_DRIVER_555.dockerDesktopFixed };
    const evidence = [...lineEvidence(events)];
    if (driver) evidence.push({ fact: m('evDriver'), value: driver, source: ctx.snapshot.driver.version!.source });
    evidence.push({ fact: m('evKnownIssue'), value: WSL_DRIVER_555.source, source: 'gpuenv WSL table' });
    return { fit: 2, finding: finding('wsl', 'error', m('wsl555Title', vars), m('wsl555Cause', vars), evidence, [
      `# Docker Desktop: update to >= ${vars.desktop} (Settings → Software updates)`,
      `sudo apt-get update && sudo apt-get install -y nvidia-container-toolkit   # Docker Engine inside WSL: >= ${vars.toolkit} (1.15.0+)`,
      'nvidia-ctk --version', `ls -la /usr/lib/wsl/lib/${vars.lib}   # present on the WSL side with a 555+ Windows driver`,
      '# or go back to a 552.xx Windows driver until the toolkit is updated',
    ]) };
  }
  if (has(ctx.events, 'wsl1')) {
    return { fit: 2, finding: finding('wsl', 'error', m('wslOneTitle'), m('wslOneCause'), lineEvidence(ctx.events.filter((e) => e.signature === 'wsl1' || signatureById(e.signature)?.causes.some((c) => c.code === 'no-gpu' || c.code === 'driver-not-loaded'))), [
      'wsl -l -v   # PowerShell: the VERSION column must say 2', 'wsl --set-version <distro> 2', 'wsl --update', '/usr/lib/wsl/lib/nvidia-smi   # inside WSL 2, after the conversion',
    ]) };
  }
  const evidence = [...lineEvidence(events)];
  const os = ctx.snapshot.os.wsl;
  if (os?.value) evidence.push({ fact: m('evWsl'), value: 'yes', source: os.source });
  const ld = ctx.snapshot.env.LD_LIBRARY_PATH;
  if (ld) evidence.push({ fact: 'LD_LIBRARY_PATH', value: ld, source: 'pasted' });
  // What broke: the driver cannot be reached (nvidia-smi / NVML), the container runtime finds no WSL libraries, or a harmless ldconfig warning.
  const driverSymptom = has(events, 'smi-device-handle-unknown', 'smi-failed', 'nvml-not-loadable', 'libnvidia-ml-missing', 'smi-not-found', 'driver-insufficient', 'driver-library-mismatch', 'cuda-init-device-count');
  const direct = has(events, 'wsl-dxg', 'wsl-container-mount', 'wsl-dxcore', 'wsl-no-adapters');
  const loader = has(events, 'libcuda-dlopen') || ctx.facts.missingLibraries.some((f) => /^lib(cuda|nvidia-ml)\.so/.test(f.value));
  // Data-centre boards (Tesla, A/H/L series) run in TCC by default on Windows; WSL 2 only sees WDDM GPUs.
  const tcc = has(events, 'smi-device-handle-unknown') || ctx.gpus.some((g) => DATA_CENTRE.test(g.gpu.name) && !/RTX|GeForce|Quadro/i.test(g.gpu.name));
  // An old WSL kernel (uname -r, "Linux version … -microsoft-standard-WSL2"): CUDA needs a newer one.
  const kernel = ctx.snapshot.os.kernel?.value;
  const below = kernel && /microsoft/i.test(kernel) ? wslKernelBelow(kernel) : [];
  const oldKernel = below[0] ? m('wslKernelOld', { kernel: kernel!, floor: below[0].kernel, by: below[0].by, note: below[0].confirmed ? '' : ` (${m('unconfirmedShort')})` }) + ' ' : '';
  if (kernel && below.length) evidence.push({ fact: m('evKernel'), value: kernel, source: ctx.snapshot.os.kernel!.source });
  const cause = oldKernel + (tcc ? m('wslTcc') + ' ' : '') + (direct ? m('wslCauseRuntime') : driverSymptom ? m('wslCauseDriver') : loader ? m('wslCauseLoader') : m('wslCause'));
  const fit = (direct ? 1.8 : driverSymptom || loader ? 2 : has(events, 'wsl-libcuda-symlink') ? 1.2 : 0.8) + (oldKernel ? 0.6 : 0);
  return { fit, finding: finding('wsl', driverSymptom || direct || oldKernel ? 'error' : 'warning', oldKernel ? m('wslKernelTitle', { kernel: kernel! }) : driverSymptom ? m('wslTitleDriver') : m('wslTitle'), cause, evidence, [
    ...(oldKernel ? ['# PowerShell: wsl --update; wsl --shutdown   # then in WSL: uname -r'] : []),
    ...(tcc ? ['nvidia-smi -q | findstr /i "Driver Model"   # Windows, admin: TCC or WDDM per GPU', 'nvidia-smi -i <index> -dm 0   # Windows, admin: switch that GPU to WDDM (0 = WDDM, 1 = TCC), then reboot'] : []),
    `# ${m('wslFixWindows')}`,
    'ls -la /usr/lib/wsl/lib/   # libcuda.so*, libnvidia-ml.so.1 and nvidia-smi come from the Windows driver',
    `# ${m('wslFixNoLinuxDriver')}`,
    'dpkg -l | grep -iE "nvidia-(driver|utils|compute)|libnvidia" ; sudo apt-get remove --purge "nvidia-driver-*" "nvidia-utils-*" "libnvidia-compute-*"',
    `# ${m('wslFixLoader')}`,
    'cat /etc/ld.so.conf.d/ld.wsl.conf   # should list /usr/lib/wsl/lib', 'sudo ldconfig', 'export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH',
    '# PowerShell: wsl --update; wsl --shutdown', '/usr/lib/wsl/lib/nvidia-smi',
  ]) };
};

/**
 * Causes of a WSL paste from the facts alone: a WSL 2 kernel older than CUDA on WSL needs ("Linux version
 * 5.10.16.3-microsoft-standard-WSL2"), or a data-centre board (TCC by default on Windows) that WSL cannot see.
 */
export function wslFromFacts(ctx: ExplainContext, _events: ErrorEvent[]): Explained | undefined {
  const kernel = ctx.snapshot.os.kernel?.value;
  const old = !!kernel && /microsoft/i.test(kernel) && wslKernelBelow(kernel).length > 0;
  if (!old && !(inWsl(ctx) && ctx.gpus.some((g) => DATA_CENTRE.test(g.gpu.name) && !/RTX|GeForce|Quadro/i.test(g.gpu.name)))) return undefined;
  // The messages that show the GPU missing are the symptom this kernel explains.
  const symptoms = ctx.events.filter((e) => signatureById(e.signature)?.causes.some((c) => c.code === 'no-gpu' || c.code === 'driver-not-loaded' || c.code === 'wsl'));
  return wsl(ctx, symptoms);
}

export const pcieDegraded: Explainer = (_ctx, events) => {
  if (!has(events, 'xid-fallen-off-bus')) return undefined;
  return { fit: 1.5, finding: finding('pcie-degraded', 'error', m('hwBusTitle'), m('hwBusCause'), lineEvidence(events), ['nvidia-smi -q -d PCIE,TEMPERATURE,POWER', 'sudo dmesg | grep -i xid']) };
};

export const eccErrors: Explainer = (ctx, events) => {
  const e = first(events, 'xid-ecc');
  if (!e && has(events, 'cuda-ecc-uncorrectable')) {
    return { fit: 1.6, finding: finding('ecc-errors', 'error', m('hwEccRuntimeTitle'), m('hwEccRuntimeCause'), [...lineEvidence(events), ...gpuEvidence(ctx)], [
      'nvidia-smi -q -d ECC,ROW_REMAPPER,PAGE_RETIREMENT   # volatile/aggregate uncorrectable counts, pending remaps',
      'sudo dmesg | grep -i xid   # Xid 48/63/64/94/95 = ECC events',
      'sudo nvidia-smi -r -i <index>   # reset, with no process on the GPU (or reboot) so the rows are remapped',
      '# it repeats, or the job runs fine on another GPU: the board needs service (RMA)',
    ]) };
  }
  if (!e) return undefined;
  const xid = /\b(48|63|64|92|94|95)\b/.exec(e.text)?.[1] ?? '?';
  return { fit: 1.5, finding: finding('ecc-errors', 'error', m('hwEccTitle', { xid }), m('hwEccCause'), lineEvidence(events), ['nvidia-smi -q -d ECC,ROW_REMAPPER', 'sudo nvidia-smi -r   # reset, with no process on the GPU']) };
};
