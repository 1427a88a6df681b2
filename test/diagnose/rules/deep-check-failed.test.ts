// deep-check-failed: what the --deep child said on a real H200 (recorded in the machine fixtures, or written out here
// from the same measurements), whether another rule's error already names the cause, and the report's summary line.
import { describe, expect, it } from 'vitest';
import { diagnose, judge, machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/deep-check-failed.js';
import { RULES } from '../../../src/diagnose/rules/index.js';
import type { RuleFinding } from '../../../src/diagnose/types.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import { takeSnapshot } from '../../../src/probe/take.js';
import { renderDoctorText } from '../../../src/render/doctor-text.js';
import { makeStyle } from '../../../src/render/style.js';
import type { DeepCheck, PythonEnv, Snapshot } from '../../../src/snapshot/types.js';
import { FIXED_NOW, machine } from '../../helpers/machines.js';
import { buildSnapshot, env, gpu, pkg } from '../../helpers/snapshot-builder.js';

const PY = '/opt/torch/.venv/bin/python3';
const deepSnapshot = async (name: string) => takeSnapshot(await machine(name), { timeoutMs: 300, now: FIXED_NOW, python: { extraPythons: [], deep: true } });

/** The torch part of the --deep child's answer, as measured on the H200 (torch 2.11.0+cu130, driver 580.159.04). */
const torch = (over: Partial<NonNullable<DeepCheck['torch']>>): NonNullable<DeepCheck['torch']> => ({
  version: '2.11.0+cu130',
  cudaAvailable: true,
  deviceCount: 1,
  archList: ['sm_75', 'sm_80', 'sm_86', 'sm_90', 'sm_100', 'sm_120'],
  cudnnVersion: '91900',
  cudaRuntime: '13.0',
  kernelOk: true,
  loadedLibraries: [],
  error: null,
  ...over,
});
const deep = (t: DeepCheck['torch'], over: Partial<DeepCheck> = {}): DeepCheck => ({
  ok: t !== null && t.error === null && t.kernelOk !== false,
  timedOut: false,
  durationMs: 4454,
  error: t?.error ?? null,
  torch: t,
  ...over,
});
const torchEnv = (d: DeepCheck | null, over: Partial<PythonEnv> = {}) =>
  env([pkg('torch', '2.11.0+cu130')], { prefix: '/opt/torch/.venv', python: PY, deep: d, ...over });
/** The probe's record of each child it ran (probe/python/deep.ts). */
const ran = (python: PythonEnv[]) => python.filter((p) => p.deep && p.python).map((p) => ({ name: `python --deep (${p.python})`, ok: true, durationMs: 4454 }));
const h200Like = (python: PythonEnv[], over: Partial<Snapshot> = {}) =>
  buildSnapshot({ gpus: [gpu('NVIDIA H200', '9.0')], python, probes: ran(python), ...over });
const check = (s: Snapshot, found: RuleFinding[] = []) => rule.check({ ...machineInput(s), found });
const error = (code: RuleFinding['code'], subject?: string): RuleFinding => ({
  code,
  severity: 'error',
  title: code,
  cause: '',
  evidence: [],
  fix: [],
  ...(subject ? { subject } : {}),
});

describe('deep-check-failed through machine fixtures (doctor --deep)', () => {
  it('h200-force-ptx-jit: the kernel fails and no rule knows why → error with the child’s text and real next checks', async () => {
    const s = await deepSnapshot('h200-force-ptx-jit');
    expect(s.python[0]?.deep?.torch?.kernelOk).toBe(false);
    const d = await diagnose(s);
    const f = d.findings.find((x) => x.code === 'deep-check-failed');
    expect(f).toMatchObject({ severity: 'error', subject: '/opt/torch/.venv', title: 'A CUDA kernel fails in /opt/torch/.venv' });
    expect(f!.cause).toContain('kernel: AcceleratorError: CUDA error: no kernel image is available for execution on the device');
    expect(f!.evidence.map((e) => `${e.fact}: ${e.value}`)).toEqual(
      expect.arrayContaining([
        `interpreter: ${PY}`,
        'torch: 2.11.0+cu130 (CUDA 13.0)',
        'torch.cuda.is_available(): true',
        'torch.cuda.device_count(): 1',
        'small kernel on cuda:0: failed',
        'GPUs the driver shows: 1 GPU (0: NVIDIA H200)',
      ]),
    );
    expect(f!.fix).toEqual([
      "# what torch sees, then the CUDA error in full, with this environment's own interpreter:",
      `${PY} -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available(), torch.cuda.device_count())"`,
      `${PY} -c "import torch; torch.zeros(1, device='cuda')"`,
      '# the driver and the GPUs it lists, and the CUDA and NVIDIA variables this shell passes on:',
      'nvidia-smi',
      "env | grep -E 'CUDA|NVIDIA'",
      "# PyTorch's own report of the environment (paste it into an issue):",
      `${PY} -m torch.utils.collect_env`,
    ]);
    const text = renderDoctorText(s, d, makeStyle(false), 100);
    expect(text).toMatch(/^ {2}1 errors, /m);
    expect(text).toContain('import check: kernel: AcceleratorError');
  });

  it('h200-cvd-empty: is_available() False, but gpus-hidden names the cause → nothing more; the import line says the kernel was not run', async () => {
    const s = await deepSnapshot('h200-cvd-empty');
    expect(s.python[0]?.deep?.torch).toMatchObject({ cudaAvailable: false, deviceCount: 0, kernelOk: null, error: null });
    // No exception, but torch sees no GPU: the child's verdict is a failure (issue 26), and the rule still says
    // nothing of its own because gpus-hidden names the cause.
    expect(s.python[0]?.deep?.ok).toBe(false);
    expect(s.python[0]?.deep?.error).toContain('is_available() is False');
    const d = await diagnose(s);
    expect(d.findings.filter((f) => f.severity === 'error').map((f) => f.code)).toEqual(['gpus-hidden']);
    const text = renderDoctorText(s, d, makeStyle(false), 100);
    expect(text).toContain('import check: torch.cuda.is_available() is False');
    expect(text).not.toMatch(/^ {2}0 errors/m);
  });

  it('without --deep the same machines carry no deep result, and the rule says nothing', async () => {
    const s = await takeSnapshot(await machine('h200-force-ptx-jit'), { timeoutMs: 300, now: FIXED_NOW });
    expect(s.python[0]?.deep).toBeNull();
    expect(check(s)).toEqual([]);
  });
});

describe('deep-check-failed over measured answers', () => {
  it('import fails (ulimit -v 2 GB: "failed to map segment") → the import title, its text, the traceback command', () => {
    const [f, ...rest] = check(
      h200Like([
        torchEnv(
          deep({
            ...torch({}),
            version: null,
            cudaRuntime: null,
            error: 'import torch: ImportError: libtorch_python.so: failed to map segment from shared object',
          }),
        ),
      ]),
    );
    expect(rest).toEqual([]);
    expect(f?.title).toBe('import torch fails in /opt/torch/.venv');
    expect(f?.cause).toContain('"import torch: ImportError: libtorch_python.so: failed to map segment from shared object"');
    expect(f?.fix).toContain(`${PY} -c "import torch"`);
    expect(f?.fix).toContain("env | grep -E 'CUDA|NVIDIA'");
  });

  it('is_available() False with device_count() 1 and no text (ulimit -v 8 GB: the warning went to stderr) → says the error is hidden', () => {
    const [f] = check(h200Like([torchEnv(deep(torch({ cudaAvailable: false, deviceCount: 1, archList: [], kernelOk: null })))]));
    expect(f?.title).toBe('torch in /opt/torch/.venv cannot use the GPU: torch.cuda.is_available() is False');
    expect(f?.cause).toContain('torch gave no error text');
    expect(f?.evidence).toContainEqual(expect.objectContaining({ fact: 'small kernel on cuda:0', value: 'not run' }));
  });

  it('device_count() 0 while is_available() is True (an upper-case UUID in CUDA_VISIBLE_DEVICES, measured) → no-device', () => {
    const [f] = check(h200Like([torchEnv(deep(torch({ deviceCount: 0, cudnnVersion: null })))]));
    expect(f?.title).toBe('torch in /opt/torch/.venv counts no GPU: torch.cuda.device_count() is 0');
  });

  it('timed out → the time, and commands that show whether the import or the driver hangs', () => {
    const [f] = check(
      h200Like([torchEnv(deep(null, { timedOut: true, durationMs: 30_012, error: 'importing the framework did not finish within 30 s; killed' }))]),
    );
    expect(f?.title).toBe('Importing torch in /opt/torch/.venv did not finish within 30 s');
    expect(f?.evidence).toContainEqual(expect.objectContaining({ fact: 'time until killed', value: '30 s' }));
    expect(f?.fix).toContain(`time ${PY} -c "import torch; print(torch.cuda.is_available())"`);
    expect(f?.fix).toContain('timeout 30 nvidia-smi');
  });

  it('a long multi-line error is cut to one line of at most 300 characters', () => {
    const long = `kernel: RuntimeError: CUDA error: ${'x'.repeat(600)}\nsecond line`;
    const [f] = check(h200Like([torchEnv(deep(torch({ kernelOk: false, error: long })))]));
    const e = f?.evidence.find((x) => x.fact === 'error of the check')?.value ?? '';
    expect(e.length).toBe(300);
    expect(e).not.toContain('second line');
  });

  it('an interpreter path with a space is quoted in the fix lines', () => {
    const py = '/home/a b/venv/bin/python';
    const [f] = check(h200Like([torchEnv(deep(torch({ kernelOk: false, error: 'kernel: boom' })), { prefix: '/home/a b/venv', python: py })]));
    expect(f?.fix).toContain(`'${py}' -m torch.utils.collect_env`);
  });

  it('healthy (measured without any variable), not run, or no GPU at all → nothing', () => {
    expect(check(h200Like([torchEnv(deep(torch({})))]))).toEqual([]);
    expect(check(h200Like([torchEnv(deep(null, { error: 'no interpreter found in this environment' }), { python: null })]))).toEqual([]);
    // --root: the child is never started, so the probe has no record of it.
    expect(check(h200Like([torchEnv(deep(null, { error: 'not run: reading a mounted root (--root), whose programs are not run' }))], { probes: [] }))).toEqual(
      [],
    );
    // A machine without a GPU: is_available() False is expected, no-gpu says why.
    const noGpu = [torchEnv(deep(torch({ cudaAvailable: false, deviceCount: 0, kernelOk: null })))];
    expect(check(buildSnapshot({ python: noGpu, probes: ran(noGpu) }))).toEqual([]);
  });
});

describe('deep-check-failed speaks only when no other error names the cause', () => {
  const failed = () => h200Like([torchEnv(deep(torch({ cudaAvailable: false, deviceCount: 0, kernelOk: null })))]);

  it('an error about the GPU, the driver or the variables (no subject, gpu:N, env:…) names it', () => {
    for (const f of [
      error('driver-too-old'),
      error('ecc-errors', 'gpu:0'),
      error('gpus-hidden', 'env:CUDA_VISIBLE_DEVICES'),
      error('library-not-found', 'libcuda.so.1'),
    ])
      expect(check(failed(), [f])).toEqual([]);
  });

  it('an error about this environment names it; one about another environment, a warning, or one that cannot stop torch (nvcc, /dev/shm) does not', () => {
    expect(check(failed(), [error('cpu-only-build', '/opt/torch/.venv')])).toEqual([]);
    const twoEnvs = h200Like([torchEnv(failed().python[0]!.deep), torchEnv(null, { prefix: '/opt/other' })]);
    expect(check(twoEnvs, [error('cpu-only-build', '/opt/other')])).toHaveLength(1);
    expect(check(failed(), [{ ...error('gpus-hidden'), severity: 'warning' }])).toHaveLength(1);
    expect(check(failed(), [error('toolkit-mismatch', '/opt/torch/.venv')])).toHaveLength(1);
    expect(check(failed(), [error('container-limits')])).toHaveLength(1);
  });

  it('through judge with every rule: a CPU-only torch that sees no GPU is cpu-only-build’s, not a second error', () => {
    const s = h200Like([
      env([pkg('torch', '2.5.1+cpu')], {
        prefix: '/opt/torch/.venv',
        python: PY,
        deep: deep(torch({ version: '2.5.1+cpu', cudaRuntime: null, cudaAvailable: false, deviceCount: 0, kernelOk: null })),
      }),
    ]);
    const codes = judge(machineInput(s), RULES)
      .findings.filter((f) => f.severity === 'error')
      .map((f) => f.code);
    expect(codes).toContain('cpu-only-build');
    expect(codes).not.toContain('deep-check-failed');
  });
});

describe('deep-check-failed in Chinese', () => {
  it('title and fix sentences come from the catalogue; commands stay literal', () => {
    setLang('zh-CN');
    try {
      const [f] = check(h200Like([torchEnv(deep(torch({ kernelOk: false, error: 'kernel: boom' })))]));
      expect(f?.title).toBe('在 /opt/torch/.venv 中 CUDA 内核运行失败');
      expect(f?.fix).toContain('nvidia-smi');
      expect(f?.fix[0]).toMatch(/^# 用这个环境自己的解释器/);
    } finally {
      setLang('en');
    }
  });
});

describe('deep-check-failed and pasted text', () => {
  it('explain cannot see a deep result: a pasted deep-check-like output becomes a torch version and a symptom, never this code', async () => {
    const r = await explainText(
      ['$ python -c "import torch; print(torch.__version__); print(torch.cuda.is_available())"', '2.11.0+cu130', 'False'].join('\n'),
      {
        rules: RULES,
      },
    );
    expect(r.snapshot.python.every((p) => p.deep === null)).toBe(true);
    expect(r.findings.map((f) => f.code)).not.toContain('deep-check-failed');
  });
});
