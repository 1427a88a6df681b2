// The Snapshot: every fact gpuenv knows about one machine, with where each fact came from.
// Versioned public JSON (docs/snapshot-schema.md, schema/snapshot.schema.json): add fields, never rename.

export const SNAPSHOT_SCHEMA_VERSION = 1 as const;

/** The probe record of the NVML / CUDA driver child: a timeout there is a hung driver (gpu-unresponsive). */
export const NATIVE_PROBE = 'native (NVML, CUDA driver API)';

/** The probe record saying the PCI bus was read: "no GPU" may only be concluded after it (no-gpu). */
export const PCI_SCAN = 'pci bus scan';

/**
 * Where a fact came from: `nvml`, `cuda-driver`, `nvidia-smi`, `file:/proc/driver/nvidia/version`,
 * `sysfs:/sys/bus/pci/devices/…`, `command:nvcc --version`, `env:CUDA_HOME`, `ld.so.cache`, `pasted`, …
 */
export type Source = string;

export interface Fact<T> {
  value: T;
  source: Source;
}

/** One attempt to read something: kept so a user sees what was tried, what failed and what hung. */
export interface ProbeRecord {
  name: string;
  ok: boolean;
  durationMs: number;
  timedOut?: boolean;
  /** A short reason when not ok (missing tool, exit code, error name). */
  detail?: string;
}

export interface OsInfo {
  kernel: Fact<string> | null;
  /** `ubuntu`, `debian`, `rhel` … from os-release ID. */
  id: Fact<string> | null;
  versionId: Fact<string> | null;
  prettyName: Fact<string> | null;
  arch: Fact<string> | null;
  wsl: Fact<boolean> | null;
  container: Fact<string | null> | null;
  secureBoot: Fact<'enabled' | 'disabled' | 'unknown'> | null;
  nouveau: { loaded: Fact<boolean> | null; blacklisted: Fact<boolean> | null };
  kernelHeaders: Fact<boolean> | null;
  dkms: Fact<string[]> | null;
}

export interface DriverInfo {
  /** User-space driver version (NVML, else nvidia-smi). */
  version: Fact<string> | null;
  /** Kernel module version (/proc/driver/nvidia/version or /sys/module/nvidia/version). */
  kernelModule: Fact<string> | null;
  /** Highest CUDA version the driver supports, "13.0". */
  cudaVersion: Fact<string> | null;
  nvmlVersion: Fact<string> | null;
  /** Whether the nvidia kernel module is listed in /proc/modules. */
  moduleLoaded: Fact<boolean> | null;
  /** Open or proprietary kernel module, when /proc says. */
  moduleFlavor: Fact<'open' | 'proprietary'> | null;
}

export interface PcieLink {
  currentGen: number | null;
  maxGen: number | null;
  gpuMaxGen: number | null;
  currentWidth: number | null;
  maxWidth: number | null;
}

export interface GpuClocks {
  graphicsMHz: number | null;
  smMHz: number | null;
  memoryMHz: number | null;
  maxGraphicsMHz: number | null;
  maxSmMHz: number | null;
  maxMemoryMHz: number | null;
}

export interface GpuEcc {
  enabled: boolean | null;
  pendingEnabled: boolean | null;
  volatileCorrected: number | null;
  volatileUncorrected: number | null;
  aggregateCorrected: number | null;
  aggregateUncorrected: number | null;
  remappedRowsCorrectable: number | null;
  remappedRowsUncorrectable: number | null;
  remappingPending: boolean | null;
  remappingFailed: boolean | null;
}

export type ComputeMode = 'default' | 'exclusive-thread' | 'prohibited' | 'exclusive-process';
export type FabricState = 'not-supported' | 'not-started' | 'in-progress' | 'completed';

/**
 * A process holding a GPU when it was probed (NVML's running-process lists, or nvidia-smi's): its pid, its name cut to
 * its first word (never the command line or environment of another user's process), its GPU memory, and whether it
 * has a compute (CUDA) context, a graphics one, or both. gpuenv's own processes are left out.
 */
export interface GpuProcess {
  /** As the driver reports it: the host's pid, also inside a container with its own PID namespace. */
  pid: number;
  /** Program name (first word, at most 64 characters); null when it could not be read (another PID namespace). */
  name: string | null;
  /** null when the driver does not say (NVML_VALUE_NOT_AVAILABLE: MIG without privileges, some containers). */
  usedBytes: number | null;
  type: 'compute' | 'graphics' | 'both';
}

