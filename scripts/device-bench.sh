#!/usr/bin/env bash
# One device call for issue 20 (bench speed, parity with PyTorch): run from the repository root on the GPU
# machine after `npm run build` and `../shared/device/prepare-node.sh` here, carrying dist and .device:
#   source .device/setup.sh && bash scripts/device-bench.sh ROUND
# ROUND: explore  (machine facts, captures, timelines, CPU profiles, host-memory experiments)
#        must-show (bench --quick native, --engine torch, the plain PyTorch timing of the same sizes, twice,
#                   alternating, then the comparison table; and the captures)
# Everything lands in one $OUT/ROUND.tgz (only a few files come back from the device).
set -u
out=${OUT:?set OUT}
round=${1:-must-show}
work=$(mktemp -d)
py=/opt/torch/.venv/bin/python
[ -x "$py" ] || py=$(command -v python3)
wall() { local name=$1; shift; node scripts/bench-wall.mjs "$work/$name" -- "$@" | tee -a "$work/walls.jsonl"; }

{
  date -u +%FT%TZ; uname -r; nproc; node --version; "$py" -c 'import torch; print("torch", torch.__version__)'
  nvidia-smi --query-gpu=name,driver_version,pci.bus_id,pcie.link.gen.max,pcie.link.width.max,persistence_mode --format=csv
  nvidia-smi topo -m
  lscpu | grep -iE 'model name|socket|numa|^cpu\(s\)|l3|mhz'
  command -v numactl > /dev/null && numactl -H
  echo "THP enabled: $(cat /sys/kernel/mm/transparent_hugepage/enabled) defrag: $(cat /sys/kernel/mm/transparent_hugepage/defrag)"
  grep -iE 'huge|memtotal' /proc/meminfo
  git log -1 --format='commit %H %cd' 2>/dev/null || true
} > "$work/facts.txt" 2>&1

captures() {
  mkdir -p "$work/captures"
  node dist/cli.js snapshot --json > "$work/captures/snapshot.json" 2> "$work/captures/snapshot.err"
  node dist/cli.js doctor --json > "$work/captures/doctor.json" 2> "$work/captures/doctor.err"
  wall capture-quick node dist/cli.js bench --quick --json
  cp "$work/capture-quick.out" "$work/captures/bench-quick.json"
  wall capture-full node dist/cli.js bench --full --json --timeout 240
  cp "$work/capture-full.out" "$work/captures/bench-full.json"
}

trio() {
  local tag=$1
  wall "native-$tag" node dist/cli.js bench --quick --json
  wall "torch-$tag" node dist/cli.js bench --quick --engine torch --python "$py" --json
  wall "plain-$tag" "$py" scripts/bench-torch-plain.py --copy-mib 1,32,256 --gemm 8192 --iters 10
}

case "$round" in
  explore)
    # Cold first (page cache as a fresh machine has it), then the captures, then warm runs.
    wall quick-cold node dist/cli.js bench --quick
    captures
    wall quick-warm node dist/cli.js bench --quick
    wall torch-warm node dist/cli.js bench --quick --engine torch --python "$py"
    wall plain-warm "$py" scripts/bench-torch-plain.py --copy-mib 1,32,256 --gemm 8192 --iters 10
    mkdir -p "$work/prof"
    NODE_OPTIONS="--cpu-prof --cpu-prof-dir=$work/prof" node dist/cli.js bench --quick > "$work/prof-quick.txt" 2>&1
    node scripts/bench-host-explore.mjs > "$work/host-explore.json" 2> "$work/host-explore.err"
    "$py" scripts/bench-pageable-explore.py 32 256 > "$work/pageable-explore.json" 2> "$work/pageable-explore.err"
    ;;
  must-show)
    trio a
    trio b
    node scripts/bench-compare.mjs "$work" > "$work/compare.md" 2>&1
    # The native NCCL path on one GPU (issue 23's code; busbw is 0 there by definition, algbw is measured).
    wall nccl-1gpu node scripts/bench-native-nccl.mjs --gpus 0 --nccl-dir "$("$py" -c 'import site; print(site.getsitepackages()[0])')/nvidia/nccl/lib"
    cat "$work/compare.md"
    # The progress line on a terminal: script(1) gives the command a TTY and keeps every byte it wrote.
    command -v script > /dev/null && script -q -c 'node dist/cli.js bench --quick' "$work/tty.typescript" > /dev/null 2>&1
    captures
    ;;
  *) echo "unknown round $round" >&2; exit 2 ;;
esac
cat "$work/walls.jsonl"
tar czf "$out/$round.tgz" -C "$work" .
ls -la "$out"
