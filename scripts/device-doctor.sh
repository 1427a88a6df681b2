#!/usr/bin/env bash
# One run on the GPU machine for docs/benchmarks.md: gpuenv snapshot and doctor wall times next to
# nvidia-smi -q -x and torch's collect_env, plus the facts the doctor must agree with.
# Usage there: source .device/setup.sh && bash scripts/device-doctor.sh   (writes into $OUT)
set -u
out=${OUT:-/tmp/out}; mkdir -p "$out"
py=$(command -v python3)
# bc is absent there: awk does the subtraction.
t() { local s e; s=$(date +%s.%N); "$@" > /dev/null 2>&1; local rc=$?; e=$(date +%s.%N); printf '%-60s %6.3f s (exit %s)\n' "$*" "$(awk -v a="$s" -v b="$e" 'BEGIN{print b-a}')" "$rc"; }
{
  echo "date: $(date -u +%FT%TZ)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; node --version
  echo "--- wall times"
  for i in 1 2 3; do t node dist/cli.js snapshot --json; done
  for i in 1 2 3; do t nvidia-smi -q -x; done
  for i in 1 2 3; do t node dist/cli.js doctor; done
  for i in 1 2; do t "$py" -m torch.utils.collect_env; done
  t node dist/cli.js doctor --deep
  t node dist/cli.js bench --quick
} 2>&1 | tee "$out/timings.txt"
node dist/cli.js snapshot --json > "$out/snapshot.json" 2> "$out/snapshot.err"
node dist/cli.js doctor --json > "$out/doctor.json" 2> "$out/doctor.err"; echo "doctor exit $?" >> "$out/timings.txt"
node dist/cli.js doctor --deep > "$out/doctor-deep.txt" 2>&1
node dist/cli.js bench --quick --json > "$out/bench-quick.json" 2> "$out/bench-quick.err"; echo "bench --quick exit $?" >> "$out/timings.txt"
{
  echo "--- torch.cuda.get_arch_list()"
  "$py" -c 'import torch; print(torch.__version__, torch.cuda.get_arch_list(), torch.backends.cudnn.version())'
  tl=$("$py" -c 'import torch,os; print(os.path.join(os.path.dirname(torch.__file__), "lib"))')
  echo "--- arch-flag strings in $tl"
  for f in "$tl"/libtorch_cuda.so "$tl"/libtorch_python.so "$tl"/libc10_cuda.so "$tl"/libtorch_cpu.so; do
    echo "$f:"; strings -a -n 8 "$f" 2>/dev/null | grep -nE '(^|[^a-z_])sm_[0-9]{2,3}[af]?[ ;,]+sm_[0-9]{2,3}' | head -5
  done
  echo "--- which cuDNN torch maps"
  "$py" -c 'import torch; torch.backends.cudnn.version(); print("\n".join(sorted({l.split()[-1] for l in open("/proc/self/maps") if "cudnn" in l or "libcudart" in l})))'
} > "$out/facts.txt" 2>&1
echo done