export interface Gpu {
  index: number;
  name: string;
  uuid: string | null;
  /** "00000000:00:06.0" as NVML prints it. */
  pciBusId: string | null;
  /** PCI device id, "0x2335". */
  pciDeviceId: string | null;
  pciSubsystemId: string | null;
  /** "9.0" */
  computeCapability: string | null;
  architecture: string | null;
  memory: { totalBytes: number | null; usedBytes: number | null; reservedBytes: number | null; freeBytes: number | null };
  pcie: PcieLink;
  clocks: GpuClocks;
  temperatureC: number | null;
  /** defaultLimitW: the board's default power limit (absent in Snapshots before 2026-12). */
  power: { drawW: number | null; limitW: number | null; enforcedLimitW: number | null; defaultLimitW?: number | null };
  clockEventReasons: { active: string[]; bitmask: string | null } | null;
  ecc: GpuEcc;
  persistenceMode: boolean | null;
  migMode: { current: boolean | null; pending: boolean | null };
  multiprocessors: number | null;
  // Node-health facts, added 2026-12 (absent in older Snapshots).
  /** VBIOS version, "96.00.74.00.01". */
  vbios?: string | null;
  computeMode?: ComputeMode | null;
  /** Pages retired for ECC errors (GPUs before Ampere; later ones remap rows instead, see ecc). */
  retiredPages?: { singleBit: number | null; doubleBit: number | null; pending: boolean | null };
  /** Application clocks now and by default: lowered ones cap every job's speed. */
  applicationsClocks?: { graphicsMHz: number | null; memoryMHz: number | null; defaultGraphicsMHz: number | null; defaultMemoryMHz: number | null };
  /** NVLink fabric registration with the fabric manager (Hopper and later; null where NVML cannot say). */
  fabric?: { state: FabricState; status: string | null } | null;
  /** Processes on the GPU at the time of the probe (absent in older Snapshots and pastes that do not show them; null: could not be read). */
  processes?: GpuProcess[] | null;
  /** Where these facts came from (nvml, nvidia-smi, …). */
  source: Source;
  /** Fields that could not be read, with why (NOT_SUPPORTED is normal on some GPUs). */
  unavailable: Record<string, string>;
}

/** An NVIDIA device seen on the PCI bus, whether or not a driver is bound to it. */
export interface PciGpu {
  address: string;
  vendorId: string;
  deviceId: string;
  subsystemDeviceId: string | null;
  class: string;
  driver: string | null;
  source: Source;
}

export interface NativeLibrary {
  soname: string;
  /** The file that actually loaded (read back from /proc/self/maps), or null when nothing loaded. */
  loadedPath: string | null;
  /** What the dynamic loader would pick first by soname, when that is a stub or a shadowing copy. */
  loaderFirstChoice: string | null;
  /** Stub or other copies seen and refused. */
  refused: string[];
  error: string | null;
}

export type ToolkitInstallKind = 'runfile' | 'deb' | 'rpm' | 'pip-layout' | 'conda' | 'pip-wheel' | 'unknown';

export interface Toolkit {
  /** Canonical real path of the toolkit root. */
  path: string;
  /** Other paths that lead to it: /usr/local/cuda, /etc/alternatives/cuda, cuda-13 … */
  aliases: string[];
  version: Fact<string> | null;
  nvcc: { path: string; version: Fact<string> | null } | null;
  installKind: ToolkitInstallKind;
  /** How the toolkit was found. */
  foundBy: string[];
  active: { path: boolean; cudaHome: boolean; symlink: boolean; ldLibraryPath: boolean };
}

export interface LibraryCopy {
  name: 'cudnn' | 'nccl' | 'cudart' | 'cublas';
  version: Fact<string> | null;
  /** Folder holding the library files. */
  dir: string;
  files: string[];
  header: string | null;
  /** How it arrived: a system package, a toolkit, a pip wheel, conda. */
  origin: 'system' | 'toolkit' | 'pip-wheel' | 'conda' | 'unknown';
  inLdCache: boolean;
  onLdLibraryPath: boolean;
}

export interface CompatLibrary {
  path: string;
  version: string | null;
  /** Whether the dynamic loader would pick it before the driver's own libcuda (LD_LIBRARY_PATH, ld.so.conf). */
  inUse: boolean;
  reason: string;
  /** The setting that puts it in front, when it is in use (absent in Snapshots before 2026-12): what a fix must change. */
  via?: CompatVia | null;
}

