// no-gpu: no NVIDIA device at all (not even on the PCI bus). A device without a driver is driver-not-loaded,
// and WSL (no PCI device by design) is the wsl rule's.
import { signatureById } from '../../knowledge/error-signatures.js';
import { PCI_SCAN } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { Snapshot } from '../../snapshot/types.js';
import type { ExplainContext } from '../context.js';
import { finding, first, has, lineEvidence } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { oneFinding, type Reading } from '../from-text.js';
import type { Rule } from '../types.js';
import { containerGpusNone, containerToolkitFix, driverAnswers, ev, inContainer, isWsl, moduleLoaded } from '../system-facts.js';

export const rule: Rule = {
  code: 'no-gpu',
  scope: 'node',
  check(input) {
    const found = check(input.snapshot);
    return input.origin === 'machine' ? found : oneFinding(input, 'no-gpu', found, fromMessage);
  },
};

/** The Snapshot's check: the PCI bus was read and shows no NVIDIA device (in a container: the GPU was not passed in). */
function check(s: Snapshot): Finding[] {
  if (driverAnswers(s) || s.pciGpus.length > 0 || moduleLoaded(s) || isWsl(s)) return [];
  // A container given no GPU on purpose (NVIDIA_VISIBLE_DEVICES=void/none): gpus-hidden's finding, not this one.
  if (inContainer(s) && containerGpusNone(s) !== undefined) return [];
  // An empty GPU list proves nothing unless the PCI bus was actually read (a pasted log never reads it).
  if (!s.probes.some((p) => p.name === PCI_SCAN && p.ok)) return [];
  const container = inContainer(s);
  const visible = s.env.NVIDIA_VISIBLE_DEVICES;
  const evidence = [
    { fact: msg('system.evPciNone'), value: '0', source: 'sysfs:/sys/bus/pci/devices' },
    ...ev(msg('system.evContainer'), s.os.container, (v) => v ?? 'none'),
    ...(visible !== undefined ? [{ fact: msg('system.evVisibleDevices'), value: visible, source: 'env:NVIDIA_VISIBLE_DEVICES' }] : []),
  ];
  let cause: string;
  let fix: string[];
  if (container) {
    cause = msg('system.noGpuCauseContainer', { container });
    fix = [msg('system.noGpuFixContainerHost'), 'nvidia-smi', ...containerToolkitFix()];
  } else {
    cause = msg('system.noGpuCauseBare');
    fix = [msg('system.noGpuFixBareCheck'), 'lspci -nn | grep -i nvidia', msg('system.noGpuFixBareCloud')];
  }
  const f: Finding = { code: 'no-gpu', severity: 'error', title: msg('system.noGpuTitle'), cause, evidence, fix };
  return [f];
}

