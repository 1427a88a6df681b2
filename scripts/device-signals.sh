#!/usr/bin/env bash
# On the GPU machine: the standalone executable from the wheel; doctor once, then Ctrl-C (SIGINT) in the
# middle of `bench --engine torch` and SIGTERM in the middle of `bench --quick`: the exit codes and whether
# any process it started (torch's Python, the bench child) is left, and what nvidia-smi still lists.
# Usage there: bash scripts/device-signals.sh release/gpuenv-<v>-py3-none-manylinux_2_28_x86_64.whl
set -u
whl=$1; out=${OUT:-/tmp/out}; mkdir -p "$out"
dir=$(mktemp -d); exe=$dir/gpuenv
python3 -c "import sys, zipfile; open(sys.argv[2], 'wb').write(zipfile.ZipFile(sys.argv[1]).read('gpuenv/bin/gpuenv'))" "$whl" "$exe"; chmod +x "$exe"
{
  echo "date: $(date -u +%FT%TZ)"
  s=$(date +%s.%N); "$exe" doctor > "$out/doctor.txt" 2>&1; echo "doctor exit $? in $(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN{print b-a}') s"
  for case in "SIGINT torch" "SIGTERM native"; do
    set -- $case
    "$exe" bench --engine "$2" > "$out/bench-$2.txt" 2>&1 &
    pid=$!; sleep 6
    echo "--- $1 to bench --engine $2 after 6 s; children before: $(pgrep -P $pid | tr '\n' ' ')"
    pgrep -f "gpuenv-child|torch_bench|python3 -c" | tr '\n' ' '; echo
    s=$(date +%s.%N); kill -s "${1#SIG}" $pid; wait $pid; rc=$?
    echo "exit $rc after $(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN{print b-a}') s"
    sleep 1
    echo "left: $(pgrep -f 'gpuenv-child' | tr '\n' ' ')|$(pgrep -f 'import torch' | tr '\n' ' ')"
    nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv,noheader
  done
} 2>&1 | tee "$out/signals.txt"
