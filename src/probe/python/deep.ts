// --deep: import torch in the environment's own interpreter, in a child process with a time limit,
// and report what it says and which CUDA libraries it really mapped. Failures are data.
import type { DeepCheck } from '../../snapshot/types.js';
import type { ProbeContext } from '../context.js';
import { msg } from '../messages.js';

export const DEEP_TIMEOUT_MS = 30_000;

// Prints one JSON line last. Each step has its own try so one failure still reports the rest.
const SCRIPT = String.raw`
import json, sys, warnings
out = {"torch": None}
def maps():
    libs = set()
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                p = line.split()[-1] if len(line.split()) >= 6 else ""
                n = p.rsplit("/", 1)[-1]
                if p.startswith("/") and ".so" in n and n.startswith(("libcu", "libnv", "libnccl", "libcudnn", "libtorch_cuda", "libc10_cuda")):
                    libs.add(p)
    except Exception:
        pass
    return sorted(libs)
seen = []
def said(w):
    return ["%s: %s" % (x.category.__name__, str(x.message).strip().splitlines()[0][:300]) for x in w if str(x.message).strip()][:5]
try:
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        import torch
    seen += said(w)
    t = {"version": torch.__version__, "cudaRuntime": torch.version.cuda, "error": None}
    try:
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            t["cudaAvailable"] = bool(torch.cuda.is_available())
            t["deviceCount"] = int(torch.cuda.device_count())
        seen += said(w)
        t["archList"] = list(torch.cuda.get_arch_list())
    except Exception as e:
        t["error"] = "cuda query: %s: %s" % (type(e).__name__, e)
    t["warnings"] = seen[:5]
    try:
        v = torch.backends.cudnn.version()
        t["cudnnVersion"] = None if v is None else str(v)
    except Exception as e:
        t["cudnnVersion"] = None
    if t.get("cudaAvailable"):
        try:
            t["kernelOk"] = (torch.ones(4, device="cuda") * 2).sum().item() == 8
        except Exception as e:
            t["kernelOk"] = False
            t["error"] = "kernel: %s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
    t["loadedLibraries"] = maps()
    out["torch"] = t
except Exception as e:
    out["torch"] = {"error": "import torch: %s: %s" % (type(e).__name__, e), "loadedLibraries": maps()}
print("GPUENV_DEEP " + json.dumps(out))
`;

interface DeepTorchJson {
  version?: string;
  cudaRuntime?: string | null;
  cudaAvailable?: boolean;
  deviceCount?: number;
  archList?: string[];
  cudnnVersion?: string | null;
  kernelOk?: boolean;
  loadedLibraries?: string[];
  error?: string | null;
  warnings?: string[];
}

export async function deepCheck(ctx: ProbeContext, python: string | null, timeoutMs = DEEP_TIMEOUT_MS): Promise<DeepCheck> {
  const fail = (error: string, durationMs = 0, timedOut = false): DeepCheck => ({ ok: false, timedOut, durationMs, error, torch: null });
  if (!python) return fail(msg('deepNoPython'));
  if (ctx.sys.isForeignRoot) return fail(msg('deepForeignRoot'));
  const r = await ctx.sys.run(python, ['-c', SCRIPT], { timeoutMs, maxBuffer: 1024 * 1024 });
  ctx.records.push({
    name: `python --deep (${python})`,
    ok: !r.failed,
    durationMs: r.durationMs,
    ...(r.timedOut ? { timedOut: true, detail: msg('killed', { ms: timeoutMs }) } : {}),
  });
  if (r.timedOut) return fail(msg('deepTimedOut', { s: timeoutMs / 1000 }), r.durationMs, true);
  if (r.notFound) return fail(msg('deepCannotRun', { python }), r.durationMs);
  const line = r.stdout
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('GPUENV_DEEP '));
  if (!line) {
    const tail = (r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ');
    return fail(msg('deepNoReport', { code: String(r.exitCode ?? r.signal), tail: tail ? `: ${tail.slice(0, 500)}` : '' }), r.durationMs);
  }
  let parsed: { torch?: DeepTorchJson | null };
  try {
    parsed = JSON.parse(line.slice('GPUENV_DEEP '.length)) as { torch?: DeepTorchJson | null };
  } catch (e) {
    return fail(`unreadable report: ${String(e)}`, r.durationMs);
  }
  const t = parsed.torch;
  const torch: DeepCheck['torch'] = t
    ? {
        version: t.version ?? null,
        cudaAvailable: t.cudaAvailable ?? null,
        deviceCount: t.deviceCount ?? null,
        archList: t.archList ?? null,
        cudnnVersion: t.cudnnVersion ?? null,
        cudaRuntime: t.cudaRuntime ?? null,
        kernelOk: t.kernelOk ?? null,
        loadedLibraries: t.loadedLibraries ?? [],
        error: t.error ?? null,
        warnings: warningsOf(t.warnings, r.stderr),
      }
    : null;
  // is_available() False with no exception is still a failed check: torch found no GPU it can use, and the warnings it
  // printed (CUDA initialization: …, the driver too old …) are what says why.
  const unavailable = torch !== null && torch.error === null && torch.cudaAvailable === false;
  const error = unavailable ? `torch.cuda.is_available() is False${torch.warnings?.[0] ? `: ${torch.warnings[0]}` : ''}` : (torch?.error ?? null);
  const ok = torch !== null && error === null && torch.kernelOk !== false;
  return { ok, timedOut: false, durationMs: r.durationMs, error, torch };
}

/**
 * The warnings the script recorded, and the warning lines of the child's stderr it could not record (printed by native
 * code or before Python's warnings module ran), each once, at most five of 300 characters.
 */
function warningsOf(recorded: readonly string[] | undefined, stderr: string): string[] {
  const out = [...(recorded ?? [])];
  for (const raw of stderr.split('\n').slice(0, 2000)) {
    const m = /\b(\w{0,40}Warning): (.{1,300})/.exec(raw);
    if (!m) continue;
    const line = `${m[1]}: ${m[2]!.trim()}`;
    if (!out.some((x) => x === line || line.startsWith(x) || x.startsWith(line))) out.push(line);
  }
  return out.slice(0, 5);
}

export { SCRIPT as DEEP_SCRIPT };