/**
 * Where the loader meets a library before the driver's own: an LD_LIBRARY_PATH entry, a line of the ld.so
 * configuration (the ld.so cache), or a preload list. `entry` is as written there (a link such as
 * /usr/local/cuda/compat, not its real folder); `file` is the configuration file that holds the line, null when none
 * does (ldconfig was run on the folder by hand).
 */
export interface CompatVia {
  kind: 'LD_LIBRARY_PATH' | 'ld.so.conf' | 'LD_PRELOAD' | '/etc/ld.so.preload';
  entry: string;
  file: string | null;
}

/** One Xid code logged by the NVIDIA kernel driver for one GPU since boot, with how often and when. */
export interface XidEvent {
  code: number;
  /** As the driver prints it: "0000:3b:00". */
  pciBusId: string;
  /** The Snapshot's GPU with that bus id, when one matches. */
  gpuIndex: number | null;
  count: number;
  /** Seconds since boot of the first and last line (null when the log has no timestamps). */
  firstUptimeS: number | null;
  lastUptimeS: number | null;
  /** The text after the code on the last line, cut to 200 characters. */
  lastText: string;
}

export interface KernelLog {
  /** Whether the kernel log could be read at all; when not, no Xid conclusion can be drawn. */
  readable: boolean;
  /** `command:dmesg --kernel`, `command:journalctl -k -b 0`. */
  source: string | null;
  /** Why it could not be read. */
  detail: string | null;
  xids: XidEvent[];
}

/** A resource limit as /proc/<pid>/limits states it: bytes, or no limit. */
export type LimitBytes = number | 'unlimited';

/**
 * Limits of the place a job runs in that DataLoader workers, NCCL and RDMA run into: containers start with a 64 MiB
 * /dev/shm and a small RLIMIT_MEMLOCK unless told otherwise. Each null when it could not be read.
 */
export interface ProcessLimits {
  /** statfs of /dev/shm: its size and the bytes still free; `tmpfs` false when /dev/shm is a plain folder of another file system. */
  shm: Fact<{ totalBytes: number; freeBytes: number; tmpfs: boolean }> | null;
  /** RLIMIT_MEMLOCK of gpuenv's process, which it inherits from the shell (or job step) that started it. */
  memlock: Fact<{ softBytes: LimitBytes; hardBytes: LimitBytes }> | null;
  /** RDMA adapters (InfiniBand, RoCE) under /sys/class/infiniband: their memory registrations count against RLIMIT_MEMLOCK. */
  rdmaDevices: Fact<string[]> | null;
}

/** NVSwitch devices on the PCI bus and whether NVIDIA Fabric Manager runs (needed before CUDA starts on such systems). */
export interface FabricInfo {
  nvswitches: Array<{ address: string; deviceId: string }>;
  /** null when not looked for (no NVSwitch, or a --root tree). */
  managerRunning: Fact<boolean> | null;
}

export interface ToolRecord {
  name: string;
  path: string | null;
  version: string | null;
}

/** Which node a result is from, as the engines that run gpuenv across a cluster name it (probe/node-identity.ts). */
export interface NodeIdentity {
  name: string;
  /** What started gpuenv here: slurm, kubernetes, ssh (pdsh/clush run over it), or local. */
  engine: 'slurm' | 'kubernetes' | 'ssh' | 'local';
  /** Slurm's job id; the pod name under Kubernetes when the downward API gives POD_NAME. */
  jobId: string | null;
  /** CUDA_VISIBLE_DEVICES, else SLURM_JOB_GPUS: the GPUs this run was given, as the engine wrote them. */
  visibleDevices: string | null;
}

export interface Snapshot {
  schemaVersion: typeof SNAPSHOT_SCHEMA_VERSION;
  tool: { name: 'gpuenv'; version: string };
  takenAt: string;
  /** The root file system that was read ("/" or the --root folder). */
  root: string;
  hostname: string | null;
  /** Which node of a cluster this is (fleet runs). Absent in Snapshots before 2026-12. */
  node?: NodeIdentity;
  /** How many GPUs this node should have (--expect-gpus, else Slurm's Gres for the node); absent when unknown. */
  expectedGpus?: Fact<number> | null;
  /** Xid errors since boot (absent in Snapshots before 2026-12). */
  kernelLog?: KernelLog;
  fabric?: FabricInfo;
  /** /dev/shm, RLIMIT_MEMLOCK and RDMA devices: what multi-process jobs in containers run out of (absent in Snapshots before 2026-12). */
  limits?: ProcessLimits;
  os: OsInfo;
  driver: DriverInfo;
  gpus: Gpu[];
  pciGpus: PciGpu[];
  nativeLibraries: { nvml: NativeLibrary | null; cuda: NativeLibrary | null };
  cudaDriverApi: { version: Fact<string> | null; deviceCount: number | null; error: string | null } | null;
  toolkits: Toolkit[];
  libraries: LibraryCopy[];
  cudaCompat: CompatLibrary[];
  /** The names /etc/ld.so.preload lists (null: no such file; absent in Snapshots before 2026-12). */
  ldSoPreload?: Fact<string[]> | null;
  tools: ToolRecord[];
  /** Relevant environment variables; secrets are redacted. */
  env: Record<string, string>;
  /** Python environments and the GPU frameworks in them (filled by the doctor's Python probes). */
  python: PythonEnv[];
  probes: ProbeRecord[];
}

