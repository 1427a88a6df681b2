#!/usr/bin/env bash
# Issue 21 on a real GPU machine: the everyday commands with --lang zh-CN (and bench in English for comparison).
# Run there as: source .device/setup.sh && bash scripts/device-zh.sh   (carry dist and .device)
# Writes $OUT/zh.tgz: one file per command with its output and exit status.
set -u
out="${OUT:-/tmp/zh-out}/zh"
mkdir -p "$out"
g() { # name, args…
  local name=$1
  shift
  { echo "\$ gpuenv $*"; timeout 120 node dist/cli.js "$@" 2>&1; echo "[exit $?]"; } > "$out/$name.txt"
}
g doctor doctor --lang zh-CN
g doctor-md doctor --markdown --lang zh-CN
g snapshot snapshot --lang zh-CN
g cuda-list cuda list --lang zh-CN
g arch-list arch-list --lang zh-CN
g plan plan --lang zh-CN
g vram vram llama-3-8b --infer --lang zh-CN
g bench-quick bench --quick --lang zh-CN
g bench-quick-en bench --quick --lang en
g bench-torch bench --quick --engine torch --lang zh-CN
g health health --lang zh-CN
printf 'RuntimeError: CUDA error: no kernel image is available for execution on the device\n' > "$out/paste.txt"
g explain-here explain "$out/paste.txt" --here --lang zh-CN
g bad-gpu bench --gpu 7 --lang zh-CN
tar -czf "${OUT:-/tmp/zh-out}/zh.tgz" -C "$(dirname "$out")" zh
