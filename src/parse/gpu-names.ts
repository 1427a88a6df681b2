// GPUs named in prose and one-liners ("RTX 5090", "my 4090", "jetson agx orin", "Quadro 6000") and compute
// capabilities stated next to them → GPUs with their capability, including boards the catalogue does not list.
import { matchGpu } from '../knowledge/gpus.js';
import { pastedGpu } from './build.js';
import type { PartialSnapshot } from './types.js';

// Bounded, alternation of disjoint literals: linear on any line.
const GPU_NAME =
  /\b(?:NVIDIA\s)?(?:GeForce\s)?(?:(?:RTX|GTX|GT|MX|Quadro|TITAN)\s?(?:PRO\s)?[A-Z]?\d{3,4}(?:\s?(?:Ti|SUPER|D|Ada|Blackwell|Laptop GPU|Max-Q)){0,2}|(?:Tesla\s)?(?:A100|A800|A40|A30|A10G?|A16|A2|H100|H800|H200|H20|GH200|GB200|B200|B100|L40S?|L4|L20|T4|V100|P100|P40|P4|K80|K40[mcst]?|K20X?[mcs]?|K10|M60|M40)(?:[- ](?:SXM\d?|PCIe|NVL|80GB|40GB|16GB|32GB))?|RTX\s?A\d{4}|(?:GTX\s)?TITAN(?:\s(?:Black|Z|Xp|X|V|RTX))?|Jetson\s(?:AGX\s)?(?:Orin|Xavier|Nano|Thor|TX[12]))\b/;

/** A compute capability stated in the text, and the GPU named on the same line. */
export interface CcMention {
  cc: string;
  name: string | undefined;
}

/** The GPU names on one line, added to `gpuNames` (eight at most). */
export function gpuNamesIn(raw: string, gpuNames: Set<string>): void {
  let m: RegExpExecArray | null;
  const g = GPU_NAME.exec(raw);
  // Two- or three-letter names (T4, L4, A2, K80) count only next to a word that says it is a GPU.
  // "不支持3090", "my 4090", "on a 3080 Ti": an RTX-class number without its prefix, next to a word about GPUs.
  if (!g && (m = /(?:^|[^\w.])([2-5]0[5-9]0(?:\s?[Tt][Ii])?)(?!\w|\.\d)/.exec(raw)) && /显卡|支持|GPU|card|\bmy\b|\bon an?\b/i.test(raw) && gpuNames.size < 8)
    gpuNames.add(`RTX ${m[1]!.replace(/\s?ti$/i, ' Ti')}`);
  // Jetson names typed in lower case ("jetson agx orin").
  if (!g && (m = /\bjetson\s(agx\s)?(orin|xavier|nano|tx2|tx1|thor)\b/i.exec(raw)) && gpuNames.size < 8)
    gpuNames.add(
      `Jetson ${m[1] ? 'AGX ' : ''}${m[2]!.charAt(0).toUpperCase()}${m[2]!
        .slice(1)
        .toLowerCase()
        .replace(/^x(\d)$/, 'X$1')}`.replace('Tx', 'TX'),
    );
  // A Jetson named by its module alone on a line ("TX2" in an environment list).
  if ((m = /^\s{0,4}(?:[-*]\s{0,2})?(TX[12])\s{0,4}$/.exec(raw)) && gpuNames.size < 8) gpuNames.add(`Jetson ${m[1]}`);
  // Legacy boards the catalogue does not list, named in any case ("nvidia quadro 6000").
  const legacy = LEGACY.map(([re]) => re.exec(raw)?.[0]).find(Boolean);
  if (legacy && gpuNames.size < 8) gpuNames.add(`${/^(?:Quadro|Tesla)/i.test(legacy) ? '' : 'GeForce '}${legacy.replace(/\s+/g, ' ')} (Fermi)`);
  if (g && gpuNames.size < 8 && (g[0].replace(/\s/g, '').length > 4 || /nvidia|tesla|gpu|显卡|card/i.test(raw))) gpuNames.add(g[0].replace(/\s+/g, ' ').trim());
}

