# A plain PyTorch timing of the sizes `gpuenv bench` measures: the reference the native engine is held to
# (docs/benchmarks.md). Written the way a PyTorch user times things: host tensors from the torch allocator,
# Tensor.copy_, torch.matmul / torch._scaled_mm, CUDA events for asynchronous work and the wall clock for
# pageable copies (which block the host). Nothing of gpuenv is imported.
# Usage: python3 scripts/bench-torch-plain.py --copy-mib 1,32,256 --gemm 8192 [--iters 10] [--gpu 0] > plain.json
import argparse, ctypes, json, statistics, time
import torch

ap = argparse.ArgumentParser()
ap.add_argument("--copy-mib", default="1,32,256")
ap.add_argument("--gemm", default="8192")
ap.add_argument("--iters", type=int, default=10)
ap.add_argument("--gpu", type=int, default=0)
args = ap.parse_args()
t_start = time.perf_counter()
dev = torch.device("cuda", args.gpu)
torch.cuda.set_device(dev)
res = {"torch": torch.__version__, "cuda": torch.version.cuda, "gpu": torch.cuda.get_device_name(dev), "copies": [], "gemms": [], "seed": {}}


def med(xs):
    return round(statistics.median(xs), 3)


def events(fn, reps):
    # Timed one call at a time between two events, after warm-up calls.
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    xs = []
    for _ in range(reps):
        e0 = torch.cuda.Event(enable_timing=True); e1 = torch.cuda.Event(enable_timing=True)
        e0.record(); fn(); e1.record(); e1.synchronize()
        xs.append(e0.elapsed_time(e1) / 1e3)
    return xs


def wall(fn, reps):
    fn(); torch.cuda.synchronize()
    xs = []
    for _ in range(reps):
        t0 = time.perf_counter(); fn(); torch.cuda.synchronize(); xs.append(time.perf_counter() - t0)
    return xs


for mib in [int(x) for x in args.copy_mib.split(",") if x]:
    b = mib << 20
    pinned = torch.ones(b, dtype=torch.uint8).pin_memory()
    pageable = torch.ones(b, dtype=torch.uint8)
    d1 = torch.empty(b, dtype=torch.uint8, device=dev); d2 = torch.empty(b, dtype=torch.uint8, device=dev)
    def add(kind, secs, factor=1):
        res["copies"].append({"kind": kind, "bytes": b, "GBs": med([factor * b / s / 1e9 for s in secs])})
    add("h2d-pinned", events(lambda: d1.copy_(pinned, non_blocking=True), args.iters))
    add("d2h-pinned", events(lambda: pinned.copy_(d1, non_blocking=True), args.iters))
    add("d2d", events(lambda: d2.copy_(d1), args.iters), 2)
    add("h2d-pageable", wall(lambda: d1.copy_(pageable), max(3, args.iters // 2)))
    add("d2h-pageable", wall(lambda: pageable.copy_(d1), max(3, args.iters // 2)))
    del pinned, pageable, d1, d2

for n in [int(x) for x in args.gemm.split(",") if x]:
    for dt in ["fp32", "tf32", "fp16", "bf16", "fp8"]:
        torch.backends.cuda.matmul.allow_tf32 = dt == "tf32"
        a = torch.randn(n, n, device=dev); b = torch.randn(n, n, device=dev)
        if dt == "fp8":
            a = a.to(torch.float8_e4m3fn); b = b.to(torch.float8_e4m3fn).t().contiguous().t()
            one = torch.tensor(1.0, device=dev)
            fn = lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
        else:
            if dt in ("fp16", "bf16"):
                a = a.to(torch.float16 if dt == "fp16" else torch.bfloat16); b = b.to(a.dtype)
            fn = lambda: torch.matmul(a, b)
        secs = events(fn, args.iters)
        res["gemms"].append({"dtype": dt, "n": n, "TFLOPs": med([2 * n ** 3 / s / 1e12 for s in secs])})
        del a, b
torch.backends.cuda.matmul.allow_tf32 = False

# The seed's two checks, as it writes them: x.cpu() of a 10000x10000 fp32 tensor, a 10000^3 fp32 matmul.
x = torch.randn(10000, 10000, device=dev)
secs = wall(lambda: x.cpu(), 5)
res["seed"]["xcpu"] = {"bytes": x.numel() * 4, "GBs": med([x.numel() * 4 / s / 1e9 for s in secs])}
del x
a = torch.randn(10000, 10000, device=dev); b = torch.randn(10000, 10000, device=dev)
secs = events(lambda: torch.matmul(a, b), 5)
res["seed"]["matmul"] = {"n": 10000, "ms": round(statistics.median(secs) * 1e3, 3)}
del a, b

# One thread's memcpy, the copy the driver does between pageable memory and its pinned staging buffers.
s = torch.ones(256 << 20, dtype=torch.uint8); t = torch.zeros(256 << 20, dtype=torch.uint8)
xs = []
for _ in range(5):
    t0 = time.perf_counter(); ctypes.memmove(t.data_ptr(), s.data_ptr(), s.numel()); xs.append(s.numel() / (time.perf_counter() - t0) / 1e9)
res["hostMemcpyGBs"] = med(xs)
res["durationMs"] = round((time.perf_counter() - t_start) * 1000)
print(json.dumps(res))
