#!/usr/bin/env bash
# One run on the GPU machine (no Node.js there) for docs/benchmarks.md: only the wheel is copied. Its
# executable (the same bytes as release/gpuenv-linux-x64, checked against SHA256SUMS) runs doctor,
# doctor --deep, bench --quick and snapshot --json; then the wheel is pip-installed without an index
# into a venv over the machine's Python and `gpuenv doctor` runs from it.
# Usage there: bash scripts/device-standalone.sh release/gpuenv-<v>-py3-none-manylinux_2_28_x86_64.whl
set -u
whl=$1
out=${OUT:-/tmp/out}; mkdir -p "$out"
t() { local s e; s=$(date +%s.%N); "$@" > /dev/null 2>&1; local rc=$?; e=$(date +%s.%N); printf '%-58s %6.3f s (exit %s)\n' "$*" "$(awk -v a="$s" -v b="$e" 'BEGIN{print b-a}')" "$rc"; }
dir=$(mktemp -d); exe=$dir/gpuenv-linux-x64
python3 -c "import sys, zipfile; open(sys.argv[2], 'wb').write(zipfile.ZipFile(sys.argv[1]).read('gpuenv/bin/gpuenv'))" "$whl" "$exe"
chmod +x "$exe"
{
  echo "date: $(date -u +%FT%TZ)"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; uname -m
  echo "node on PATH: $(command -v node || echo none)"; ldd --version | head -1
  echo "executable sha256: $(sha256sum "$exe" | cut -d' ' -f1)"; grep 'gpuenv-linux-x64$' "$(dirname "$whl")/SHA256SUMS"
  echo "--- wall times (first run unpacks koffi into ~/.cache/gpuenv)"
  for i in 1 2 3 4 5; do t "$exe" --version; done
  for i in 1 2 3; do t "$exe" snapshot --json; done
  for i in 1 2 3; do t "$exe" doctor; done
  t "$exe" doctor --deep
  t "$exe" bench --quick
  echo "--- read-only HOME (root health check): private temp folder"
  HOME=/proc XDG_CACHE_HOME= "$exe" doctor --json > "$out/doctor-rohome.json" 2> "$out/doctor-rohome.err"; echo "exit $?"
} 2>&1 | tee "$out/timings.txt"
"$exe" doctor > "$out/doctor.txt" 2>&1; echo "doctor exit $?" >> "$out/timings.txt"
"$exe" doctor --json > "$out/doctor.json" 2> "$out/doctor.err"
"$exe" doctor --deep > "$out/doctor-deep.txt" 2>&1; echo "doctor --deep exit $?" >> "$out/timings.txt"
"$exe" bench --quick > "$out/bench-quick.txt" 2>&1; echo "bench --quick exit $?" >> "$out/timings.txt"
"$exe" snapshot --json > "$out/snapshot.json" 2> "$out/snapshot.err"; echo "snapshot exit $?" >> "$out/timings.txt"
echo "--- wheel" >> "$out/timings.txt"
python3 -m venv --system-site-packages "$dir/venv" && "$dir/venv/bin/python" -m pip install --no-index --no-deps -q "$whl" >> "$out/timings.txt" 2>&1
echo "pip exit $?" >> "$out/timings.txt"
t "$dir/venv/bin/gpuenv" doctor >> "$out/timings.txt"
"$dir/venv/bin/gpuenv" doctor > "$out/wheel-doctor.txt" 2>&1; echo "wheel doctor exit $?" >> "$out/timings.txt"
"$dir/venv/bin/python" -m gpuenv --version >> "$out/timings.txt" 2>&1
ls -la ~/.cache/gpuenv >> "$out/timings.txt" 2>&1
echo done