/** What a message says about the missing GPU: another vendor's, a VM's adapter, a container started without it, a GPU index past the last one, NVML gone in a container; otherwise none visible. */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Reading | undefined {
  const evidence = [...lineEvidence(events)];
  const cvd = ctx.snapshot.env.CUDA_VISIBLE_DEVICES;
  const cvdText = cvd !== undefined ? ` (=${cvd || '""'})` : '';
  if (cvd !== undefined) evidence.push({ fact: 'CUDA_VISIBLE_DEVICES', value: cvd, source: 'pasted' });
  // The driver's own libraries missing (libcuda.so.1, libnvidia-ml.so.1): what a container without the GPU shows.
  for (const f of ctx.facts.missingLibraries.filter((x) => /^lib(?:cuda|nvidia-ml)\.so/.test(x.value)).slice(0, 2))
    evidence.push({ fact: explainersMsg('evMissing'), value: f.value, source: f.source });
  // WSL 1 has no GPU at all: the WSL finding carries the fix.
  if (has(ctx.events, 'wsl1')) return undefined;
  if (has(ctx.events, 'amd-gpu')) {
    const amd = first(ctx.events, 'amd-gpu')?.groups.gpu ?? 'AMD';
    return {
      specific: true,
      fit: 2,
      finding: finding('no-gpu', 'error', explainersMsg('ngAmdTitle', { gpu: amd }), explainersMsg('ngAmdCause', { gpu: amd }), evidence, [
        `lspci | grep -iE "vga|3d"   # ${msg('fixes.ng.whichGpu')}`,
        `pip install torch --index-url https://download.pytorch.org/whl/rocm6.2   # ${msg('fixes.ng.rocm')}`,
        `# ${msg('fixes.ng.cudaOnly')}`,
      ]),
    };
  }
  const vm = first(ctx.events, 'vm-display-adapter');
  if (vm && !ctx.gpus.length) {
    const adapter = /VMware SVGA(?: II)?|VirtualBox|Hyper-V|QXL|Virtio|Basic Render|Bochs/i.exec(vm.text)?.[0] ?? 'virtual';
    return {
      specific: true,
      fit: 2,
      finding: finding(
        'no-gpu',
        'error',
        explainersMsg('ngVmTitle', { adapter }),
        explainersMsg('ngVmCause', { adapter }),
        [...evidence, ...lineEvidence([vm])],
        [`lspci -nn | grep -iE "vga|3d|nvidia"   # ${msg('fixes.ng.vmDevice')}`, `# ${msg('fixes.ng.desktopVm')}`, `# ${msg('fixes.ng.passthrough')}`],
      ),
    };
  }
  if (has(ctx.events, 'singularity-no-nv')) {
    return {
      specific: true,
      fit: 1.8,
      finding: finding('no-gpu', 'error', explainersMsg('ngSingularityTitle'), explainersMsg('ngSingularityCause'), evidence, [
        `singularity exec --nv image.sif nvidia-smi   # ${msg('fixes.ng.apptainer')}`,
        `singularity exec --nv image.sif ls -l /.singularity.d/libs/   # ${msg('fixes.ng.hostLibcuda')}`,
      ]),
    };
  }
  if (has(events, 'invalid-device-ordinal')) {
    const n = ctx.gpus.length || ctx.snapshot.gpus.length;
    return {
      specific: true,
      fit: 1.6,
      finding: finding(
        'no-gpu',
        'error',
        explainersMsg('ngOrdinalTitle'),
        explainersMsg('ngOrdinalCause', { count: n ? ` (${n})` : '', cvd: cvdText }),
        evidence,
        ['nvidia-smi -L', 'echo $CUDA_VISIBLE_DEVICES', 'python -c "import torch; print(torch.cuda.device_count())"', `# ${msg('fixes.ng.ordinals')}`],
      ),
    };
  }
  if (has(events, 'docker-no-gpu-driver')) {
    return {
      specific: true,
      fit: 2,
      finding: finding('no-gpu', 'error', explainersMsg('ngDockerTitle'), explainersMsg('ngDockerCause'), evidence, [
        'sudo apt-get install -y nvidia-container-toolkit',
        'sudo nvidia-ctk runtime configure --runtime=docker',
        'sudo systemctl restart docker',
        'docker run --rm --gpus all ubuntu nvidia-smi',
      ]),
    };
  }
  if (
    has(ctx.events, 'smi-not-found', 'cuda-not-available', 'torch-no-driver', 'smi-failed') &&
    has(ctx.events, 'container-context') &&
    !has(ctx.events, 'nvml-not-loadable', 'libnvidia-ml-missing')
  ) {
    return {
      specific: true,
      fit: 1.8,
      finding: finding(
        'no-gpu',
        'error',
        explainersMsg('ngContainerTitle'),
        explainersMsg('ngContainerCause', { driver: ctx.driver?.version ? ` (${ctx.driver.version})` : '' }),
        evidence,
        [
          `docker run --gpus all …   # ${msg('fixes.ng.compose')}`,
          `# ${msg('fixes.ng.oldDocker')}`,
          'sudo apt-get install -y nvidia-container-toolkit && sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker',
          `docker run --rm --gpus all ubuntu nvidia-smi   # ${msg('fixes.ng.mustList')}`,
        ],
      ),
    };
  }
  if (has(events, 'nvml-not-loadable', 'libnvidia-ml-missing') && has(ctx.events, 'container-context')) {
    return {
      specific: true,
      fit: 2,
      finding: finding('no-gpu', 'error', explainersMsg('ngRuntimeTitle'), explainersMsg('ngRuntimeCause'), evidence, [
        `sudo nvidia-ctk runtime configure --runtime=docker --set-as-default   # ${msg('fixes.ng.defaultRuntime')}`,
        'sudo systemctl restart docker',
        'docker run --rm --gpus all ubuntu nvidia-smi',
        `# ${msg('fixes.ng.k8sContainerd')} sudo nvidia-ctk runtime configure --runtime=containerd --set-as-default && sudo systemctl restart containerd`,
      ]),
    };
  }
  if (has(events, 'nvml-unknown-error')) {
    return {
      specific: true,
      fit: 1.2,
      finding: finding('no-gpu', 'error', explainersMsg('ngTitle'), explainersMsg('ngNvmlCause'), evidence, [
        'docker restart <container>',
        `# ${msg('fixes.ng.lastingFix')}`,
      ]),
    };
  }
  return {
    specific: false,
    fit: cvd !== undefined ? 1.5 : driverFirst(ctx, events) ? 0.3 : 1,
    finding: finding('no-gpu', 'error', explainersMsg('ngTitle'), explainersMsg('ngCause', { cvd: cvdText }), evidence, [
      'nvidia-smi -L',
      'echo $CUDA_VISIBLE_DEVICES',
      `# ${msg('fixes.inDocker')}docker run --gpus all …  ${msg('fixes.dockerGpus')}`,
    ]),
  };
}

/** Causes at the driver's level: a message they come first for is about the driver, not about which GPUs a process sees. */
const DRIVER_LEVEL = new Set<string>(['driver-not-loaded', 'driver-library-mismatch', 'driver-too-old', 'secure-boot', 'nouveau', 'wsl']);

/**
 * Every message names a driver-level cause first ("NVIDIA-SMI has failed because it couldn't communicate with the
 * NVIDIA driver", "Found no NVIDIA driver on your system") and no fact of this cause is shown (CUDA_VISIBLE_DEVICES, a
 * container, the driver's libraries missing from one): "no GPU visible" is then what the driver's cause does, not a
 * cause of its own, and ranks below every driver-level finding instead of pushing one out of the first two.
 */
function driverFirst(ctx: ExplainContext, events: readonly ErrorEvent[]): boolean {
  if (has(ctx.events, 'container-context') || ctx.facts.missingLibraries.some((x) => /^lib(?:cuda|nvidia-ml)\.so/.test(x.value))) return false;
  return events.every((e) => DRIVER_LEVEL.has(signatureById(e.signature)?.causes[0]?.code ?? ''));
}
