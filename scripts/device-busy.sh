#!/usr/bin/env bash
# gpu-busy on a real GPU: on the GPU machine, a Python process holds ~100 GiB of the GPU while gpuenv probes it.
# Run there from the project root with .device (../shared/device/prepare-node.sh) and dist carried:
#   bash scripts/device-busy.sh
# Writes to $OUT: busy-doctor.json, busy-smi.xml, busy-smi.txt (the table), busy-apps.csv, busy-native.json
# (the native probe's raw report). The holder is killed at the end, also when a step fails.
set -u
source .device/setup.sh
OUT=${OUT:-/tmp/gpuenv-busy}
mkdir -p "$OUT"

python3 -c "import torch,time; x=torch.empty(100*2**30, dtype=torch.uint8, device='cuda'); time.sleep(60)" &
holder=$!
trap 'kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null' EXIT
echo "holder pid (this PID namespace): $holder"

# Importing torch and creating the context takes a few seconds. A sandbox may number processes differently from the
# driver (it reports host pids), so 90 GiB in use counts as "listed" too; give up after 60 s.
listed=no
for _ in $(seq 1 60); do
  if nvidia-smi --query-compute-apps=pid --format=csv,noheader 2>/dev/null | grep -qw "$holder"; then listed=pid; break; fi
  used=$(nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits 2>/dev/null | head -n1 | tr -d ' ')
  if [ "${used:-0}" -gt 92160 ] 2>/dev/null; then listed=memory; break; fi
  kill -0 "$holder" 2>/dev/null || { echo "the holder exited early"; break; }
  sleep 1
done
echo "holder seen by: $listed"

nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv > "$OUT/busy-apps.csv" 2>&1
nvidia-smi > "$OUT/busy-smi.txt" 2>&1
nvidia-smi -q -x > "$OUT/busy-smi.xml" 2>&1
# Run by hand, the native probe child prints its report on stderr (src/native/child.ts).
node dist/native/child.js 2> "$OUT/busy-native.json" > /dev/null
node dist/cli.js doctor --json > "$OUT/busy-doctor.json"
node dist/cli.js doctor
cat "$OUT/busy-apps.csv"
