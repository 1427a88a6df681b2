// What the pasted-text parsers produce: partial Snapshot facts (every fact's source is "pasted:<kind>")
// plus error events (a line that matched a known error signature).
import type { SignatureId } from '../knowledge/error-signatures.js';
import type { DriverInfo, Gpu, LibraryCopy, OsInfo, ProcessLimits, PythonPackage, Fact, Toolkit, XidEvent } from '../snapshot/types.js';

export type SegmentKind =
  | 'traceback'
  | 'collect-env'
  | 'nvidia-smi'
  | 'nvidia-smi-q'
  | 'nvidia-smi-xml'
  | 'nvcc'
  | 'pip-list'
  | 'pip-freeze'
  | 'conda-list'
  | 'ldd'
  | 'dmesg'
  | 'tensorflow-log'
  | 'jax-log'
  | 'nccl-log'
  | 'uname'
  | 'os-release'
  | 'windows';

export interface Segment {
  kind: SegmentKind;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
}

/** One line of the text that matched an error signature (src/knowledge/data/error-signatures/). */
export interface ErrorEvent {
  signature: SignatureId;
  /** 1-based line number in the (possibly truncated) text. */
  line: number;
  /** The matched line, trimmed and shortened. */
  text: string;
  /** Named groups of the signature's pattern: versions, sonames, sizes. */
  groups: Record<string, string>;
}

/** Facts a Snapshot has room for, each optional: what one paste tells about a machine. */
export interface PartialSnapshot {
  os: Partial<OsInfo>;
  driver: Partial<DriverInfo>;
  gpus: Gpu[];
  toolkits: Toolkit[];
  libraries: LibraryCopy[];
  /** Packages of the one Python environment the paste shows. */
  packages: PythonPackage[];
  pythonVersion: Fact<string> | null;
  env: Record<string, string>;
  /** Shared libraries the paste says were not found (ldd "not found", dlopen errors). */
  missingLibraries: Fact<string>[];
  /** cuDNN version the framework says it loaded at run time ("8.5.0"). */
  cudnnRuntime: Fact<string> | null;
  /** torch.version.cuda when the paste names it without a torch version ("compile PyTorch (12.1)"). */
  torchCuda: Fact<string> | null;
  /** SASS archs the installed torch says it has ("supports CUDA capabilities sm_50 … sm_90"). */
  torchArchList: Fact<string[]> | null;
  /**
   * Every CUDA toolkit the paste names by where it lives or what reports it ("/usr/local/cuda-12.6", an `ls` row
   * "cuda-13.0", "cudatoolkit=8.0", HPC SDK ".../cuda/10.2/bin", "nvcc -V returns 9.2"): value = the CUDA version,
   * source = pasted:<path|listing|link|conda|hpc-sdk|nvcc|windows-path>. Several different ones = several toolkits in play.
   */
  toolkitMentions: ToolkitMention[];
  /** Every torch version the paste names, when it names more than one ("pip install torch==1.10.0" … "PyTorch 1.3.0"). */
  torchVersions: Fact<string>[];
  /** Rows of nvidia-smi's process table: who holds GPU memory. */
  gpuProcesses: { gpu: number; pid: number; name: string; mib: number }[];
  /** Every NCCL version the paste names ("NCCL version 2.18.1+cuda12.1" per rank, "NCCL 2.14.3" in prose): two = ranks differ. */
  ncclVersions: Fact<string>[];
  /** Xid lines of the NVIDIA driver in a pasted kernel log (dmesg, journalctl, syslog), grouped per code and GPU. */
  kernelXids: XidEvent[];
  /** The limits a paste shows: /dev/shm from a `df` row (parse/limits.ts). */
  limits: Partial<ProcessLimits>;
}

/** A CUDA toolkit named by place; `path` when the paste shows which nvcc answered ("/usr/bin/nvcc -V"). */
export interface ToolkitMention extends Fact<string> {
  path?: string;
}

export interface ParseResult {
  facts: PartialSnapshot;
  events: ErrorEvent[];
}

export function emptyFacts(): PartialSnapshot {
  return {
    os: {},
    driver: {},
    gpus: [],
    toolkits: [],
    libraries: [],
    packages: [],
    pythonVersion: null,
    env: {},
    missingLibraries: [],
    cudnnRuntime: null,
    torchCuda: null,
    torchArchList: null,
    toolkitMentions: [],
    torchVersions: [],
    gpuProcesses: [],
    ncclVersions: [],
    kernelXids: [],
    limits: {},
  };
}

export function pasted(kind: string): string {
  return `pasted:${kind}`;
}
