# A plain PyTorch timing of the sizes `gpuenv bench` measures: the reference the native engine is held to
# (docs/benchmarks.md). Written the way a PyTorch user times things: host tensors from the torch allocator,
# Tensor.copy_, torch.matmul / torch._scaled_mm, CUDA events for asynchronous work and the wall clock for
# pageable copies (which block the host). Nothing of gpuenv is imported.
# With two or more GPUs it also times peer copies (dst.copy_(src) across devices, each way: 256 MiB bandwidth and one
# 4 KiB copy's latency) and an all-reduce of the sizes `bench` sweeps (torch.distributed over NCCL, one process per
# GPU started here by torch.multiprocessing.spawn), so scripts/bench-compare.mjs can hold those rows to it too.
# Usage: python3 scripts/bench-torch-plain.py --copy-mib 1,32,256 --gemm 8192 [--iters 10] [--gpu 0]
#          [--allreduce-kib 64,1024,16384,262144] [--allreduce-gpus N] [--no-seed] > plain.json
#        --copy-mib '' --gemm '' --no-seed: only the multi-GPU part (--allreduce-gpus 1 checks the path on one GPU).
import argparse, ctypes, json, os, socket, statistics, time
import torch


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




def single(args, dev, res):
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

    if args.seed:
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


def p2p(args, res):
    # Peer copies as a PyTorch user writes them: dst.copy_(src) with src on one GPU and dst on the other, timed with
    # events on the source GPU's stream, one call between two events after warm-up calls.
    n = torch.cuda.device_count()
    for a in range(n):
        for b in range(n):
            if a == b:
                continue
            big = 256 << 20
            src = torch.ones(big, dtype=torch.uint8, device=torch.device("cuda", a))
            dst = torch.empty(big, dtype=torch.uint8, device=torch.device("cuda", b))
            with torch.cuda.device(a):
                bw = events(lambda: dst.copy_(src, non_blocking=True), args.iters)
                small_src = src[:4096]; small_dst = dst[:4096]
                lat = events(lambda: small_dst.copy_(small_src, non_blocking=True), 20)
            res["p2p"].append({"src": a, "dst": b, "bytes": big, "GBs": med([big / s / 1e9 for s in bw]),
                               "latencyUs": round(statistics.median(lat) * 1e6, 3), "canAccessPeer": torch.cuda.can_device_access_peer(a, b)})
            del src, dst


def allreduce_rank(rank, world, port, sizes, iters, out):
    import torch.distributed as dist
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", init_method="tcp://127.0.0.1:%d" % port, rank=rank, world_size=world, device_id=torch.device("cuda", rank))
    rows = []
    for nbytes in sizes:
        x = torch.ones(nbytes // 4, dtype=torch.float32, device="cuda")
        for _ in range(5):
            dist.all_reduce(x)
        torch.cuda.synchronize()
        ms = []
        for _ in range(iters):
            e0 = torch.cuda.Event(enable_timing=True); e1 = torch.cuda.Event(enable_timing=True)
            e0.record(); dist.all_reduce(x); e1.record(); e1.synchronize()
            ms.append(e0.elapsed_time(e1))
        t = statistics.median(ms); alg = nbytes / (t / 1e3) / 1e9
        rows.append({"bytes": nbytes, "ms": round(t, 4), "algbwGBs": round(alg, 3), "busbwGBs": round(alg * 2 * (world - 1) / world, 3)})
        x.fill_(1.0); dist.all_reduce(x); torch.cuda.synchronize()
        if not bool((x == world).all().item()):
            rows[-1]["wrong"] = True
        del x
    if rank == 0:
        out.put({"gpus": world, "nccl": ".".join(map(str, torch.cuda.nccl.version())), "sizes": rows})
    dist.destroy_process_group()


def allreduce(args, res):
    import torch.multiprocessing as mp
    world = args.allreduce_gpus or torch.cuda.device_count()
    sizes = [int(k) << 10 for k in args.allreduce_kib.split(",") if k]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
    ctx = mp.get_context("spawn"); out = ctx.SimpleQueue()
    mp.spawn(allreduce_rank, args=(world, port, sizes, args.iters * 2, out), nprocs=world, join=True)
    res["allReduce"] = out.get()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--copy-mib", default="1,32,256")
    ap.add_argument("--gemm", default="8192")
    ap.add_argument("--iters", type=int, default=10)
    ap.add_argument("--gpu", type=int, default=0)
    ap.add_argument("--allreduce-kib", default="64,1024,16384,262144")
    ap.add_argument("--allreduce-gpus", type=int, default=0, help="ranks of the all-reduce (default: every GPU, when there are two or more)")
    ap.add_argument("--no-seed", dest="seed", action="store_false")
    args = ap.parse_args()
    t_start = time.perf_counter()
    dev = torch.device("cuda", args.gpu)
    torch.cuda.set_device(dev)
    res = {"torch": torch.__version__, "cuda": torch.version.cuda, "gpu": torch.cuda.get_device_name(dev), "copies": [], "gemms": [], "seed": {},
           "p2p": [], "allReduce": None, "deviceCount": torch.cuda.device_count()}
    single(args, dev, res)
    if torch.cuda.device_count() >= 2:
        p2p(args, res)
    if args.allreduce_gpus or torch.cuda.device_count() >= 2:
        allreduce(args, res)
    res["durationMs"] = round((time.perf_counter() - t_start) * 1000)
    print(json.dumps(res))
