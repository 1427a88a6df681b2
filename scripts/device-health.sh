#!/usr/bin/env bash
# One run on the GPU machine (no Node.js there) for docs/benchmarks.md and docs/fleet.md: the wheel's
# executable runs `gpuenv health` in every format, a soak of repeated runs (a health check must never fail a
# healthy node), the Slurm-less drain path, and a snapshot to check the new NVML facts (VBIOS, fabric state,
# retired pages, application clocks, default power limit) read through the FFI.
# Usage there: bash scripts/device-health.sh release/gpuenv-<v>-py3-none-manylinux_2_28_x86_64.whl [SOAK]
set -u
whl=$1; soak=${2:-40}
out=${OUT:-/tmp/out}; mkdir -p "$out"
dir=$(mktemp -d); exe=$dir/gpuenv-linux-x64
python3 -c "import sys, zipfile; open(sys.argv[2], 'wb').write(zipfile.ZipFile(sys.argv[1]).read('gpuenv/bin/gpuenv'))" "$whl" "$exe"
chmod +x "$exe"
now() { date +%s.%N; }
{
  echo "date: $(date -u +%FT%TZ)"; nvidia-smi --query-gpu=name,driver_version,persistence_mode,compute_mode --format=csv,noheader; uname -r
  echo "user: $(id -un); dmesg_restrict=$(cat /proc/sys/kernel/dmesg_restrict)"
  echo "NVRM Xid lines in dmesg: $(dmesg --kernel 2>/dev/null | grep -c 'NVRM: Xid')"
  "$exe" --version
  s=$(now); "$exe" health > "$out/health.txt" 2>&1; rc=$?; e=$(now); echo "health: exit $rc in $(awk -v a=$s -v b=$e 'BEGIN{printf "%.3f", b-a}') s"
  "$exe" health --json > "$out/health.json" 2> "$out/health-json.err"; echo "health --json: exit $?"
  "$exe" health --format prom --prom-textfile "$out/gpuenv.prom" --nfd-features "$out/gpuenv-nfd" > "$out/health-stdout.prom" 2>&1; echo "health --format prom: exit $?"
  "$exe" health --format npd > "$out/health.npd" 2>&1; echo "health --format npd: exit $? line: $(cat "$out/health.npd")"
  "$exe" health --expect-gpus 8 --format npd; echo "health --expect-gpus 8 (npd): exit $?"
  "$exe" health --prolog --warn-exit 9; echo "health --prolog with a bad flag: exit $? (fail-open)"
  "$exe" health --slurm-drain > "$out/health-drain.txt" 2>&1; echo "health --slurm-drain without Slurm: exit $?"
  "$exe" snapshot --json > "$out/snapshot.json" 2> "$out/snapshot.err"; echo "snapshot: exit $?"
  nvidia-smi -q -x > "$out/smi-qx.xml" 2>/dev/null
  echo "--- soak: $soak runs of health --json"
  bad=0; : > "$out/soak.tsv"
  for i in $(seq 1 "$soak"); do
    s=$(now); "$exe" health --json > "$dir/h.json" 2>/dev/null; rc=$?; e=$(now)
    st=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['status'], ','.join(d['drain']) or '-', ','.join(d['retried']) or '-')" "$dir/h.json" 2>/dev/null || echo "unparsable - -")
    printf '%s\t%s\t%s\t%s\n' "$i" "$rc" "$(awk -v a=$s -v b=$e 'BEGIN{printf "%.3f", b-a}')" "$st" >> "$out/soak.tsv"
    [ "$rc" -ne 0 ] && bad=$((bad+1))
  done
  echo "soak: $bad of $soak runs not exit 0"
  awk -F'\t' '{print $3}' "$out/soak.tsv" | sort -n | awk '{a[NR]=$1} END{printf "soak wall s: min %s median %s max %s\n", a[1], a[int((NR+1)/2)], a[NR]}'
} 2>&1 | tee "$out/summary.txt"
echo done
