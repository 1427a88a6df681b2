// arch-unsupported: the GPU's compute capability against the build's architectures, and the wheel that covers it.
import { firstCudaForCc, smToCc } from '../../knowledge/cuda.js';
import { torchVariant, variantArchSet } from '../../knowledge/torch.js';
import { versionParts } from '../../knowledge/version.js';
import { platformOf } from '../../snapshot/queries.js';
import { firstWheel, tagOf, torchChoice, type ExplainContext } from '../context.js';
import { em as m } from './messages.js';
import { first, has, lineEvidence, gpuEvidence, torchEvidence, torchLabel, pip, finding, safeSupports, type Explainer } from '../explain-helpers.js';
import { rapidsFloors } from '../../knowledge/rapids.js';
import { cudaNumber } from '../../parse/framework-logs.js';


export const archUnsupported: Explainer = (ctx, events) => {
  const g = ctx.gpus[0];
  const t = ctx.torch;
  const evidence = [...lineEvidence(events), ...gpuEvidence(ctx), ...torchEvidence(ctx)];
  const named = g ? ` (${g.gpu.name}: ${g.sm})` : '';
  // Libraries with an architecture floor of their own: the answer is the floor, not a torch wheel.
  if (has(events, 'flash-attn-ampere') && !(g && Number(g.cc) >= 8)) {
    return { fit: 2, finding: finding('arch-unsupported', 'error', m('archFlashTitle', { gpu: named }), m('archFlashCause', { gpu: named }), evidence, [
      'pip uninstall -y flash-attn   # then the model uses PyTorch attention',
      '# transformers: AutoModel…from_pretrained(…, attn_implementation="sdpa")   # or "eager"; Qwen-style configs: use_flash_attn=False',
      'nvidia-smi --query-gpu=name,compute_cap --format=csv   # flash-attn 2 needs 8.0 or higher',
    ]) };
  }
  // bf16 needs compute capability 8.0: the model's dtype, not the build, is what to change.
  const bf16 = first(events, 'bf16-min-cc');
  if (bf16) {
    const vars = { gpu: bf16.groups.gpu ?? g?.gpu.name ?? 'GPU', cc: bf16.groups.cc ?? g?.cc ?? '?', min: bf16.groups.min ?? '8.0' };
    return { fit: 2, finding: finding('arch-unsupported', 'error', m('archBf16Title', vars), m('archBf16Cause', vars), evidence, [
      'vllm serve <model> --dtype half   # or dtype="float16" in LLM(…) / torch_dtype=torch.float16 in transformers',
      'nvidia-smi --query-gpu=name,compute_cap --format=csv',
    ]) };
  }
  // ptxas that does not know the GPU's architecture: new GPUs need a newer ptxas (Triton bundles its own).
  const ptxas = first(events, 'ptxas-arch-not-defined', 'nvcc-unsupported-arch');
  if (ptxas?.groups.arch) {
    const arch = ptxas.groups.arch;
    const base = arch.replace(/[af]$/, '').replace(/^compute_/, 'sm_');
    const cc = /^sm_\d{2,3}$/.test(base) ? smToCc(base) : undefined;
    const firstCuda = cc ? firstCudaForCc(cc) : undefined;
    // Old architectures (sm_30 after CUDA 11 dropped it) are the toolkit's doing: toolkit-mismatch / multiple-toolkits say so.
    const isNew = Number(arch.replace(/\D/g, '').slice(0, 3)) >= 75 && !!firstCuda;
    const triton = /triton/i.test(ptxas.text) || has(ctx.events, 'triton-context');
    const nvcc = ctx.snapshot.toolkits.map((k) => k.nvcc?.version?.value ?? k.version?.value).find(Boolean);
    const vars = { arch, first: firstCuda ?? '?', tool: ptxas.signature === 'nvcc-unsupported-arch' ? 'nvcc' : 'ptxas', have: nvcc ? ` (CUDA ${nvcc})` : '' };
    // nvcc's own message is first a toolkit-mismatch (toolkit-mismatch.ts); this names the GPU side.
    const fit = !isNew ? 0.3 : ptxas.signature === 'nvcc-unsupported-arch' ? 1.2 : 2;
    return { fit, finding: finding('arch-unsupported', 'error', m('archPtxasTitle', vars), m('archPtxasCause', vars) + (triton ? ' ' + m('archPtxasTriton', vars) : ''), evidence, [
      ...(triton ? [`export TRITON_PTXAS_PATH=/usr/local/cuda/bin/ptxas   # a CUDA >= ${vars.first} toolkit's ptxas (Triton otherwise uses the one it bundles)`, 'pip install -U triton   # or a torch/triton release whose bundled ptxas knows ' + arch] : []),
      `/usr/local/cuda/bin/ptxas --version   # CUDA >= ${vars.first} knows ${arch}`,
      'which -a ptxas nvcc',
    ]) };
  }
  const rapids = first(events, 'rapids-ptx-missing');
  if (rapids) {
    const floor = rapidsFloors();
    return { fit: g && Number(g.cc) >= 7 ? 0.8 : 2, finding: finding('arch-unsupported', 'error', m('archRapidsTitle', { gpu: named, old: floor.old, now: floor.now }), m('archRapidsCause', { gpu: named, old: floor.old, now: floor.now, last: floor.lastOld, first: floor.firstNow }), [...evidence, { fact: 'RAPIDS', value: `>= ${floor.old} (<= ${floor.lastOld}), >= ${floor.now} (${floor.firstNow}+)`, source: floor.source }], [
      'nvidia-smi --query-gpu=name,compute_cap --format=csv',
      `# a GPU below ${floor.old} cannot run RAPIDS; on ${floor.old}–${(Number(floor.now) - 0.1).toFixed(1)} pin RAPIDS <= ${floor.lastOld}, e.g. pip install "cudf-cu12==${floor.lastOld}.*"`,
      '# or the CPU libraries: pandas, scikit-learn',
    ]) };
  }
  if (!g) {
    return {
      fit: 1,
      finding: finding('arch-unsupported', 'error', m('archTitleNoGpu'), m('archCauseNoGpu'), evidence, [
        `# ${m('archCheck')}`,
        'nvidia-smi --query-gpu=name,compute_cap --format=csv',
        'python -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.get_arch_list())"',
      ]),
    };
  }
  let archs = ctx.facts.torchArchList?.value;
  let ptx: readonly string[] = [];
  if (!archs && t?.tag && t.version !== '?') {
    const v = torchVariant(t.version, t.tag);
    if (v) {
      const set = variantArchSet(v, platformOf(ctx.snapshot));
      archs = [...set.archList];
      ptx = set.ptx;
    }
  }
  const covered = archs ? archs.includes(g.sm) || ptx.some((p) => Number(p.replace('compute_', '')) <= Number(g.sm.replace('sm_', ''))) : undefined;
  const choice = torchChoice(ctx, t?.tag ? [t.tag] : undefined);
  const c = choice.choice ?? choice.withNewerDriver;
  const firstCover = c ? firstWheel(ctx, t?.tag ? [t.tag] : undefined) : undefined;
  const firstText = firstCover && firstCover.variant.tag !== c?.variant.tag
    ? ' ' + m('archFirst', { tag: firstCover.variant.tag, version: firstCover.release.version, cuda: firstCover.variant.cuda, sm: g.sm, floor: firstCover.driverFloor ?? '?' })
    : '';
  const wheel = c
    ? (choice.choice
      ? m('archWheel', { tag: c.variant.tag, version: c.release.version, cuda: c.variant.cuda, sm: g.sm, floor: c.driverFloor ?? '?' })
      : m('archWheelDriver', { cuda: c.variant.cuda, tag: c.variant.tag, version: c.release.version, sm: g.sm, floor: c.driverFloor ?? '?' })) + firstText
    : m('archNone', { sm: g.sm, cc: g.cc });
  // Starts a sentence in the title and the cause; a package name ("torch 2.5.1+cu124") stays lower-case.
  const build = torchLabel(ctx) ?? m('archBuildUnknown');
  // The build's CUDA predates the GPU: no build of that CUDA can have its kernels (CUDA 10.2 and sm_80).
  // Old torch says it itself: "requires CUDA_VERSION >= 9000 … compiled with CUDA_VERSION 8000".
  const req = first(events, 'torch-requires-cuda-version')?.groups;
  const buildCuda = t?.cuda ?? (req?.have ? cudaNumber(req.have) : undefined);
  const tooOld = buildCuda && !safeSupports(buildCuda, g.cc) ? (req?.need ? cudaNumber(req.need) : undefined) ?? firstCudaForCc(g.cc) : undefined;
  const cause = (tooOld && buildCuda ? m('archCudaTooOld', { cuda: buildCuda, sm: g.sm, first: tooOld }) + ' ' : '') + m(archs?.length || oldTorchArchs(t) ? 'archCause' : 'archCauseNoList', {
    gpu: g.gpu.name, cc: g.cc, sm: g.sm, build,
    archs: archs?.length ? `${archs[0]} … ${archs[archs.length - 1]}` : oldTorchArchs(t) ?? m('unknown'),
    ptx: ptx.length ? ` (PTX ${ptx.join(' ')})` : '',
    wheel,
  });
  const fix: string[] = [];
  if (c) {
    if (!choice.choice && c.driverFloor) fix.push(`# ${m('drvUpgrade', { floor: c.driverFloor })}`);
    fix.push(pip(`--force-reinstall torch==${c.release.version} --index-url ${c.variant.indexUrl}`));
    if (firstCover && firstText) {
      fix.push(`# ${m('archFirstFix', { tag: firstCover.variant.tag, floor: firstCover.driverFloor ?? '?' })}`, pip(`--force-reinstall torch==${firstCover.release.version} --index-url ${firstCover.variant.indexUrl}`));
    }
  }
  fix.push(`# ${m('archExt', { cc: g.cc })}`);
  if (events.some((e) => e.signature.startsWith('nccl'))) {
    const sm = g.sm.replace('sm_', '');
    fix.push(`# ${m('archNccl', { sm: g.sm })}`, `make -j src.build NVCC_GENCODE="-gencode=arch=compute_${sm},code=sm_${sm}"   # NCCL from source, with this GPU's architecture`);
  }
  const suggested = first(ctx.events, 'torch-suggests-cuda')?.groups.cuda?.trim().replace(/\s+/g, ' ');
  if (suggested) {
    const tags = suggested.split(' ').filter((v) => /^\d{1,2}\.\d$/.test(v)).map(tagOf);
    evidence.push({ fact: m('evTorchSuggests'), value: `CUDA ${suggested}${tags.length ? ` (${tags.join(', ')})` : ''}`, source: 'pasted:error message' });
    if (tags[0]) fix.unshift(pip(`--force-reinstall torch --index-url https://download.pytorch.org/whl/${tags[0]}   # ${m('archTorchSays', { cuda: suggested })}`));
  }
  const minCc = first(ctx.events, 'torch-min-cc')?.groups.min;
  if (minCc) evidence.push({ fact: m('evMinCc'), value: minCc, source: 'pasted:error message' });
  const range = first(ctx.events, 'torch-cc-range')?.groups;
  if (range?.min && range.max) evidence.push({ fact: m('evCcRange'), value: `${range.min} – ${range.max}`, source: 'pasted:error message' });
  if (archs) evidence.push({ fact: m('evArchs'), value: archs.join(' ') + (ptx.length ? ` + ${ptx.join(' ')}` : ''), source: ctx.facts.torchArchList?.source ?? 'gpuenv torch table' });
  // Facts that refute: the build covers this GPU (then an extension is the culprit).
  const fit = covered === false ? 2 : covered === true ? 0.6 : 1.2;
  return { fit, finding: finding('arch-unsupported', 'error', m('archTitle', { build, gpu: g.gpu.name, sm: g.sm }), cause, evidence, fix) };
};

/** torch 1.3–1.12 binaries (older than the torch table) start at sm_37: https://github.com/pytorch/pytorch/issues/30532. */
export function oldTorchArchs(t: ExplainContext['torch']): string | undefined {
  if (!t || t.version === '?') return undefined;
  const [major, minor] = versionParts(t.version);
  return major === 1 && minor !== undefined && minor >= 3 && minor <= 12 ? m('archOldFloor') : undefined;
}

// ---- driver-too-old -------------------------------------------------------------------------------------
