// Any pasted text → segments, merged partial Snapshot facts and error events. Never throws.
import type { Fact, Gpu, PythonPackage } from '../snapshot/types.js';
import { parseXidLines } from '../formats/xid-lines.js';
import { parseCollectEnv } from './collect-env.js';
import { countCues, type Cue } from './cues.js';
import { parseErrors } from './errors.js';
import { parseFrameworkLogs } from './framework-logs.js';
import { parseLimits } from './limits.js';
import { parseMentions } from './mentions.js';
import { parseNvidiaSmi } from './nvidia-smi.js';
import { parseOsFacts } from './os-facts.js';
import { parsePackageLists } from './packages.js';
import { segmentLines } from './segments.js';
import { parseSystemLogs } from './system-logs.js';
import { decodeInput, type DecodedText } from './text.js';
import { emptyFacts, type ErrorEvent, type PartialSnapshot, type Segment } from './types.js';

export type { ErrorEvent, PartialSnapshot, Segment, SegmentKind } from './types.js';

export interface ParsedPaste {
  input: Omit<DecodedText, 'text' | 'lines'> & { lines: number };
  segments: Segment[];
  facts: PartialSnapshot;
  events: ErrorEvent[];
  /** A parser that failed (a bug): the others still count. */
  parserErrors: string[];
  /** Words that point at an area of trouble, per Finding code (explain's last resort when nothing else matched). */
  cues: Cue[];
  /** The paste says something goes wrong (an error word, a failure, a question): facts alone may then be read as a cause. */
  trouble: boolean;
}

export function parsePaste(input: Uint8Array | string): ParsedPaste {
  const decoded = decodeInput(input);
  const { lines, text } = decoded;
  const parserErrors: string[] = [];
  const facts = emptyFacts();
  let events: ErrorEvent[] = [];
  // Most specific first: the first parser to state a fact wins; prose mentions come last.
  const parsers: [string, () => { facts: PartialSnapshot; events: ErrorEvent[] }][] = [
    ['nvidia-smi', () => parseNvidiaSmi(lines, text)],
    ['collect-env', () => parseCollectEnv(lines)],
    ['framework-logs', () => parseFrameworkLogs(lines)],
    ['packages', () => parsePackageLists(lines)],
    ['system-logs', () => parseSystemLogs(lines)],
    ['limits', () => parseLimits(lines)],
    ['errors', () => parseErrors(lines)],
    ['mentions', () => parseMentions(lines, decoded.binary)],
    // The OS from weaker signals (kernel releases, package tools, prose): only where nothing above stated it.
    ['os-facts', () => parseOsFacts(lines, decoded.binary, facts)],
  ];
  for (const [name, run] of parsers) {
    try {
      const r = run();
      mergeFacts(facts, r.facts);
      events = events.concat(r.events);
    } catch (error) {
      parserErrors.push(`${name}: ${String((error as Error)?.message ?? error)}`);
    }
  }
  // Xid lines are the same facts a live kernel log gives (src/formats/xid-lines.ts), whatever else the text is.
  try {
    if (!decoded.binary && text.includes('Xid')) facts.kernelXids = parseXidLines(text);
  } catch (error) {
    parserErrors.push(`xid-lines: ${String((error as Error)?.message ?? error)}`);
  }
  // A CUDA named in prose is the toolkit only when nothing structured (nvcc --version, an error message) named one.
  if (facts.toolkits.some((t) => t.version?.source !== 'pasted:text')) facts.toolkits = facts.toolkits.filter((t) => t.version?.source !== 'pasted:text');
  let segments: Segment[] = [];
  try {
    segments = segmentLines(lines);
  } catch (error) {
    parserErrors.push(`segments: ${String((error as Error)?.message ?? error)}`);
  }
  events.sort((a, b) => a.line - b.line);
  let cues: Cue[] = [];
  let trouble = false;
  try {
    if (!decoded.binary) ({ cues, trouble } = countCues(lines, events));
  } catch (error) {
    parserErrors.push(`cues: ${String((error as Error)?.message ?? error)}`);
  }
  const { text: _t, lines: _l, ...meta } = decoded;
  return { input: { ...meta, lines: lines.length }, segments, facts, events, parserErrors, cues, trouble };
}

