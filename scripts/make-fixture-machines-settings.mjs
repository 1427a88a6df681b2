#!/usr/bin/env node
// Machines for the rules about which GPUs a program reaches (gpus-hidden, deep-check-failed): the real H200 machine
// (test/fixtures/machines/h200, written by make-fixture-machines.mjs and make-fixture-machines-python.mjs) with one
// variable set, and the answer gpuenv's --deep child really gave on an H200 with that variable (same driver 580.159.04,
// torch 2.11.0+cu130 in /opt/torch/.venv; measured 2026-12 with the script of src/probe/python/deep.ts).
// Run after the other machine generators, on a fresh build (npm run fixtures).
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEEP_SCRIPT } from '../dist/probe/python/deep.js';
import { out } from './fixture-lib.mjs';

const PYTHON = '/opt/torch/.venv/bin/python3';

/** A copy of the h200 machine with `env` added, the --deep child answering `deep`, and `native` changed as measured. */
function h200With(name, { description, env, deep, cuda }) {
  const dir = join(out, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(out, 'h200'), dir, { recursive: true, verbatimSymlinks: true });
  const spec = JSON.parse(readFileSync(join(dir, 'machine.json'), 'utf8'));
  spec.description = description;
  spec.env = { ...spec.env, ...env };
  spec.commands = [...spec.commands, { argv: [PYTHON, '-c', DEEP_SCRIPT], stdout: `${deep}\n` }];
  writeFileSync(join(dir, 'machine.json'), `${JSON.stringify(spec, null, 2)}\n`);
  if (cuda) {
    const native = JSON.parse(readFileSync(join(dir, 'native.json'), 'utf8'));
    Object.assign(native.report.cuda, cuda);
    writeFileSync(join(dir, 'native.json'), `${JSON.stringify(native, null, 2)}\n`);
  }
}

// CUDA_VISIBLE_DEVICES="": torch imports, is_available() is False, device_count() 0, no error text at all; the native
// child's cuInit answers CUDA_ERROR_NO_DEVICE (100). nvidia-smi / NVML still list the H200.
h200With('h200-cvd-empty', {
  description: 'The real H200 with CUDA_VISIBLE_DEVICES set to an empty string: NVML lists the GPU, CUDA and torch see none',
  env: { CUDA_VISIBLE_DEVICES: '' },
  deep: 'GPUENV_DEEP {"torch": {"version": "2.11.0+cu130", "cudaRuntime": "13.0", "error": null, "cudaAvailable": false, "deviceCount": 0, "archList": [], "cudnnVersion": "91900", "loadedLibraries": ["/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublas.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcudart.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcufft.so.12", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcufile.so.0", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcupti.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcurand.so.10", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcusolver.so.12", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcusparse.so.12", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvJitLink.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvrtc-builtins.so.13.0", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvrtc.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn_graph.so.9", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cusparselt/lib/libcusparseLt.so.0", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib/libnccl.so.2", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nvshmem/lib/libnvshmem_host.so.3", "/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so", "/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so", "/usr/local/nvidia/lib64/libcuda.so.580.159.04"]}}',
  cuda: { initRc: 100, initError: 'CUDA_ERROR_NO_DEVICE', deviceCount: null, devices: [] },
});

// CUDA_FORCE_PTX_JIT=1 (a debugging switch left set): the driver ignores the SASS and JIT-compiles PTX, and torch's
// wheel carries PTX only for compute_120, which cannot run on sm_90: every kernel fails with "no kernel image is
// available". No rule knows the variable; only the --deep check shows the failure.
h200With('h200-force-ptx-jit', {
  description: 'The real H200 with CUDA_FORCE_PTX_JIT=1: torch sees the GPU but every kernel fails (no kernel image is available)',
  env: { CUDA_FORCE_PTX_JIT: '1' },
  deep: 'GPUENV_DEEP {"torch": {"version": "2.11.0+cu130", "cudaRuntime": "13.0", "error": "kernel: AcceleratorError: CUDA error: no kernel image is available for execution on the device", "cudaAvailable": true, "deviceCount": 1, "archList": ["sm_75", "sm_80", "sm_86", "sm_90", "sm_100", "sm_120"], "cudnnVersion": "91900", "kernelOk": false, "loadedLibraries": ["/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublas.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcudart.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcufft.so.12", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcufile.so.0", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcupti.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcurand.so.10", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcusolver.so.12", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcusparse.so.12", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvJitLink.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvrtc-builtins.so.13.0", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libnvrtc.so.13", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn_graph.so.9", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cusparselt/lib/libcusparseLt.so.0", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib/libnccl.so.2", "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nvshmem/lib/libnvshmem_host.so.3", "/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so", "/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so", "/usr/local/nvidia/lib64/libcuda.so.580.159.04", "/usr/local/nvidia/lib64/libnvidia-ml.so.580.159.04", "/usr/local/nvidia/lib64/libnvidia-ptxjitcompiler.so.580.159.04"]}}',
});
