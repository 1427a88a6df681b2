// The Python environments section: each environment, its GPU frameworks, what they were built for,
// which copy of each CUDA library really loads, and the architectures their kernels cover.
import type { PythonEnv, PythonPackage } from '../snapshot/types.js';
import { msg } from './messages.js';
import type { Style } from './style.js';
import { loadViaLabel } from './kind-labels.js';

// Packages worth a line of their own; the nvidia-* wheels show through the libraries they provide.
const SHOWN =
  /^(torch|torchvision|torchaudio|tensorflow(-cpu|-gpu)?|tf-nightly|jax|jaxlib|jax-cuda\d+-(plugin|pjrt)|cupy.*|xformers|flash[-_]attn|bitsandbytes|vllm|triton|deepspeed|onnxruntime-gpu)$/;

export function pythonSection(envs: PythonEnv[], st: Style): string[] {
  const out = [st.bold(msg('doc.python'))];
  if (envs.length === 0) return [...out, `  ${msg('doc.pythonNone')}`];
  for (const env of envs) {
    const bits = [
      msg(`doc.envKind.${env.kind}`),
      env.version ? `Python ${env.version.value}` : undefined,
      env.active ? st.green(msg('doc.active')) : undefined,
    ].filter(Boolean);
    out.push(`  ${env.prefix}  (${bits.join(', ')})`);
    const pkgs = env.packages.filter((p) => SHOWN.test(p.name));
    for (const p of pkgs) out.push(...packageLines(p, st));
    if (env.deep) {
      const t = env.deep.torch;
      const result = env.deep.timedOut
        ? st.yellow('timed out')
        : env.deep.error
          ? st.red(env.deep.error.split('\n')[0] ?? '')
          : t
            ? // The kernel runs only when is_available() is True: null is "not run", not a failure of its own.
              `torch.cuda.is_available()=${t.cudaAvailable} devices=${t.deviceCount ?? '?'} cuDNN=${t.cudnnVersion ?? '?'} kernel=${t.kernelOk === null ? 'not run' : t.kernelOk ? 'ok' : 'failed'}`
            : 'ok';
      out.push(`    ${msg('doc.deep', { result })}`);
    }
  }
  return out;
}

function packageLines(p: PythonPackage, st: Style): string[] {
  const head = [`${p.name} ${p.version}`];
  if (p.build?.cpuOnly) head.push(st.yellow(msg('doc.cpuOnly')));
  else if (p.build?.cuda) head.push(msg('doc.builtFor', { cuda: p.build.cuda }));
  head.push(st.dim(`[${p.installer}]`));
  const lines = [`    ${head.join('  ')}`];
  if (p.archs?.declared?.length) lines.push(`      ${msg('doc.declared', { list: p.archs.declared.join(' ') })}`);
  if (p.archs && (p.archs.sass.length || p.archs.ptx.length)) {
    const parts = [msg('doc.archs', { sass: p.archs.sass.join(' ') || '—' })];
    if (p.archs.ptx.length) parts.push(msg('doc.ptx', { ptx: p.archs.ptx.join(' ') }));
    lines.push(`      ${parts.join('; ')}`);
  }
  for (const lib of p.cudaLibraries.filter((l) => /cudnn\.so|cudart|cublas\.so|nccl/.test(l.soname))) {
    lines.push(
      `      ${
        lib.resolvedPath
          ? msg('doc.loads', { lib: lib.soname, path: lib.resolvedPath, version: lib.version ? ` ${lib.version}` : '', via: loadViaLabel(lib.via) })
          : st.red(msg('doc.notFound', { lib: lib.soname }))
      }`,
    );
    // The copies that lose are what collect_env and users look at by mistake: name them.
    if (lib.resolvedPath && lib.shadowed.length) lines.push(st.dim(`        ${msg('doc.shadowed', { paths: lib.shadowed.join(', ') })}`));
  }
  return lines;
}
