// The PyTorch engine's script: the same copies and GEMMs as the native engine, through the user's torch
// (which also proves that install end to end). Progress on stderr; one JSON line last on stdout.
export const TORCH_BENCH_PY = String.raw`
import ctypes, json, mmap, sys, time
t_start = time.time()
cfg = json.loads(sys.argv[1])
phases = {}
mark = [time.perf_counter()]
def phase(name):
    now = time.perf_counter(); phases[name] = round((now - mark[0]) * 1000); mark[0] = now
def prog(key):
    print(json.dumps({"step": key}), file=sys.stderr, flush=True)
import torch
phase("import torch")
res = {"engine": "torch", "libraries": {"torch": torch.__version__, "torch.version.cuda": str(torch.version.cuda)},
       "copies": [], "gemms": [], "skipped": [], "p2p": [], "allReduce": None, "errors": [], "durationMs": 0,
       "latencies": [], "hostMemcpy": [], "seed": {"xcpu": [], "matmul": []}, "phasesMs": phases}
try:
    res["libraries"]["cublas (torch)"] = str(torch._C._cuda_getCompiledVersion())
except Exception:
    pass
def median(xs):
    s = sorted(xs); n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
def r3(x):
    return round(x, 3)
def batch(fn, iters):
    # As the native engine: launches back to back with an event between each, two first so the stream is busy.
    ev = [torch.cuda.Event(enable_timing=True) for _ in range(iters + 1)]
    fn(); fn(); ev[0].record()
    for i in range(1, iters + 1):
        fn(); ev[i].record()
    ev[iters].synchronize()
    return [ev[i - 1].elapsed_time(ev[i]) for i in range(1, iters + 1)]
def wall(fn, iters, warm=1):
    for _ in range(warm): fn()
    torch.cuda.synchronize(); out = []
    for _ in range(iters):
        t0 = time.perf_counter(); fn(); torch.cuda.synchronize(); out.append((time.perf_counter() - t0) * 1000)
    return out
if not torch.cuda.is_available():
    raise SystemExit("torch.cuda.is_available() is False")
tol = {"fp32": 1e-4, "tf32": 5e-3, "fp16": 5e-3, "bf16": 1e-2, "fp8": 1e-2}
def gemm(dev, g, dt, n, iters):
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
    xs = [flop / (ms / 1e3) / 1e12 for ms in batch(fn, iters)]
    ok = rel == rel and rel <= tol[dt] and written
    del a, b
    torch.backends.cuda.matmul.allow_tf32 = False
    return {"dtype": dt, "gpu": g, "m": n, "n": n, "k": n, "samplesTflops": [r3(x) for x in xs], "medianTflops": r3(median(xs)), "library": lib,
            "check": {"relError": float("%.3g" % rel) if rel == rel else None, "tolerance": tol[dt], "checked": 256, "allWritten": written, "ok": ok}}
KINDS = ["h2d-pinned", "d2h-pinned", "d2d", "h2d-pageable", "d2h-pageable"]
for gi, g in enumerate(cfg["gpus"]):
    torch.cuda.set_device(g)
    dev = torch.device("cuda", g)
    torch.ones(1, device=dev)
    phase("gpu %d: CUDA context" % g)
    sizes = cfg["copySizes"]; iters = cfg["copyIters"]; mx = max(sizes + [4096])
    wall_iters = max(3, (iters + 1) // 2)
    hp = torch.empty(mx, dtype=torch.uint8, pin_memory=True); hp.fill_(0x5a)
    hg = torch.empty(mx, dtype=torch.uint8); hg.fill_(0x5a)
    d1 = torch.empty(mx, dtype=torch.uint8, device=dev); d2 = torch.empty(mx, dtype=torch.uint8, device=dev)
    def fn_of(kind, b):
        return {"h2d-pinned": lambda: d1[:b].copy_(hp[:b], non_blocking=True), "d2h-pinned": lambda: hp[:b].copy_(d1[:b], non_blocking=True),
                "d2d": lambda: d2[:b].copy_(d1[:b]), "h2d-pageable": lambda: d1[:b].copy_(hg[:b]), "d2h-pageable": lambda: hg[:b].copy_(d1[:b])}[kind]
    for b in sizes:
        prog("copies:%d:%d" % (g, b))
        for kind in KINDS:
            pageable = kind.endswith("pageable"); factor = 2 if kind == "d2d" else 1
            if pageable:
                ms = wall(fn_of(kind, b), wall_iters)
            else:
                for _ in range(3): fn_of(kind, b)()
                torch.cuda.synchronize()
                ms = batch(fn_of(kind, b), iters)
            xs = [factor * b / (t / 1e3) / 1e9 for t in ms]
            res["copies"].append({"kind": kind, "gpu": g, "bytes": b, "samplesGBs": [r3(x) for x in xs], "medianGBs": r3(median(xs)),
                                  "timer": "wall-clock" if pageable else "cuda-event"})
    prog("host:%d" % g)
    for kind in KINDS:
        pageable = kind.endswith("pageable")
        ms = wall(fn_of(kind, 4096), 20, 3) if pageable else batch(fn_of(kind, 4096), 20)
        us = [r3(t * 1000) for t in ms]
        res["latencies"].append({"kind": kind, "gpu": g, "bytes": 4096, "samplesUs": us, "medianUs": r3(median(us)), "timer": "wall-clock" if pageable else "cuda-event"})
    if gi == 0:
        # One thread's memcpy (libc's, through ctypes), warm and into memory just mapped: what pageable copies are judged by.
        other = torch.empty(mx, dtype=torch.uint8); other.fill_(0xa5)
        for b in sizes:
            ms = wall(lambda: ctypes.memmove(other.data_ptr(), hg.data_ptr(), b), wall_iters)
            xs = [b / (t / 1e3) / 1e9 for t in ms]
            res["hostMemcpy"].append({"bytes": b, "samplesGBs": [r3(x) for x in xs], "medianGBs": r3(median(xs)), "into": "warm"})
        del other
        if cfg.get("seedIters", 0) > 0:
            fresh_bytes = 64 << 20
            src = torch.ones(fresh_bytes, dtype=torch.uint8); xs = []
            for _ in range(3):
                mm = mmap.mmap(-1, fresh_bytes)
                addr = ctypes.addressof(ctypes.c_char.from_buffer(mm))
                t0 = time.perf_counter(); ctypes.memmove(addr, src.data_ptr(), fresh_bytes); xs.append(fresh_bytes / (time.perf_counter() - t0) / 1e9)
                del addr; mm.close()
            res["hostMemcpy"].append({"bytes": fresh_bytes, "samplesGBs": [r3(x) for x in xs], "medianGBs": r3(median(xs)), "into": "fresh"})
            del src
    del hp, hg, d1, d2
    phase("gpu %d: copies" % g)
    seed_iters = cfg.get("seedIters", 0)
    if seed_iters > 0:
        prog("xcpu:%d" % g)
        # The seed guide's check as it is written: x = torch.randn(10000, 10000).cuda(); x.cpu()
        x = torch.randn(10000, 10000, device=dev); xs = []
        for i in range(seed_iters + 1):
            t0 = time.perf_counter(); y = x.cpu(); dt_ = time.perf_counter() - t0; del y
            if i > 0: xs.append(4e8 / dt_ / 1e9)
        res["seed"]["xcpu"].append({"gpu": g, "bytes": 400000000, "samplesGBs": [r3(v) for v in xs], "medianGBs": r3(median(xs))})
        del x
        phase("gpu %d: x.cpu()" % g)
    cc = torch.cuda.get_device_capability(dev)
    for dt in cfg["dtypes"]:
        if dt == "fp8" and (cc < (8, 9) or not hasattr(torch, "float8_e4m3fn")):
            res["skipped"].append({"dtype": dt, "gpu": g, "reason": "needs compute capability 8.9 and torch.float8_e4m3fn"}); continue
        if dt in ("tf32", "bf16") and cc < (8, 0):
            res["skipped"].append({"dtype": dt, "gpu": g, "reason": "needs compute capability 8.0"}); continue
        for n in cfg["gemmSizes"]:
            prog("gemm:%d:%s:%d" % (g, dt, n))
            try:
                res["gemms"].append(gemm(dev, g, dt, n, cfg["gemmIters"]))
                torch.cuda.empty_cache()
            except Exception as e:
                res["skipped"].append({"dtype": dt, "gpu": g, "reason": "%d^3: %s" % (n, str(e).splitlines()[0] if str(e) else type(e).__name__)})
    if seed_iters > 0:
        prog("matmul:%d" % g)
        try:
            res["seed"]["matmul"].append(gemm(dev, g, "fp32", 10000, seed_iters))
        except Exception as e:
            res["errors"].append("gpu %d fp32 matmul 10000^3: %s" % (g, str(e).splitlines()[0] if str(e) else type(e).__name__))
        torch.cuda.empty_cache()
    phase("gpu %d: GEMMs" % g)
if cfg.get("p2p") and len(cfg["gpus"]) >= 2:
    # Peer copies as the native engine times them: dst.copy_(src) across devices, back to back on the source's stream.
    prog("p2p")
    pb = min(256 << 20, max(cfg["copySizes"]))
    for a in cfg["gpus"]:
        for b in cfg["gpus"]:
            if a == b: continue
            entry = {"src": a, "dst": b, "canAccess": bool(torch.cuda.can_device_access_peer(a, b)), "bytes": pb, "samplesGBs": [], "medianGBs": None}
            try:
                src = torch.ones(pb, dtype=torch.uint8, device=torch.device("cuda", a)); dst = torch.empty(pb, dtype=torch.uint8, device=torch.device("cuda", b))
                with torch.cuda.device(a):
                    for _ in range(3): dst.copy_(src, non_blocking=True)
                    torch.cuda.synchronize(a)
                    xs = [pb / (t / 1e3) / 1e9 for t in batch(lambda: dst.copy_(src, non_blocking=True), cfg["copyIters"])]
                    ss, dd = src[:4096], dst[:4096]
                    us = [r3(t * 1000) for t in batch(lambda: dd.copy_(ss, non_blocking=True), 20)]
                entry["samplesGBs"] = [r3(x) for x in xs]; entry["medianGBs"] = r3(median(xs))
                entry["latency"] = {"bytes": 4096, "samplesUs": us, "medianUs": r3(median(us))}
                del src, dst
            except Exception as e:
                entry["error"] = str(e).splitlines()[0] if str(e) else type(e).__name__
            res["p2p"].append(entry)
    phase("P2P")
res["durationMs"] = round((time.time() - t_start) * 1000)
print(json.dumps(res))
`;

