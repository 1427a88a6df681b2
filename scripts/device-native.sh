#!/usr/bin/env bash
# One call on the GPU machine: the native probe, nvidia-smi -q -x, their timings, and the stub
# refusal checks. Run from the project root after `source .device/setup.sh`; writes into $OUT.
set -u
out=${OUT:?set OUT}
stubs=/usr/local/cuda/targets/x86_64-linux/lib/stubs
TIMEFORMAT='%R'
t() { local name=$1; shift; { time "$@" > "$out/$name" 2> "$out/$name.err"; } 2>> "$out/timings.txt"; }
echo "# seconds, wall (bash time)" > "$out/timings.txt"
for i in 1 2 3; do echo -n "probe#$i " >> "$out/timings.txt"; t native-$i.json node scripts/native-probe.mjs; done
for i in 1 2 3; do echo -n "smi_qx#$i " >> "$out/timings.txt"; t smi_qx-$i.xml nvidia-smi -q -x; done
# The probe and smi nearest in time, for the field comparison.
node scripts/native-probe.mjs > "$out/native.json"; nvidia-smi -q -x > "$out/smi_qx.xml"
# Stubs first on LD_LIBRARY_PATH, as the toolkit ships them (unversioned names).
LD_LIBRARY_PATH=$stubs:${LD_LIBRARY_PATH:-} node scripts/native-probe.mjs > "$out/native-stubs-dir.json"
# A stubs folder with soname links, as people make them to "fix" a missing libcuda.so.1.
mkdir -p /tmp/fake/stubs /tmp/fake/lib
for l in libnvidia-ml.so.1:libnvidia-ml.so libcuda.so.1:libcuda.so; do
  ln -sf "$stubs/${l#*:}" "/tmp/fake/stubs/${l%%:*}"; ln -sf "$stubs/${l#*:}" "/tmp/fake/lib/${l%%:*}"
done
LD_LIBRARY_PATH=/tmp/fake/stubs:${LD_LIBRARY_PATH:-} node scripts/native-probe.mjs > "$out/native-stubs-soname.json"
# Links outside any stubs folder that lead to a stub: refused through their real path.
LD_LIBRARY_PATH=/tmp/fake/lib:${LD_LIBRARY_PATH:-} node scripts/native-probe.mjs > "$out/native-stubs-link.json"
ls -la "$stubs" > "$out/stubs-ls.txt" 2>&1
cat "$out/timings.txt"
