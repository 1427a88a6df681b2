#!/usr/bin/env bash
# Issue 18 on the real GPU machine: one setting broken at a time, what torch itself does next to what
# `gpuenv doctor --deep` says. Run there from the project root with .device and dist carried:
#   bash scripts/device-settings.sh      (writes <case>.torch.txt, <case>.doctor.txt, <case>.doctor.json into $OUT)
set -u
source .device/setup.sh
OUT=${OUT:-/tmp/gpuenv-settings}
mkdir -p "$OUT"
py=$(command -v python3)
# What a user's first checks show: availability, count, a tiny kernel, a pinned copy, and NCCL's view for P2P.
probe='import torch,time
print("torch", torch.__version__, "cuda", torch.version.cuda)
print("is_available", torch.cuda.is_available(), "device_count", torch.cuda.device_count())
try:
    print("kernel", (torch.ones(4, device="cuda") * 2).sum().item())
    t = time.perf_counter(); x = torch.empty(2**28, dtype=torch.uint8).pin_memory(); print("pin 256 MiB ok %.3f s" % (time.perf_counter() - t))
    t = time.perf_counter()
    for _ in range(200): y = torch.ones(16, device="cuda") + 1
    torch.cuda.synchronize(); print("200 small ops %.4f s" % (time.perf_counter() - t))
except Exception as e:
    print("ERROR", type(e).__name__, str(e).splitlines()[0])'
run_case() { # name, then env assignments
  local name=$1; shift
  { echo "# $name: $*"; env "$@" "$py" -c "$probe" 2>&1 | tail -8; } > "$OUT/$name.torch.txt"
  env "$@" node dist/cli.js doctor --deep > "$OUT/$name.doctor.txt" 2>&1; echo "exit $?" >> "$OUT/$name.doctor.txt"
  [ "$name" = baseline ] && node dist/cli.js doctor --deep --json > "$OUT/$name.doctor.json" 2>/dev/null
}
date -u +%FT%TZ > "$OUT/date.txt"
node dist/cli.js snapshot --json > "$OUT/h200-snapshot.json" 2>/dev/null
run_case baseline X_GPUENV_BASELINE=1
run_case cvd-empty CUDA_VISIBLE_DEVICES=
run_case cvd-3 CUDA_VISIBLE_DEVICES=3
run_case cvd-0-7 CUDA_VISIBLE_DEVICES=0,7
run_case arch-list TORCH_CUDA_ARCH_LIST='7.5;8.0'
run_case p2p-off NCCL_P2P_DISABLE=1
run_case launch-blocking CUDA_LAUNCH_BLOCKING=1
run_case no-caching PYTORCH_NO_CUDA_MEMORY_CACHING=1
compat=$(ls -d /usr/local/cuda/compat 2>/dev/null || ls -d /usr/local/cuda-*/compat 2>/dev/null | head -n1)
if [ -n "$compat" ]; then
  run_case compat-ld LD_LIBRARY_PATH="$compat:${LD_LIBRARY_PATH:-}"
  lib=$(ls "$compat"/libcuda.so.* 2>/dev/null | head -n1)
  [ -n "$lib" ] && run_case compat-preload LD_PRELOAD="$lib"
fi
# ulimit -l: does a small RLIMIT_MEMLOCK stop CUDA's pinned memory? (bash builtin, so a subshell)
( ulimit -l 64 && echo "ulimit -l: $(ulimit -l)" && "$py" -c "$probe" 2>&1 | tail -6 && node dist/cli.js doctor > "$OUT/memlock.doctor.txt" 2>&1 ) > "$OUT/memlock.torch.txt" 2>&1
df -h /dev/shm > "$OUT/shm.txt" 2>&1; cat /proc/self/limits >> "$OUT/shm.txt" 2>&1
# A process holding most of the GPU's memory.
OUT="$OUT" bash scripts/device-busy.sh > "$OUT/busy.log" 2>&1
for f in "$OUT"/*.doctor.txt; do echo "=== $f"; grep -E '^(error|warning|info)|errors?,|exit' "$f" | head -12; done
