// The PyTorch engine's script: the same copies and GEMMs as the native engine, through the user's torch
// (which also proves that install end to end). Progress on stderr; one JSON line last on stdout.
export const TORCH_BENCH_PY = String.raw`
import json, sys, time
t_start = time.time()
cfg = json.loads(sys.argv[1])
def prog(t):
    print(t, file=sys.stderr, flush=True)
import torch
res = {"engine": "torch", "libraries": {"torch": torch.__version__, "torch.version.cuda": str(torch.version.cuda)},
       "copies": [], "gemms": [], "skipped": [], "p2p": [], "allReduce": None, "errors": [], "durationMs": 0}
try:
    res["libraries"]["cublas (torch)"] = str(torch._C._cuda_getCompiledVersion())
except Exception:
    pass
def median(xs):
    s = sorted(xs); n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
def r3(x):
    return round(x, 3)
def timed(fn):
    e0 = torch.cuda.Event(enable_timing=True); e1 = torch.cuda.Event(enable_timing=True)
    e0.record(); fn(); e1.record(); e1.synchronize()
    return e0.elapsed_time(e1)
if not torch.cuda.is_available():
    raise SystemExit("torch.cuda.is_available() is False")
for g in cfg["gpus"]:
    torch.cuda.set_device(g)
    dev = torch.device("cuda", g)
    sizes = cfg["copySizes"]; iters = cfg["copyIters"]; mx = max(sizes)
    hp = torch.empty(mx, dtype=torch.uint8, pin_memory=True); hp.fill_(0x5a)
    hg = torch.empty(mx, dtype=torch.uint8); hg.fill_(0x5a)
    d1 = torch.empty(mx, dtype=torch.uint8, device=dev); d2 = torch.empty(mx, dtype=torch.uint8, device=dev)
    for b in sizes:
        prog("gpu %d: copies %d MiB" % (g, b >> 20))
        def ev(fn, factor):
            for _ in range(3): fn()
            torch.cuda.synchronize()
            return [factor * b / (timed(fn) / 1e3) / 1e9 for _ in range(iters)]
        def wall(fn):
            fn(); torch.cuda.synchronize(); out = []
            for _ in range(max(3, (iters + 1) // 2)):
                t0 = time.perf_counter(); fn(); torch.cuda.synchronize(); out.append(b / (time.perf_counter() - t0) / 1e9)
            return out
        def add(kind, xs, timer):
            res["copies"].append({"kind": kind, "gpu": g, "bytes": b, "samplesGBs": [r3(x) for x in xs], "medianGBs": r3(median(xs)), "timer": timer})
        add("h2d-pinned", ev(lambda: d1[:b].copy_(hp[:b], non_blocking=True), 1), "cuda-event")
        add("d2h-pinned", ev(lambda: hp[:b].copy_(d1[:b], non_blocking=True), 1), "cuda-event")
        add("d2d", ev(lambda: d2[:b].copy_(d1[:b]), 2), "cuda-event")
        add("h2d-pageable", wall(lambda: d1[:b].copy_(hg[:b])), "wall-clock")
        add("d2h-pageable", wall(lambda: hg[:b].copy_(d1[:b])), "wall-clock")
    del hp, hg, d1, d2
    cc = torch.cuda.get_device_capability(dev)
    tol = {"fp32": 1e-4, "tf32": 5e-3, "fp16": 5e-3, "bf16": 1e-2, "fp8": 1e-2}
    for dt in cfg["dtypes"]:
        if dt == "fp8" and (cc < (8, 9) or not hasattr(torch, "float8_e4m3fn")):
            res["skipped"].append({"dtype": dt, "gpu": g, "reason": "needs compute capability 8.9 and torch.float8_e4m3fn"}); continue
        if dt in ("tf32", "bf16") and cc < (8, 0):
            res["skipped"].append({"dtype": dt, "gpu": g, "reason": "needs compute capability 8.0"}); continue
        for n in cfg["gemmSizes"]:
            prog("gpu %d: %s GEMM %d^3" % (g, dt, n))
            try:
                torch.backends.cuda.matmul.allow_tf32 = dt == "tf32"
                gen = torch.Generator(device=dev); gen.manual_seed(1)
                a = torch.rand(n, n, device=dev, generator=gen) * 2 - 1
                b = torch.rand(n, n, device=dev, generator=gen) * 2 - 1
                if dt == "fp8":
                    a = a.to(torch.float8_e4m3fn); b = b.to(torch.float8_e4m3fn).t().contiguous().t()
                    one = torch.tensor(1.0, device=dev)
                    fn = lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
                    lib = "torch._scaled_mm"
                else:
                    if dt in ("fp16", "bf16"):
                        a = a.to(torch.float16 if dt == "fp16" else torch.bfloat16); b = b.to(a.dtype)
                    fn = lambda: torch.matmul(a, b)
                    lib = "torch.matmul"
                out = fn(); torch.cuda.synchronize()
                idx = torch.linspace(0, n - 1, 16, device=dev).round().long()
                ref = a[idx].float().double() @ b[:, idx].float().double()
                got = out[idx][:, idx].float().double()
                rel = (torch.linalg.norm(got - ref) / torch.linalg.norm(ref)).item()
                written = bool(torch.isfinite(out).all().item())
                del out
                for _ in range(3): fn()
                torch.cuda.synchronize()
                flop = 2.0 * n * n * n
                xs = [flop / (timed(fn) / 1e3) / 1e12 for _ in range(cfg["gemmIters"])]
                ok = rel == rel and rel <= tol[dt] and written
                res["gemms"].append({"dtype": dt, "gpu": g, "m": n, "n": n, "k": n, "samplesTflops": [r3(x) for x in xs],
                    "medianTflops": r3(median(xs)), "library": lib,
                    "check": {"relError": float("%.3g" % rel) if rel == rel else None, "tolerance": tol[dt], "checked": 256, "allWritten": written, "ok": ok}})
                del a, b
                torch.cuda.empty_cache()
            except Exception as e:
                res["skipped"].append({"dtype": dt, "gpu": g, "reason": "%d^3: %s" % (n, str(e).splitlines()[0] if str(e) else type(e).__name__)})
    torch.backends.cuda.matmul.allow_tf32 = False
res["durationMs"] = round((time.time() - t_start) * 1000)
print(json.dumps(res))
`;