/**
 * NCCL all-reduce through torchrun (one process per GPU), the sizes of the native sweep, timed as the native engine
 * does: launches back to back with an event after each, a launch as long as its slowest rank. Rank 0 prints one JSON line.
 * argv: sizes (bytes, comma-separated), iterations, the GPUs (CUDA ordinals) the ranks take in order.
 */
export const ALLREDUCE_PY = String.raw`
import json, os, sys
import torch, torch.distributed as dist
sizes = sorted(int(x) for x in sys.argv[1].split(",")); iters = int(sys.argv[2])
gpus = [int(x) for x in sys.argv[3].split(",")] if len(sys.argv) > 3 and sys.argv[3] else None
rank = int(os.environ["RANK"]); world = int(os.environ["WORLD_SIZE"]); local = int(os.environ["LOCAL_RANK"])
dev = torch.device("cuda", gpus[local] if gpus else local)
torch.cuda.set_device(dev)
dist.init_process_group("nccl", device_id=dev)
def median(xs):
    s = sorted(xs); n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
out = []
ok = True
for nbytes in sizes:
    send = torch.full((nbytes // 4,), 0.5, dtype=torch.float32, device=dev)
    # In place on zeros while timed (a sum of zeros stays finite however many launches), then checked on send's values.
    recv = torch.zeros_like(send)
    for _ in range(5): dist.all_reduce(recv)
    ev = [torch.cuda.Event(enable_timing=True) for _ in range(iters + 1)]
    dist.all_reduce(recv); dist.all_reduce(recv); ev[0].record()
    for i in range(1, iters + 1):
        dist.all_reduce(recv); ev[i].record()
    ev[iters].synchronize()
    ms = torch.tensor([ev[i - 1].elapsed_time(ev[i]) for i in range(1, iters + 1)], device=dev)
    dist.all_reduce(ms, op=dist.ReduceOp.MAX)
    ms = [round(v, 4) for v in ms.tolist()]
    med = median(ms); alg = nbytes / (med / 1e3) / 1e9
    out.append({"bytes": nbytes, "samplesMs": ms, "medianMs": round(med, 4), "algbwGBs": round(alg, 3), "busbwGBs": round(alg * 2 * (world - 1) / world, 3)})
    recv.copy_(send); dist.all_reduce(recv); torch.cuda.synchronize()
    ok = ok and bool((recv == 0.5 * world).all().item())
    del send, recv
last = out[-1]
if rank == 0:
    print(json.dumps({"gpus": world, "bytes": last["bytes"], "algbwGBs": last["algbwGBs"], "busbwGBs": last["busbwGBs"], "samplesMs": last["samplesMs"],
                      "ok": ok, "nccl": ".".join(map(str, torch.cuda.nccl.version())), "sizes": out}), flush=True)
dist.destroy_process_group()
`;
