// What a benchmark measures and sends back: plain JSON, every sample kept, so a run on a GPU server can be
// read, compared and turned into findings anywhere (tests replay recorded H200 runs).

export type Engine = 'native' | 'torch';
export type Mode = 'quick' | 'normal' | 'full';
export type Dtype = 'fp32' | 'tf32' | 'fp16' | 'bf16' | 'fp8';
export const DTYPES: readonly Dtype[] = ['fp32', 'tf32', 'fp16', 'bf16', 'fp8'];

export type CopyKind = 'h2d-pinned' | 'd2h-pinned' | 'h2d-pageable' | 'd2h-pageable' | 'd2d';

export interface CopyResult {
  kind: CopyKind;
  gpu: number;
  bytes: number;
  /** GB/s (1e9) of each timed copy; D2D counts bytes read plus bytes written. */
  samplesGBs: number[];
  medianGBs: number;
  /** CUDA events for async copies; wall clock for synchronous (pageable) ones. */
  timer: 'cuda-event' | 'wall-clock';
}

/** Time of one small copy (4 KiB): the fixed cost that bounds what smaller copies can reach. */
export interface LatencyResult {
  kind: CopyKind;
  gpu: number;
  bytes: number;
  samplesUs: number[];
  medianUs: number;
  timer: 'cuda-event' | 'wall-clock';
}

/** One thread's memcpy on this host, the copy the driver makes between pageable memory and its pinned staging. */
export interface HostMemcpy {
  bytes: number;
  samplesGBs: number[];
  medianGBs: number;
  /** warm: both buffers touched before; fresh: into memory just allocated (every page faults, as in x.cpu()). */
  into: 'warm' | 'fresh';
}

/** The seed guide's check `x.cpu()` of a 10000×10000 fp32 tensor: a device-to-host copy into new host memory. */
export interface SeedXcpu {
  gpu: number;
  bytes: number;
  samplesGBs: number[];
  medianGBs: number;
}

export interface GemmResult {
  dtype: Dtype;
  gpu: number;
  m: number;
  n: number;
  k: number;
  /** TFLOP/s of each timed launch (2·m·n·k per launch). */
  samplesTflops: number[];
  medianTflops: number;
  /** What ran it: "cublasLt 13.1.0" or "torch.matmul". */
  library: string;
  check: GemmCheck;
}

export interface GemmCheck {
  /** ‖out − ref‖ / ‖ref‖ over the checked elements, against a float64 reference. */
  relError: number | null;
  tolerance: number;
  /** Elements compared with the reference. */
  checked: number;
  /** Every element of the output was written (poisoned before, finite after). */
  allWritten: boolean | null;
  ok: boolean;
  detail?: string;
}

export interface SkippedGemm {
  dtype: Dtype;
  gpu: number;
  reason: string;
}

export interface P2pResult {
  src: number;
  dst: number;
  /** cuDeviceCanAccessPeer: false means the driver stages every copy through host memory. */
  canAccess: boolean;
  bytes: number | null;
  samplesGBs: number[];
  medianGBs: number | null;
  error?: string;
  /** Added with bench schema 2: one small copy (4 KiB) src → dst, CUDA events, µs. */
  latency?: { bytes: number; samplesUs: number[]; medianUs: number };
}

/** One message size of an all-reduce sweep (float32 sum, out of place, as nccl-tests' all_reduce_perf). */
export interface AllReduceSize {
  bytes: number;
  /** Time of each timed all-reduce, ms (the slowest GPU's, CUDA events). */
  samplesMs: number[];
  medianMs: number;
  algbwGBs: number;
  busbwGBs: number;
}

export interface AllReduceResult {
  gpus: number;
  /** The largest size of the sweep; its figures are the ones below. */
  bytes: number;
  /** Algorithm bandwidth (bytes / time) and bus bandwidth (× 2(n−1)/n), GB/s, as nccl-tests. */
  algbwGBs: number;
  busbwGBs: number;
  samplesMs: number[];
  ok: boolean;
  error?: string;
  /** Added with bench schema 2: what ran it (libnccl in the engine's process, or torchrun in the user's Python). */
  via?: 'nccl' | 'torchrun';
  /** NCCL's version ("2.28.9") and, for via nccl, the file that loaded. */
  nccl?: string;
  library?: string;
  /** Every size of the sweep, smallest first. */
  sizes?: AllReduceSize[];
  /** Why the native path was not used (libnccl not found …), when torchrun ran instead. */
  fallback?: string;
}

export type PcieLevel = 'internal' | 'PIX' | 'PXB' | 'PHB' | 'NODE' | 'SYS';

