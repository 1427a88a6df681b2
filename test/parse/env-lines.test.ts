// parse, environment variables a text sets (src/parse/env-lines.ts, read by src/parse/system-logs.ts): the forms a
// paste shows them in, the punctuation of the sentence around them, and advice that sets nothing.
import { describe, expect, it } from 'vitest';
import { envAssignments } from '../../src/parse/env-lines.js';
import { parsePaste } from '../../src/parse/index.js';

const env = (text: string) => parsePaste(text).facts.env;

describe('environment variables in a text', () => {
  it('the forms a paste shows: env listing, export, a command prefix, docker -e, os.environ, a dict dump, CMake -D', () => {
    expect(envAssignments('NCCL_P2P_DISABLE=1')).toEqual([['NCCL_P2P_DISABLE', '1']]);
    expect(envAssignments('export TORCH_CUDA_ARCH_LIST="8.0 8.6+PTX"')).toEqual([['TORCH_CUDA_ARCH_LIST', '8.0 8.6+PTX']]);
    expect(envAssignments('NCCL_P2P_DISABLE=1 CUDA_LAUNCH_BLOCKING=1 torchrun --nproc-per-node 8 train.py')).toEqual([
      ['NCCL_P2P_DISABLE', '1'],
      ['CUDA_LAUNCH_BLOCKING', '1'],
    ]);
    expect(envAssignments('docker run --gpus all -e NCCL_IB_DISABLE=1 img')).toEqual([['NCCL_IB_DISABLE', '1']]);
    expect(envAssignments("os.environ['PYTORCH_NO_CUDA_MEMORY_CACHING'] = '1'")).toEqual([['PYTORCH_NO_CUDA_MEMORY_CACHING', '1']]);
    expect(envAssignments("environ({'NCCL_DEBUG': 'INFO', 'CUDA_HOME': '/usr/local/cuda'})")).toEqual([
      ['NCCL_DEBUG', 'INFO'],
      ['CUDA_HOME', '/usr/local/cuda'],
    ]);
    expect(envAssignments('cmake -DCMAKE_CUDA_ARCHITECTURES=75 ..')).toEqual([['CMAKE_CUDA_ARCHITECTURES', '75']]);
  });

  it('names with digits (NCCL_P2P_*) are read: the old pattern took only letters after NCCL_', () => {
    expect(env('export NCCL_P2P_LEVEL=NVL')).toEqual({ NCCL_P2P_LEVEL: 'NVL' });
  });

  it("NCCL's own line says what it read, and wins over what the text suggests elsewhere on the line", () => {
    expect(envAssignments('host:1:1 [0] NCCL INFO NCCL_IB_DISABLE set by environment to 1.')).toEqual([['NCCL_IB_DISABLE', '1']]);
    expect(envAssignments('host:1:1 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0')).toEqual([['NCCL_SOCKET_IFNAME', 'eth0']]);
  });

  it('an unquoted value keeps none of the punctuation around it; a quoted value is taken as quoted', () => {
    expect(env('I run with NCCL_DEBUG=WARN, and it still hangs')).toEqual({ NCCL_DEBUG: 'WARN' });
    expect(env('I set export NCCL_P2P_DISABLE=1.')).toEqual({ NCCL_P2P_DISABLE: '1' });
    expect(env('(CUDA_LAUNCH_BLOCKING=1)')).toEqual({ CUDA_LAUNCH_BLOCKING: '1' });
    expect(env('NCCL_DEBUG="WARN",')).toEqual({ NCCL_DEBUG: 'WARN' });
    // Inside quotes the text is the value (a trailing ";" in an arch list is what breaks a build).
    expect(env('NCCL_DEBUG = "WARN,"')).toEqual({ NCCL_DEBUG: 'WARN,' });
    expect(env('NCCL_SOCKET_IFNAME=eth0,eth1')).toEqual({ NCCL_SOCKET_IFNAME: 'eth0,eth1' });
  });

  it('advice in a message, and what is joined to it, sets nothing', () => {
    expect(env('RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5')).toEqual({});
    expect(env('For debugging consider passing CUDA_LAUNCH_BLOCKING=1.')).toEqual({});
    expect(env('Please set `NCCL_P2P_DISABLE="1"` and `NCCL_IB_DISABLE="1"` or use `accelerate launch`')).toEqual({});
  });
});
