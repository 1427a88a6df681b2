// ONNX Runtime's CUDA execution provider failing to load: which CUDA / cuDNN the installed onnxruntime-gpu build
// needs (src/knowledge/data/onnxruntime.ts) against what the paste shows, as framework-cuda-mismatch (CUDA major)
// or cudnn-mismatch (cuDNN major).
import type { Evidence, Finding, FindingCode } from '../findings.js';
import { onnxruntimeCuda, onnxruntimeFirstFor, onnxruntimeForCuda, type OrtCudaBuild } from '../knowledge/onnxruntime.js';
import { versionParts } from '../knowledge/version.js';
import type { ErrorEvent } from '../parse/types.js';
import type { ExplainContext } from './context.js';
import type { Explained } from './explain-helpers.js';
import { msg as explainersMsg } from './explainers/messages.js';
import { msg as rulesMsg } from './rules/messages.js';

interface Missing {
  name: string;
  cuda?: number;
  cudnn?: number;
}

/** libcublasLt.so.11 → CUDA 11; libcudnn.so.9 / cudnn64_9.dll → cuDNN 9; cublasLt64_12.dll → CUDA 12. */
function missingOf(name: string | undefined): Missing | undefined {
  if (!name) return undefined;
  let r: RegExpExecArray | null;
  if ((r = /^(?:lib)?cudnn\w*?(?:\.so\.|64_)(\d+)/i.exec(name))) return { name, cudnn: Number(r[1]) };
  if ((r = /^lib(?:cublas|cublasLt|cufft|curand|cusparse|cusolver|nvrtc)\.so\.(\d+)/.exec(name)))
    return { name, cuda: Number(r[1]) === 10 && /cufft|curand/.test(name) ? 11 : Number(r[1]) };
  if ((r = /^libcudart\.so\.(\d+)/.exec(name))) return { name, cuda: Number(r[1]) };
  if ((r = /^(?:cublas|cublasLt)64_(\d+)\.dll$/i.exec(name))) return { name, cuda: Number(r[1]) };
  return { name };
}

/**
 * No provider message, but the paste names an onnxruntime-gpu release and a CUDA of another major than its build
 * (onnxruntime-gpu 1.9.0, "my cuda is 10.1"): the CUDA provider cannot load there, and ONNX Runtime quietly uses the CPU.
 */
export function onnxruntimeFromFacts(ctx: ExplainContext): Explained | undefined {
  if (ctx.events.some((e) => e.signature === 'ort-provider-load' || e.signature === 'ort-create-provider-failed')) return undefined;
  const pkg = ctx.env?.packages.find((p) => p.name === 'onnxruntime-gpu');
  const build = pkg ? onnxruntimeCuda(pkg.version)?.pypiDefault : undefined;
  const sysCuda = ctx.snapshot.toolkits[0]?.version?.value;
  if (!pkg || !build || !sysCuda || versionParts(sysCuda)[0] === build.cudaMajor) return undefined;
  const vars = { ort: `onnxruntime-gpu ${pkg.version}`, want: `CUDA ${build.cudaMajor}`, lib: `CUDA ${build.cudaMajor} libraries`, have: `CUDA ${sysCuda}` };
  const alt = onnxruntimeForCuda(versionParts(sysCuda)[0] ?? 12);
  return {
    fit: 2,
    finding: {
      code: 'framework-cuda-mismatch',
      severity: 'warning',
      title: explainersMsg('ortCudaTitle', vars),
      cause: explainersMsg('ortCudaCause', vars),
      evidence: [
        { fact: 'onnxruntime-gpu', value: pkg.version, source: pkg.location },
        {
          fact: explainersMsg('evOrtBuild'),
          value: `CUDA ${build.cuda}, cuDNN ${build.cudnnMajor}`,
          source: onnxruntimeCuda(pkg.version)?.release.source ?? 'gpuenv onnxruntime table',
        },
        { fact: 'CUDA', value: sysCuda, source: ctx.snapshot.toolkits[0]?.version?.source ?? 'pasted' },
      ],
      fix: [
        ...(alt
          ? [
              `pip install "onnxruntime-gpu==${alt.release.version}.*"   # ${explainersMsg('ortBuildFor', { cuda: alt.build.cuda, cudnn: String(alt.build.cudnnMajor) })}`,
            ]
          : []),
        `# ${rulesMsg('fixes.ort.orInstallCuda', { cuda: build.cuda, cudnn: build.cudnnMajor, version: pkg.version })}`,
        'python -c "import onnxruntime as ort; print(ort.__version__, ort.get_available_providers())"',
      ],
    },
  };
}