/** How two GPUs are joined, read from NVML as `nvidia-smi topo -m` shows it. */
export interface GpuLink {
  a: number;
  b: number;
  /** The topo -m cell: "NV18", "PIX" … "SYS"; null when NVML could not say. */
  topo: string | null;
  kind: 'nvlink' | 'pcie' | 'unknown';
  /** Active NVLinks between the pair (direct, or the links each GPU has up to the NVSwitch fabric). */
  nvlinks: number | null;
  /** The NVLinks lead to NVSwitch chips, not to the other GPU. */
  nvswitch: boolean;
  /** Closest common PCIe ancestor (nvmlDeviceGetTopologyCommonAncestor). */
  pcie: PcieLevel | null;
  /** nvmlDeviceGetP2PStatus for reads and over NVLink: "ok" or NVML_P2P_STATUS_* in kebab case ("disabled-by-regkey"). */
  p2pRead: string | null;
  p2pNvlink: string | null;
}

/** One NVML reading taken while the benchmark ran. */
export interface ClockSample {
  tMs: number;
  gpu: number;
  smMHz: number | null;
  memMHz: number | null;
  powerW: number | null;
  temperatureC: number | null;
  /** Clock event reasons bitmask as hex. */
  reasons: string | null;
  pcieGen: number | null;
  pcieWidth: number | null;
}

export interface GpuStatic {
  index: number;
  name: string | null;
  pciDeviceId: string | null;
  computeCapability: string | null;
  pcie: { currentGen: number | null; maxGen: number | null; gpuMaxGen: number | null; currentWidth: number | null; maxWidth: number | null };
  maxSmMHz: number | null;
  maxMemMHz: number | null;
  ecc: EccCounts | null;
}

export interface EccCounts {
  volatileCorrected: number | null;
  volatileUncorrected: number | null;
}

export interface EngineResult {
  engine: Engine;
  /** cuBLAS(Lt) file, torch version … what the numbers came through. */
  libraries: Record<string, string>;
  copies: CopyResult[];
  gemms: GemmResult[];
  skipped: SkippedGemm[];
  p2p: P2pResult[];
  allReduce: AllReduceResult | null;
  errors: string[];
  durationMs: number;
  /** Added with bench schema 2 (absent from older recordings). */
  latencies?: LatencyResult[];
  hostMemcpy?: HostMemcpy[];
  /** The seed guide's checks: x.cpu() of 10000×10000 fp32, and torch.matmul of two 10000×10000 fp32 (a GemmResult, n = 10000). */
  seed?: { xcpu: SeedXcpu[]; matmul: GemmResult[] };
  /** Where the time went, ms per phase, in order (engine start, CUDA context, cuBLASLt, copies, GEMMs …). */
  phasesMs?: Record<string, number>;
  /** Why no all-reduce ran although it was asked for (no libnccl and no Python with torch …): a skip, not an error. */
  allReduceSkipped?: string;
}

export interface BenchRun {
  mode: Mode;
  engine: Engine;
  gpus: number[];
  result: EngineResult;
  clocks: ClockSample[];
  before: GpuStatic[];
  /** ECC counters after the run (null where NVML could not read them). */
  eccAfter: Record<number, EccCounts | null>;
  /** The command's and the child's own phases, ms (probe, Snapshot, child start, engine, shutdown); schema 2. */
  phasesMs?: Record<string, number>;
  /** How each pair of GPUs is joined (NVML), schema 2; absent with one GPU. */
  links?: GpuLink[];
  /** NCCL_* variables the run saw (NCCL_P2P_DISABLE …), schema 2: they change what the all-reduce measures. */
  ncclEnv?: Record<string, string>;
}

/** What the engine is told to do. */
export interface EngineConfig {
  mode: Mode;
  gpus: number[];
  copySizes: number[];
  copyIters: number;
  gemmSizes: number[];
  gemmIters: number;
  dtypes: Dtype[];
  /** Directories to look in for libcublasLt, best first. */
  cublasDirs: string[];
  p2p: boolean;
  /** The seed guide's x.cpu() and 10000³ matmul, each timed this many times (0: not run). */
  seedIters: number;
  /** NCCL all-reduce sweep; run when at least minGpus GPUs are measured (2; 1 only for checking the path). */
  allReduce?: AllReduceConfig | null;
  /** Directories to look in for libnccl.so.2 first (Python environments' nvidia/nccl/lib), then the loader path. */
  ncclDirs?: string[];
}

export interface AllReduceConfig {
  sizes: number[];
  iters: number;
  warmup: number;
  minGpus: number;
}

/** Messages from the engine (worker or Python) to its supervisor. */
export type EngineMessage =
  | { type: 'progress'; text: string; step?: string }
  /** What is measured so far, sent before a step that may hang (NCCL): the child keeps it if that step never returns. */
  | { type: 'partial'; result: EngineResult }
  | { type: 'result'; result: EngineResult }
  | { type: 'fatal'; message: string };