/** The compute capabilities stated on one line ("compute capability: 8.6", "(sm_87)"), added to `ccMentions`. */
export function ccMentionsIn(raw: string, ccMentions: CcMention[]): void {
  let m: RegExpExecArray | null;
  // "which is of cuda capability 2.1", "compute capability: 8.6", "CUDA Capability Major/Minor version number: 7.5"
  // "compute capability 87" / "(sm_87)": the same, written without the dot.
  if (
    !/\b(?:cuda|compute) capability[^\n]{0,30}\d\.\d/i.test(raw) &&
    (m = /\b(?:compute capability|cuda capability|\(sm_)\s{0,2}([1-9]|1[0-2])(\d)\)?(?!\d|\.\d)/i.exec(raw))
  ) {
    const cc = `${m[1]}.${m[2]}`;
    if (!ccMentions.some((x) => x.cc === cc)) ccMentions.push({ cc, name: GPU_NAME.exec(raw)?.[0]?.replace(/\s+/g, ' ').trim() });
  }
  if ((m = /\b(?:cuda|compute) capability(?: major\/minor version number)?:?\s{0,3}(\d{1,2})\.(\d)\b/i.exec(raw))) {
    const cc = `${m[1]}.${m[2]}`;
    const named = GPU_NAME.exec(raw)?.[0] ?? /\bGPU\s?\d{0,2}:?\s(\w[\w -]{2,40}?) (?:which|with|has)\b/.exec(raw)?.[1];
    if (!ccMentions.some((x) => x.cc === cc)) ccMentions.push({ cc, name: named?.replace(/\s+/g, ' ').trim() });
  }
}

/** The GPUs named and the capabilities stated in the text, after those a line described in full (gpustat). */
export function addMentionedGpus(facts: PartialSnapshot, gpuNames: ReadonlySet<string>, ccMentions: readonly CcMention[], source: string): void {
  let index = 0;
  for (const name of gpuNames) {
    const cc = capabilityOf(name);
    if (!cc) continue;
    if (facts.gpus.some((x) => x.computeCapability === cc.cc && x.name === cc.name)) continue;
    facts.gpus.push(pastedGpu(name, index++, source, { computeCapability: cc.cc }));
  }
  // A stated compute capability names the architecture even when the catalogue does not know the GPU (Fermi 2.1).
  for (const { cc, name } of ccMentions.slice(0, 4)) {
    const same = facts.gpus.find((g) => g.computeCapability === cc || (name !== undefined && g.name === name));
    if (same) same.computeCapability ??= cc;
    else facts.gpus.push(pastedGpu(name ?? 'GPU', index++, source, { computeCapability: cc }));
  }
}

/**
 * Fermi (compute capability 2.x) boards: https://developer.nvidia.com/cuda-legacy-gpus (checked 2026-11-30).
 * CUDA 9.0 dropped sm_2x, so no current framework build runs on them. "Quadro RTX 6000" (Turing) is not matched.
 */
const LEGACY: readonly [RegExp, string, string][] = [
  [/\bQuadro\s(?:6000|5000|4000)\b/i, 'Quadro 6000 (Fermi)', '2.0'],
  [/\bQuadro\s(?:2000|600)\b/i, 'Quadro 2000 (Fermi)', '2.1'],
  [/\bTesla\s?[CM]20[5-9]0\b/i, 'Tesla C2050 (Fermi)', '2.0'],
  [/\bGTX\s?(?:480|470|465|580|570)\b/i, 'GeForce GTX 480 (Fermi)', '2.0'],
  [/\bGTX\s?(?:460|560(?:\s?Ti)?|550\s?Ti|450)\b/i, 'GeForce GTX 460 (Fermi)', '2.1'],
  [/\bG(?:T|TX)\s?[45][1-9]\dM\b|\bGT\s?(?:430|440|520|530|545)\b/i, 'GeForce GT 540M (Fermi)', '2.1'],
];