/** How one shared library a package needs would be found by the dynamic loader ("which copy actually loads"). */
export interface LibraryResolution {
  soname: string;
  /** The file the loader would open, or null when nothing is found. */
  resolvedPath: string | null;
  via: 'rpath' | 'runpath' | 'LD_LIBRARY_PATH' | 'ld.so.cache' | 'default-dirs' | 'preloaded' | 'not-found';
  /** Version of the file that loads, when known (from its name, header or wheel). */
  version: string | null;
  /** Other copies that exist but lose (would have been found later), in search order. */
  shadowed: string[];
}

export interface PythonPackage {
  /** Normalised distribution name: torch, tensorflow, jaxlib, nvidia-cudnn-cu12 … */
  name: string;
  version: string;
  /** Who installed it: INSTALLER file (pip, uv) or conda-meta. */
  installer: 'pip' | 'uv' | 'conda' | 'unknown' | string;
  /** The .dist-info / .egg-info folder or the conda-meta record it was read from. */
  location: string;
  /** The CUDA the build targets: "12.4" from +cu124, torch/version.py, TF build info, jax plugin name; null for CPU builds. */
  build: { cuda: string | null; cudnn: string | null; cpuOnly: boolean; source: string } | null;
  /** CUDA libraries the package's own shared objects need, and which copy each resolves to. */
  cudaLibraries: LibraryResolution[];
  /**
   * SASS and PTX architectures in the package's CUDA shared objects (ELF .nv_fatbin), and the arch list the
   * build declares (for torch: `torch.cuda.get_arch_list()`, read from libtorch_python.so without importing).
   */
  archs: { sass: string[]; ptx: string[]; files: string[]; source: string; declared?: string[] | null; declaredSource?: string } | null;
}

export interface DeepCheck {
  ok: boolean;
  timedOut: boolean;
  durationMs: number;
  error: string | null;
  torch: {
    version: string | null;
    cudaAvailable: boolean | null;
    deviceCount: number | null;
    archList: string[] | null;
    cudnnVersion: string | null;
    cudaRuntime: string | null;
    kernelOk: boolean | null;
    /** Libraries the imported process really mapped (from /proc/self/maps). */
    loadedLibraries: string[];
    error: string | null;
    /** Warnings torch printed while importing and asking for CUDA ("CUDA initialization: …"): they often name the cause. */
    warnings?: string[];
  } | null;
}

export interface PythonEnv {
  /** sys.prefix of the environment. */
  prefix: string;
  /** The interpreter, when one was found. */
  python: string | null;
  kind: 'venv' | 'conda' | 'system' | 'unknown';
  /** How it was found: PATH, VIRTUAL_ENV, CONDA_PREFIX, conda envs list, --python. */
  foundBy: string[];
  /** True for the environment `python3` on PATH runs. */
  active: boolean;
  version: Fact<string> | null;
  sitePackages: string[];
  /** The GPU-relevant distributions, with their builds and libraries (what the rules read). */
  packages: PythonPackage[];
  /** Every installed distribution (name, version, installer, whether from a local path or URL): what export and lock pin. Absent in Snapshots of gpuenv before 2026-12. */
  distributions?: Array<{ name: string; version: string; installer: string; direct: boolean }>;
  /** Only with --deep: what importing the framework in a child process said. */
  deep: DeepCheck | null;
}

/** The driver as the rules compare it: its version, or only the newest CUDA it runs when that is all a source shows. */
export interface DriverFact {
  /** "570.86.10", or null when only the driver's CUDA version is known. */
  version: string | null;
  /** "12.8" as nvidia-smi prints it. */
  cuda: string | null;
  source: string;
}
