# The PyTorch side of scripts/bench-d2h-explore.mjs: a pageable D2H/H2D copy into host memory obtained the ways a
# PyTorch program gets it (torch.ones, torch.empty, numpy) and through libc (malloc, posix_memalign) wrapped as a
# tensor, rounds interleaved; also cudaMemcpy called directly on torch's own host tensor. One JSON document.
#   python3 scripts/bench-d2h-explore.py [ROUNDS] [MIB,...]
import ctypes, json, statistics, sys, time
import numpy as np
import torch

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 4
sizes = [int(x) << 20 for x in (sys.argv[2] if len(sys.argv) > 2 else "32,256").split(",")]
mx = max(sizes)
libc = ctypes.CDLL("libc.so.6")
libc.malloc.restype = ctypes.c_void_p
libc.memset.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]
dev = torch.device("cuda", 0)
d = torch.empty(mx, dtype=torch.uint8, device=dev)


def wrap(addr):
    return torch.frombuffer((ctypes.c_uint8 * mx).from_address(addr), dtype=torch.uint8)


def posix(align):
    p = ctypes.c_void_p()
    assert libc.posix_memalign(ctypes.byref(p), ctypes.c_size_t(align), ctypes.c_size_t(mx)) == 0
    libc.memset(p.value, 0x5A, mx)
    return wrap(p.value)


def mal():
    p = libc.malloc(ctypes.c_size_t(mx))
    libc.memset(p, 0x5A, mx)
    return wrap(p)


variants = {
    "torch.ones (plain script)": lambda: torch.ones(mx, dtype=torch.uint8),
    "torch.empty + fill_": lambda: torch.empty(mx, dtype=torch.uint8).fill_(1),
    "numpy ones": lambda: torch.from_numpy(np.ones(mx, dtype=np.uint8)),
    "libc malloc + memset": mal,
    "libc posix_memalign 64 + memset": lambda: posix(64),
    "libc posix_memalign 4096 + memset": lambda: posix(4096),
}
hosts = {k: f() for k, f in variants.items()}
out = {"torch": torch.__version__, "rounds": rounds, "addrMod4096": {k: t.data_ptr() % 4096 for k, t in hosts.items()}, "results": {}}
cudart = None
for name in ("libcudart.so.13", "libcudart.so.12", "libcudart.so"):
    try:
        cudart = ctypes.CDLL(name)
        break
    except OSError:
        pass


def timed(fn):
    fn(); torch.cuda.synchronize()
    xs = []
    for _ in range(5):
        t0 = time.perf_counter(); fn(); torch.cuda.synchronize(); xs.append(time.perf_counter() - t0)
    return statistics.median(xs)


for _ in range(rounds):
    for b in sizes:
        for k, h in hosts.items():
            hv, dv = h[:b], d[:b]
            for dr, fn in (("d2h", lambda: hv.copy_(dv)), ("h2d", lambda: dv.copy_(hv))):
                out["results"].setdefault(f"{dr} {b >> 20} MiB | {k}", []).append(round(b / timed(fn) / 1e9, 2))
        if cudart is not None:
            h = hosts["torch.ones (plain script)"]
            fn = lambda: cudart.cudaMemcpy(ctypes.c_void_p(h.data_ptr()), ctypes.c_void_p(d.data_ptr()), ctypes.c_size_t(b), 2)
            out["results"].setdefault(f"d2h {b >> 20} MiB | cudaMemcpy on torch.ones memory", []).append(round(b / timed(fn) / 1e9, 2))
print(json.dumps(out, indent=1))
