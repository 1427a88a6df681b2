// The doctor's human report: GPU → driver → CUDA → libraries → Python environments → findings.
import type { Diagnosis } from '../diagnose/index.js';
import type { Snapshot } from '../snapshot/types.js';
import { findingsSection } from './findings-text.js';
import { msg } from './messages.js';
import { pythonSection } from './python-text.js';
import { driverSection, gpuSection, headerSection, librarySection, probeSection, toolkitSection } from './snapshot-text.js';
import type { Style } from './style.js';

export function renderDoctorText(s: Snapshot, d: Diagnosis, st: Style, width: number): string {
  const out = [
    ...headerSection(s, st, msg('doc.title', { host: s.hostname ?? s.root })),
    ...gpuSection(s, st),
    '',
    ...driverSection(s, st),
    '',
    ...toolkitSection(s, st),
    '',
    ...librarySection(s, st),
    '',
    ...pythonSection(s.python, st),
    ...probeSection(s, st),
    '',
    ...findingsSection(d.findings, st, width),
    ...d.ruleErrors.map((e) => st.red(`  ${msg('doc.ruleError', { code: e.code, message: e.message })}`)),
  ];
  return `${out.join('\n')}\n`;
}
