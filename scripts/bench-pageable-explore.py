# Why do pageable copies run at different rates in different PyTorch scripts? Times one pageable H2D/D2H of
# the same size from host memory obtained in different ways (torch allocator, numpy, mmap with and without
# transparent huge pages, first touch by one thread or many), timed on the wall clock like the benchmark,
# plus single-threaded host memcpy (the driver's staging copy is one memcpy per chunk) and the seed's x.cpu().
# Usage: python3 scripts/bench-pageable-explore.py [MiB ...]   (default 32 256); prints one JSON document.
import ctypes, json, mmap, os, statistics, sys, time
import torch
try:
    import numpy as np
except ImportError:  # numpy is optional for torch
    np = None

sizes = [int(a) << 20 for a in sys.argv[1:]] or [32 << 20, 256 << 20]
libc = ctypes.CDLL("libc.so.6", use_errno=True)
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
libc.posix_memalign.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
MADV_HUGEPAGE, MADV_NOHUGEPAGE = 14, 15
out = {"torch": torch.__version__, "threads": torch.get_num_threads(), "cpus": os.cpu_count(), "affinity": sorted(os.sched_getaffinity(0))[:64], "rows": []}
dev = torch.device("cuda", 0)
torch.ones(1, device=dev)


def med(xs):
    return round(statistics.median(xs), 3)


def wall(fn, nbytes, reps=5):
    fn(); torch.cuda.synchronize()
    xs = []
    for _ in range(reps):
        t0 = time.perf_counter(); fn(); torch.cuda.synchronize(); xs.append(nbytes / (time.perf_counter() - t0) / 1e9)
    return med(xs)


def events(fn, nbytes, reps=5):
    fn(); torch.cuda.synchronize()
    xs = []
    for _ in range(reps):
        e0 = torch.cuda.Event(enable_timing=True); e1 = torch.cuda.Event(enable_timing=True)
        e0.record(); fn(); e1.record(); e1.synchronize(); xs.append(nbytes / (e0.elapsed_time(e1) / 1e3) / 1e9)
    return med(xs)


def row(name, nbytes, host, note=""):
    d = torch.empty(nbytes, dtype=torch.uint8, device=dev)
    h = host.view(torch.uint8)[:nbytes]
    try:
        ptr = h.data_ptr()
        r = {"name": name, "MiB": nbytes >> 20, "align4k": ptr % 4096, "align2m": ptr % (2 << 20),
             "h2d": wall(lambda: d.copy_(h), nbytes), "d2h": wall(lambda: h.copy_(d), nbytes), "note": note}
    except Exception as e:  # keep going: one variant failing says something too
        r = {"name": name, "MiB": nbytes >> 20, "error": str(e)}
    out["rows"].append(r); print(json.dumps(r), file=sys.stderr, flush=True)
    del d


def raw(nbytes, align, advice):
    p = ctypes.c_void_p()
    if libc.posix_memalign(ctypes.byref(p), align, nbytes) != 0:
        raise OSError("posix_memalign")
    if advice is not None and libc.madvise(p, nbytes, advice) != 0:
        raise OSError(ctypes.get_errno(), "madvise")
    ctypes.memset(p, 0x5a, nbytes)
    buf = (ctypes.c_uint8 * nbytes).from_address(p.value)
    return torch.frombuffer(buf, dtype=torch.uint8), p