/** Adds `from` into `into`: facts already known stay; lists are joined without duplicates. */
export function mergeFacts(into: PartialSnapshot, from: PartialSnapshot): void {
  for (const [k, v] of Object.entries(from.os)) {
    const key = k as keyof typeof into.os;
    if (v != null && into.os[key] == null) (into.os as Record<string, unknown>)[key] = v;
  }
  for (const [k, v] of Object.entries(from.driver)) {
    const key = k as keyof typeof into.driver;
    if (v != null && into.driver[key] == null) (into.driver as Record<string, unknown>)[key] = v;
  }
  for (const g of from.gpus) mergeGpu(into.gpus, g);
  for (const t of from.toolkits) if (!into.toolkits.some((x) => x.version?.value === t.version?.value)) into.toolkits.push(t);
  for (const l of from.libraries)
    if (!into.libraries.some((x) => x.name === l.name && x.dir === l.dir && x.version?.value === l.version?.value)) into.libraries.push(l);
  for (const p of from.packages) mergePackage(into.packages, p);
  into.pythonVersion ??= from.pythonVersion;
  for (const [k, v] of Object.entries(from.env)) into.env[k] ??= v;
  for (const f of from.missingLibraries) if (!into.missingLibraries.some((x) => x.value === f.value)) into.missingLibraries.push(f);
  into.cudnnRuntime ??= from.cudnnRuntime;
  into.torchCuda ??= from.torchCuda;
  into.torchArchList ??= from.torchArchList;
  for (const t of from.toolkitMentions)
    if (!into.toolkitMentions.some((x) => x.value === t.value && x.source === t.source && x.path === t.path)) into.toolkitMentions.push(t);
  if (into.torchVersions.length === 0) into.torchVersions = from.torchVersions;
  for (const p of from.gpuProcesses) if (!into.gpuProcesses.some((x) => x.pid === p.pid && x.gpu === p.gpu)) into.gpuProcesses.push(p);
  for (const v of from.ncclVersions) if (into.ncclVersions.length < 8 && !into.ncclVersions.some((x) => x.value === v.value)) into.ncclVersions.push(v);
  into.limits.shm ??= from.limits.shm;
  into.limits.memlock ??= from.limits.memlock;
  into.limits.rdmaDevices ??= from.limits.rdmaDevices;
}

function mergeGpu(gpus: Gpu[], g: Gpu): void {
  // Prose mentions add a GPU only when nothing structured named one.
  if (g.source === 'pasted:text' || g.source === 'pasted:error message') {
    const same = gpus.find((x) => x.name === g.name || (g.computeCapability && x.computeCapability === g.computeCapability));
    if (same) {
      same.computeCapability ??= g.computeCapability;
      return;
    }
    if (gpus.some((x) => x.source !== 'pasted:text' && x.source !== 'pasted:error message')) return;
  }
  const same = gpus.find((x) => x.index === g.index && (x.name === g.name || x.source === g.source));
  if (same) {
    same.computeCapability ??= g.computeCapability;
    if (same.memory.totalBytes === null) same.memory = g.memory;
    return;
  }
  const byName = gpus.find((x) => x.name === g.name && x.index === g.index);
  if (byName) return;
  gpus.push({ ...g, index: gpus.some((x) => x.index === g.index) ? gpus.length : g.index });
}

/** One package per name: a version with a local tag (+cu121) beats the same version without. */
function mergePackage(list: PythonPackage[], p: PythonPackage): void {
  const same = list.find((x) => x.name === p.name);
  if (!same) {
    list.push(p);
    return;
  }
  const pub = (v: string) => v.split('+')[0];
  if (pub(same.version) === pub(p.version) && !same.version.includes('+') && p.version.includes('+')) {
    same.version = p.version;
    same.build = p.build;
  }
  same.build ??= p.build;
}

export function factValue<T>(f: Fact<T> | null | undefined): T | undefined {
  return f?.value;
}