export function onnxruntimeExplained(ctx: ExplainContext, events: ErrorEvent[], code: FindingCode): Explained | undefined {
  const ev = events.find((e) => e.signature === 'ort-provider-load' || e.signature === 'ort-create-provider-failed');
  if (!ev) return undefined;
  const pkg = ctx.env?.packages.find((p) => p.name === 'onnxruntime-gpu' || p.name === 'onnxruntime');
  const info = pkg ? onnxruntimeCuda(pkg.version) : undefined;
  // ORT says what its build needs ("Require cuDNN 8.* and CUDA 12.*"): that beats the table (Jetson, custom builds).
  const req = events.find((e) => e.groups.cuda || e.groups.cudnn)?.groups;
  const stated = req ? { cuda: `${req.cuda ?? '?'}.x`, cudaMajor: Number(req.cuda), cudnnMajor: Number(req.cudnn) } : undefined;
  const build: Pick<OrtCudaBuild, 'cuda' | 'cudaMajor' | 'cudnnMajor'> | undefined =
    stated && Number.isFinite(stated.cudaMajor) && Number.isFinite(stated.cudnnMajor)
      ? (stated as Pick<OrtCudaBuild, 'cuda' | 'cudaMajor' | 'cudnnMajor'>)
      : info?.pypiDefault;
  const missing = missingOf(ev.groups.soname ?? ctx.facts.missingLibraries.find((f) => !/onnxruntime/.test(f.value))?.value);
  const sysCuda = ctx.snapshot.toolkits[0]?.version?.value ?? ctx.torch?.cuda ?? undefined;
  const sysCudaMajor = sysCuda ? versionParts(sysCuda)[0] : undefined;
  const cudnn = ctx.snapshot.libraries.find((l) => l.name === 'cudnn' && l.version)?.version?.value ?? ctx.facts.cudnnRuntime?.value;
  const cudnnMajor = cudnn ? versionParts(cudnn)[0] : undefined;
  const ort = pkg ? `onnxruntime-gpu ${pkg.version}` : 'onnxruntime-gpu';
  const evidence: Evidence[] = [
    { fact: explainersMsg('evLine', { line: ev.line }), value: ev.text.slice(0, 300), source: `pasted (signature ${ev.signature})` },
  ];
  if (pkg) evidence.push({ fact: 'onnxruntime-gpu', value: pkg.version, source: pkg.location });
  if (build)
    evidence.push({
      fact: explainersMsg('evOrtBuild'),
      value: `CUDA ${stated ? build.cudaMajor : build.cuda}, cuDNN ${build.cudnnMajor}${!stated && info?.confirmed === false ? explainersMsg('ortUnconfirmedRow') : ''}`,
      source: stated ? 'pasted:error message' : (info?.release.source ?? 'gpuenv onnxruntime table'),
    });
  if (sysCuda) evidence.push({ fact: 'CUDA', value: sysCuda, source: ctx.snapshot.toolkits[0]?.version?.source ?? 'pasted' });
  if (cudnn) evidence.push({ fact: 'cuDNN', value: cudnn, source: 'pasted' });

  // cuDNN major: the build wants one, the machine has another (ORT 1.19 for CUDA 12 loads cuDNN 9; 8.9.7 installed).
  const wantCudnn = build?.cudnnMajor ?? missing?.cudnn;
  if (code === 'cudnn-mismatch') {
    if (wantCudnn === undefined || cudnnMajor === undefined || wantCudnn === cudnnMajor) return undefined;
    const alt = onnxruntimeForCuda(build?.cudaMajor ?? sysCudaMajor ?? 12, cudnnMajor);
    const vars = { ort, want: `cuDNN ${wantCudnn}`, have: cudnn ?? '?', cuda: build?.cuda ?? '?' };
    const finding: Finding = {
      code,
      severity: 'error',
      title: explainersMsg('ortCudnnTitle', vars),
      cause: explainersMsg('ortCudnnCause', vars),
      evidence,
      fix: [
        `pip install "nvidia-cudnn-cu${build?.cudaMajor ?? 12}==${wantCudnn}.*"   # ${rulesMsg('fixes.ort.cudnnNext', { cudnn: wantCudnn })}`,
        ...(alt
          ? [
              `# ${rulesMsg('fixes.ort.orKeepCudnn', { cudnn: cudnnMajor })} pip install "onnxruntime-gpu==${alt.release.version}.*"   # ${explainersMsg('ortLastFor', { cuda: alt.build.cuda, cudnn: String(cudnnMajor) })}`,
            ]
          : []),
        'python -c "import onnxruntime as ort; print(ort.__version__, ort.get_available_providers())"',
      ],
    };
    return { fit: 2, finding };
  }
  // CUDA major: the build (or the library it asked for) is for another CUDA than the machine has.
  const wantCuda = build?.cudaMajor ?? missing?.cuda;
  if (wantCuda === undefined) return undefined;
  if (sysCudaMajor !== undefined && sysCudaMajor === wantCuda && !missing?.cuda) return undefined;
  const alt = sysCudaMajor !== undefined && sysCudaMajor !== wantCuda ? onnxruntimeForCuda(sysCudaMajor, cudnnMajor) : undefined;
  // When builds for the machine's CUDA began: "1.17 (first CUDA 12 build; PyPI's default from 1.19)".
  const since = sysCudaMajor !== undefined && sysCudaMajor !== wantCuda ? onnxruntimeFirstFor(sysCudaMajor) : undefined;
  if (since?.first)
    evidence.push({
      fact: explainersMsg('evOrtFirst', { cuda: String(sysCudaMajor) }),
      value: `${since.first.version}${since.firstDefault && since.firstDefault.version !== since.first.version ? ` (${explainersMsg('evOrtDefaultFrom', { version: since.firstDefault.version })})` : ''}`,
      source: since.first.source,
    });
  const vars = {
    ort,
    want: `CUDA ${wantCuda}`,
    lib: missing?.name ?? explainersMsg('ortCudaLibs', { cuda: wantCuda }),
    have: sysCuda ? `CUDA ${sysCuda}` : explainersMsg('ortNoCuda', { cuda: String(wantCuda) }),
  };
  const finding: Finding = {
    code: 'framework-cuda-mismatch',
    severity: 'error',
    title: explainersMsg('ortCudaTitle', vars),
    cause: explainersMsg('ortCudaCause', vars),
    evidence,
    fix: [
      ...(alt
        ? [
            `pip install -U "onnxruntime-gpu==${alt.release.version}.*"   # ${explainersMsg('ortBuildFor', { cuda: alt.build.cuda, cudnn: String(alt.build.cudnnMajor) })}`,
          ]
        : []),
      `# ${rulesMsg('fixes.ort.orGiveCuda', { cuda: wantCuda, cmd: `pip install nvidia-cublas-cu${wantCuda} nvidia-cuda-runtime-cu${wantCuda} nvidia-cudnn-cu${wantCuda}` })}`,
      'python -c "import onnxruntime as ort; print(ort.__version__, ort.get_available_providers())"',
    ],
  };
  return { fit: sysCudaMajor !== undefined && sysCudaMajor !== wantCuda ? 2 : 1.5, finding };
}