for n in sizes:
    a = torch.empty(n, dtype=torch.uint8); a.fill_(0x5a)
    row("torch.empty+fill_ (parallel first touch)", n, a); del a
    torch.set_num_threads(1)
    a = torch.empty(n, dtype=torch.uint8); a.fill_(0x5a)
    row("torch.empty+fill_ (1 thread)", n, a); del a
    torch.set_num_threads(out["threads"])
    a = torch.randn(n // 4)
    row("torch.randn float32", n, a); del a
    a = torch.ones(n, dtype=torch.uint8)
    row("torch.ones uint8", n, a); del a
    if np is not None:
        a = torch.from_numpy(np.full(n, 0x5a, dtype=np.uint8))
        row("numpy.full (numpy madvises huge pages)", n, a); del a
    for label, align, adv in [("posix_memalign 2M + MADV_HUGEPAGE", 2 << 20, MADV_HUGEPAGE), ("posix_memalign 2M + MADV_NOHUGEPAGE", 2 << 20, MADV_NOHUGEPAGE),
                              ("posix_memalign 64 B, no advice", 64, None)]:
        try:
            a, p = raw(n, align, adv)
            row(label, n, a)
            del a
            libc.free(p)
        except Exception as e:
            out["rows"].append({"name": label, "MiB": n >> 20, "error": str(e)})
    a = torch.empty(n, dtype=torch.uint8); a.fill_(0x5a)
    d = torch.empty(n, dtype=torch.uint8, device=dev)
    chunk = 8 << 20
    def chunked():
        for off in range(0, n, chunk):
            d[off:off + chunk].copy_(a[off:off + chunk])
    r = {"name": "torch.empty+fill_, 8 MiB chunks", "MiB": n >> 20, "h2d": wall(chunked, n),
         "h2d_events": events(lambda: d.copy_(a), n), "d2h_events": events(lambda: a.copy_(d), n),
         "h2d_nonblocking": wall(lambda: d.copy_(a, non_blocking=True), n)}
    out["rows"].append(r); print(json.dumps(r), file=sys.stderr, flush=True)
    p = torch.empty(n, dtype=torch.uint8, pin_memory=True); p.fill_(1)
    out["rows"].append({"name": "pinned", "MiB": n >> 20, "h2d": events(lambda: d.copy_(p, non_blocking=True), n), "d2h": events(lambda: p.copy_(d, non_blocking=True), n)})
    # Host memcpy, one thread (ctypes.memmove is libc's): warm buffers, then into memory never touched.
    s = torch.empty(n, dtype=torch.uint8); s.fill_(1); t = torch.empty(n, dtype=torch.uint8); t.fill_(2)
    def mm():
        ctypes.memmove(t.data_ptr(), s.data_ptr(), n)
    xs = []
    for _ in range(5):
        t0 = time.perf_counter(); mm(); xs.append(n / (time.perf_counter() - t0) / 1e9)
    fresh = []
    for _ in range(3):
        m = mmap.mmap(-1, n)
        addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
        t0 = time.perf_counter(); ctypes.memmove(addr, s.data_ptr(), n); fresh.append(n / (time.perf_counter() - t0) / 1e9)
        del addr; m.close()
    par = []
    for _ in range(5):
        t0 = time.perf_counter(); t.copy_(s); par.append(n / (time.perf_counter() - t0) / 1e9)
    out["rows"].append({"name": "host memcpy", "MiB": n >> 20, "memmove_1thread": med(xs), "memmove_into_fresh_mmap": med(fresh), "torch_copy_parallel": med(par)})
    print(json.dumps(out["rows"][-1]), file=sys.stderr, flush=True)
    del s, t, p, a, d

# The seed's check: x.cpu() of a 10000x10000 fp32 tensor (a new host tensor on every call).
x = torch.randn(10000, 10000, device=dev)
x.cpu(); torch.cuda.synchronize()
xs = []
for _ in range(5):
    t0 = time.perf_counter(); y = x.cpu(); xs.append(4e8 / (time.perf_counter() - t0) / 1e9); del y
out["seed_xcpu_GBs"] = med(xs)
keep = torch.empty(10000, 10000)
keep.copy_(x)
xs = []
for _ in range(5):
    t0 = time.perf_counter(); keep.copy_(x); torch.cuda.synchronize(); xs.append(4e8 / (time.perf_counter() - t0) / 1e9)
out["seed_xcpu_into_reused_GBs"] = med(xs)
print(json.dumps(out))
