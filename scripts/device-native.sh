#!/usr/bin/env bash
# One call on the GPU machine: the native probe, nvidia-smi -q -x, their timings, and the stub
# refusal checks. Run from the project root after `source .device/setup.sh`; writes into $OUT
# (at most 8 files come back from there, so scratch output goes to /tmp).
set -u
out=${OUT:?set OUT}
scratch=$(mktemp -d)
stubs=/usr/local/cuda/targets/x86_64-linux/lib/stubs
TIMEFORMAT='%R'
log="$out/timings.txt"
t() { local name=$1; shift; echo -n "$name " >> "$log"; { time "$@" > "$scratch/$name" 2>&1; } 2>> "$log"; }
echo "# wall seconds (bash time); probe = node scripts/native-probe.mjs (node start + fork + NVML + CUDA)" > "$log"
for i in 1 2 3; do t probe-$i node scripts/native-probe.mjs; t smi_qx-$i nvidia-smi -q -x; done
# The probe and smi nearest in time, for the field comparison; power readings right after.
node scripts/native-probe.mjs > "$out/native.json"; nvidia-smi -q -x > "$out/smi_qx.xml"
nvidia-smi --query-gpu=power.draw,power.draw.average,power.draw.instant,clocks.sm,compute_cap --format=csv >> "$log" 2>&1
# Stubs first on LD_LIBRARY_PATH, as the toolkit ships them (unversioned names: no candidate).
LD_LIBRARY_PATH=$stubs:${LD_LIBRARY_PATH:-} node scripts/native-probe.mjs > "$out/native-stubs-dir.json"
# A stubs folder with soname links, as people make them to "fix" a missing libcuda.so.1, and the
# same links outside any stubs folder (refused through their real path).
mkdir -p "$scratch/stubs" "$scratch/lib"
for l in libnvidia-ml.so.1:libnvidia-ml.so libcuda.so.1:libcuda.so; do
  ln -sf "$stubs/${l#*:}" "$scratch/stubs/${l%%:*}"; ln -sf "$stubs/${l#*:}" "$scratch/lib/${l%%:*}"
done
LD_LIBRARY_PATH=$scratch/stubs:${LD_LIBRARY_PATH:-} node scripts/native-probe.mjs > "$out/native-stubs-soname.json"
LD_LIBRARY_PATH=$scratch/lib:${LD_LIBRARY_PATH:-} node scripts/native-probe.mjs > "$out/native-stubs-link.json"
ls -la "$stubs" >> "$log" 2>&1
cat "$log"