/** Tesla Kepler boards (not in the GPU catalogue): https://developer.nvidia.com/cuda-legacy-gpus (checked 2026-11-30). */
const KEPLER: readonly [RegExp, string, string][] = [
  [/\bK80\b/, 'Tesla K80', '3.7'],
  [/\bK40[mcst]?\b/, 'Tesla K40', '3.5'],
  [/\bK20X?[mcs]?\b/, 'Tesla K20', '3.5'],
  [/\bK10\b/, 'Tesla K10', '3.0'],
  // Quadro Kxxxx: Kepler, except the Maxwell K620/K1200/K2200 (same legacy list and https://developer.nvidia.com/cuda-gpus).
  [/\bQuadro K(?:620|1200|2200)\b/i, 'Quadro K-series (Maxwell)', '5.0'],
  [/\bQuadro K(?:5200|6000)\b/i, 'Quadro K-series (Kepler)', '3.5'],
  [/\bQuadro K\d{3,4}M?\b/i, 'Quadro K-series (Kepler)', '3.0'],
  // Kepler GeForce (the catalogue starts at Maxwell): GK110 boards 3.5, GK104/GK106/GK107 boards 3.0. Checked
  // 2026-12-02 in a copy of developer.nvidia.com/cuda-gpus (gist.github.com/BjoernSchilberg/61e99b86b99e75436bee886772f04438:
  // GTX 780 / 780 Ti 3.5; GTX 690 / 680 / 770 3.0; a secondary copy, not NVIDIA's page itself), the rest by chip from the
  // same legacy list. GT 710/730 are left out: they were sold with Fermi and Kepler chips under one name.
  [/\bGTX\s?780(?:\s?Ti)?\b/i, 'GeForce GTX 780 (Kepler)', '3.5'],
  // GTX TITAN, TITAN Black and TITAN Z are GK110 (3.5); GTX TITAN X is Maxwell GM200 (5.2, in the catalogue) and
  // TITAN X (Pascal) / Xp / V / RTX are later chips, so a TITAN followed by X, V or RTX is not matched here. Checked
  // 2026-12-02 in a copy of the developer.nvidia.com/cuda-gpus GeForce table (github.com/8891689/VanitySearch README.md:
  // "GeForce GTX TITAN Z 3.5", "GeForce GTX TITAN Black 3.5", "GeForce GTX TITAN 3.5", "GeForce GTX TITAN X 5.2";
  // a secondary copy, like the gist above, not NVIDIA's page itself).
  [/\b(?:GTX\s)?TITAN\sBlack\b/i, 'GeForce GTX TITAN Black (Kepler)', '3.5'],
  [/\b(?:GTX\s)?TITAN\sZ\b/i, 'GeForce GTX TITAN Z (Kepler)', '3.5'],
  [/\bGTX\s?TITAN\b(?!\s?(?:X|V|RTX)\b|\s?Xp\b)/i, 'GeForce GTX TITAN (Kepler)', '3.5'],
  [/\bGTX\s?(?:6[5-9]0|7[67]0)(?:\s?Ti)?\b(?!M)/i, 'GeForce GTX 600/700 series (Kepler)', '3.0'],
  // Maxwell GeForce: MX110/MX130 and the 9xxM/GTX 750 are GM10x (5.0); GTX 950–980 Ti are GM20x (5.2).
  [/\bMX1[13]0\b/i, 'GeForce MX130 (Maxwell)', '5.0'],
  [/\bGTX\s?750(?:\s?Ti)?\b/i, 'GeForce GTX 750 (Maxwell)', '5.0'],
  [/\bGTX\s?9[5-8]0(?:\s?Ti)?\b(?!M)/i, 'GeForce GTX 9xx (Maxwell)', '5.2'],
];

/** A GPU name → its catalogue name and compute capability, when the catalogue (or all its candidates) agree. */
export function capabilityOf(name: string): { name: string; cc: string } | undefined {
  const fermi = /\(Fermi\)$/.test(name) ? LEGACY.find(([re]) => re.test(name)) : undefined;
  if (fermi) return { name, cc: fermi[2] };
  const kepler = KEPLER.find(([re]) => re.test(name));
  if (kepler) return { name: kepler[1], cc: kepler[2] };
  const r = matchGpu(name.replace(/^NVIDIA\s+/i, '').replace(/\s+Laptop GPU$/i, ' Laptop GPU'));
  if (r.match) return { name: r.match.name, cc: r.match.computeCapability };
  // "GTX 3090" / "RTX 1080": users swap the prefix; GeForce 20xx and later are RTX, 10xx and older GTX.
  const swapped = /^(?:NVIDIA\s+)?(?:GeForce\s+)?(GTX|RTX)\s?(\d{4})\b(.*)$/i.exec(name);
  if (swapped) {
    const num = Number(swapped[2]);
    const prefix = num >= 2000 && num < 6000 && num % 10 === 0 ? 'RTX' : num >= 1000 && num < 2000 ? 'GTX' : undefined;
    if (prefix && prefix !== swapped[1]!.toUpperCase()) {
      const again = matchGpu(`${prefix} ${swapped[2]}${swapped[3]}`);
      if (again.match) return { name: again.match.name, cc: again.match.computeCapability };
    }
  }
  const ccs = new Set(r.candidates.map((c) => c.computeCapability));
  const first = r.candidates[0];
  if (first && ccs.size === 1 && r.candidates.length <= 4 && tokensAgree(name, first.name)) return { name: first.name, cc: first.computeCapability };
  return undefined;
}

function tokensAgree(a: string, b: string): boolean {
  const num = (s: string) => /\d{2,4}/.exec(s)?.[0];
  // A family name without a number ("Jetson Orin") agrees when every candidate has one capability (checked by the caller).
  if (num(a) === undefined) return /^(?:NVIDIA\s)?Jetson\s/i.test(a);
  return num(a) === num(b);
}
