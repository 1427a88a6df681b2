// Which kinds of output a paste holds, and where: shown to the user so they see what was understood.
import type { Segment, SegmentKind } from './types.js';

const MARKERS: [SegmentKind, RegExp][] = [
  ['traceback', /^Traceback \(most recent call last\)|^\s{2,}File "[^"\n]{1,300}", line \d+|^[A-Za-z_.]{0,80}(Error|Exception): /],
  [
    'collect-env',
    /^(Collecting environment information|PyTorch version: |CUDA used to build PyTorch: |Is CUDA available: |GPU models and configuration:|\[(pip3?|conda)\] )/,
  ],
  ['nvidia-smi-xml', /<nvidia_smi_log|<driver_version>/],
  ['nvidia-smi-q', /^==============NVSMI LOG==============|^\s{4}Product Name\s{2,}: /],
  ['nvidia-smi', /NVIDIA-SMI \S+\s+Driver Version:|^\|\s{0,3}GPU\s{1,3}Name|^[+|][-=+]{20,}/],
  ['nvcc', /^nvcc: NVIDIA \(R\) Cuda compiler driver|^Cuda compilation tools, release/],
  ['conda-list', /^# packages in environment at|^# Name\s+Version\s+Build/],
  ['pip-list', /^Package\s{2,}Version\s*$|^-{5,} -{5,}/],
  ['pip-freeze', /^[A-Za-z0-9][A-Za-z0-9_.-]{0,60}==[0-9][^\s]{0,60}$/],
  ['ldd', /^\s{0,8}lib[\w+.-]{1,60}\.so\S{0,20} => /],
  ['dmesg', /^\[\s{0,6}\d{1,8}\.\d{3,6}\]|NVRM: |kernel: (nvidia|NVRM|nouveau)/],
  ['nccl-log', /NCCL (INFO|WARN) /],
  [
    'tensorflow-log',
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3,6}: [IWEF] (tensorflow|external\/local_xla|external\/local_tsl)\/|^[IWEF]\d{4} [\d:.]{8,15}\s+\d+ \S{1,80}\.cc:\d+\]/,
  ],
  ['jax-log', /^(jax|jaxlib):\s{1,10}\d|xla_bridge\.py|jaxlib\.xla_extension/],
  ['uname', /^Linux \S{1,64} \d+\.\d+\.\d+\S{0,80} #/],
  ['os-release', /^(PRETTY_NAME|VERSION_ID|ID)=/],
  ['windows', /[A-Z]:\\|\b\w{2,40}\.dll\b/],
];

export function segmentLines(lines: readonly string[]): Segment[] {
  const out: Segment[] = [];
  let cur: Segment | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const kind = MARKERS.find(([, re]) => re.test(line))?.[0];
    if (!kind) continue;
    // A gap of up to 3 unrecognised lines keeps a segment open (tracebacks and tables have filler lines).
    if (cur && cur.kind === kind && i + 1 - cur.endLine <= 4) cur.endLine = i + 1;
    else {
      cur = { kind, startLine: i + 1, endLine: i + 1 };
      out.push(cur);
      if (out.length > 200) break;
    }
  }
  return out;
}
