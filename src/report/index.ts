// `gpuenv report`: one self-contained HTML page of what gpuenv knows: the machine and its findings, a benchmark run
// and a fleet. Pure: the command reads or probes the inputs and hands them here; this returns the page's text.
import type { Diagnosis } from '../diagnose/index.js';
import { getLang } from '../i18n/index.js';
import type { Snapshot } from '../snapshot/types.js';
import { VERSION } from '../version.js';
import type { BenchInput } from './bench-input.js';
import { type Html, html } from './escape.js';
import { msg } from './messages.js';
import { page } from './page.js';
import { benchSection } from './sections/bench.js';
import { findingsSection, type SourcedFinding } from './sections/findings.js';
import { type FleetInput, fleetSection } from './sections/fleet.js';
import { machineSection } from './sections/machine.js';

export interface ReportInput {
  /** The machine and the doctor's diagnosis of it (probed, or read with --snapshot). */
  machine?: { snapshot: Snapshot; diagnosis: Diagnosis };
  bench?: BenchInput;
  fleet?: FleetInput;
  /** When the page was made (ISO time): given, so a page is reproducible from its inputs. */
  generatedAt: string;
  /** Only the inner <div> with scoped style and no script (a notebook's _repr_html_). */
  fragment?: boolean;
}

export function renderReport(input: ReportInput): string {
  const sections: { id: string; title: string; body: Html }[] = [];
  if (input.machine) sections.push({ id: 'gpuenv-machine', title: msg('nav.machine'), body: machineSection(input.machine.snapshot) });
  const found: SourcedFinding[] = [
    ...(input.machine?.diagnosis.findings ?? []).map((finding) => ({ finding, from: 'doctor' as const })),
    ...(input.bench?.findings ?? []).map((finding) => ({ finding, from: 'bench' as const })),
  ];
  if (input.machine || input.bench) sections.push({ id: 'gpuenv-findings', title: msg('nav.findings'), body: findingsSection(found, !input.fragment) });
  if (input.bench) sections.push({ id: 'gpuenv-bench', title: msg('nav.bench'), body: benchSection(input.bench) });
  if (input.fleet) sections.push({ id: 'gpuenv-fleet', title: msg('nav.fleet'), body: fleetSection(input.fleet) });
  const subject = input.machine
    ? (input.machine.snapshot.hostname ?? input.machine.snapshot.root)
    : input.fleet
      ? msg('title.fleet', { nodes: input.fleet.report.nodes.length })
      : (input.bench?.node ?? input.bench?.file ?? '');
  const title = msg('title', { subject });
  const ruleErrors = input.machine?.diagnosis.ruleErrors ?? [];
  const body = html`<header><h1>${title}</h1><p class="meta">${msg('generated', { when: input.generatedAt, version: VERSION })}</p>${
    sections.length > 1 && html`<nav><ul>${sections.map((s) => html`<li><a href="#${s.id}">${s.title}</a></li>`)}</ul></nav>`
  }</header>${sections.map((s) => s.body)}${
    ruleErrors.length > 0 &&
    html`<section class="rule-errors"><h2>${msg('ruleErrors')}</h2><ul>${ruleErrors.map((e) => html`<li><code>${e.code}</code>: ${e.message}</li>`)}</ul></section>`
  }<footer class="meta"><p>${msg('footer')}</p></footer>`;
  return page(body, { title, lang: getLang(), fragment: input.fragment === true });
}