/** NCCL all-reduce through torchrun (one process per GPU); rank 0 prints one JSON line. */
export const ALLREDUCE_PY = String.raw`
import json, os, sys, time
import torch, torch.distributed as dist
nbytes = int(sys.argv[1]); iters = int(sys.argv[2])
rank = int(os.environ["RANK"]); world = int(os.environ["WORLD_SIZE"]); local = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local)
dist.init_process_group("nccl", device_id=torch.device("cuda", local))
x = torch.ones(nbytes // 4, dtype=torch.float32, device="cuda")
for _ in range(5): dist.all_reduce(x)
torch.cuda.synchronize()
ms = []
for _ in range(iters):
    dist.barrier(); torch.cuda.synchronize()
    e0 = torch.cuda.Event(enable_timing=True); e1 = torch.cuda.Event(enable_timing=True)
    e0.record(); dist.all_reduce(x); e1.record(); e1.synchronize()
    ms.append(e0.elapsed_time(e1))
x.fill_(1.0); dist.all_reduce(x); torch.cuda.synchronize()
ok = bool((x == world).all().item())
if rank == 0:
    s = sorted(ms); med = s[len(s) // 2]
    alg = nbytes / (med / 1e3) / 1e9
    print(json.dumps({"gpus": world, "bytes": nbytes, "algbwGBs": round(alg, 3), "busbwGBs": round(alg * 2 * (world - 1) / world, 3),
                      "samplesMs": [round(v, 4) for v in ms], "ok": ok, "nccl": ".".join(map(str, torch.cuda.nccl.version()))}), flush=True)
dist.destroy_process_group()
`;
