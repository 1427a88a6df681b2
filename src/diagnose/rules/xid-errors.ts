// xid-errors: Xid codes the NVIDIA driver logged since boot. Node faults (a GPU off the bus, uncontained ECC,
// NVLink, GSP) are errors a scheduler drains for; a program's own faults (13, 31, 43 …) are one info line.
// The meaning, scope and NVIDIA's recommended action come from knowledge/data/xid.ts.
import { xidInfo } from '../../knowledge/xid.js';
import type { XidEvent } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { Snapshot } from '../../snapshot/types.js';
import { factFindings } from '../rank.js';
import type { Rule } from '../types.js';
import { m } from './messages-health.js';

export const rule: Rule = {
  code: 'xid-errors',
  scope: 'node',
  check: (input) => factFindings(input, findingsOf(input.snapshot)),
};

function findingsOf(s: Snapshot): Finding[] {
  const log = s.kernelLog;
  if (!log?.readable || log.xids.length === 0) return [];
  const source = log.source ?? 'kernel log';
  const findings: Finding[] = [];
  const apps: XidEvent[] = [];
  for (const x of log.xids) {
    const row = xidInfo(x.code);
    if (row?.scope === 'application' && row.severity === 'info') {
      apps.push(x);
      continue;
    }
    findings.push(nodeFinding(x, source));
  }
  if (apps.length > 0) {
    const list = apps.map((x) => `Xid ${x.code} ×${x.count} (GPU ${gpuLabel(x)})`).join(', ');
    findings.push({
      code: 'xid-errors',
      severity: 'info',
      title: m('xidTitleApps', { list }),
      cause: m('xidCauseApps', { list: apps.map((x) => `Xid ${x.code}: ${xidInfo(x.code)?.name ?? '?'}`).join('; ') }),
      evidence: apps.map((x) => ({ fact: m('evXid', { code: x.code }), value: evidenceValue(x), source })),
      fix: [m('xidFixRead'), readCommand()],
    });
  }
  return findings;
}

function nodeFinding(x: XidEvent, source: string): Finding {
  const row = xidInfo(x.code);
  const gpu = gpuLabel(x);
  const vars = { gpu, code: x.code, count: x.count, name: row?.name ?? '', bus: x.pciBusId, meaning: row?.meaning ?? '', text: x.lastText };
  const fix = [m('xidFixRead'), readCommand()];
  if (row) fix.push(m('xidFixAction', { action: row.action }));
  if (x.gpuIndex !== null) fix.push(`nvidia-smi -q -i ${x.gpuIndex}`);
  fix.push(m('xidFixReport'), 'sudo nvidia-bug-report.sh');
  const finding: Finding = {
    code: 'xid-errors',
    // Unknown codes are reported, never drained for: gpuenv cannot say whose fault they are.
    severity: row?.severity ?? 'warning',
    title: row ? m('xidTitle', vars) : m('xidTitleUnknown', vars),
    cause: row ? m('xidCause', vars) : m('xidCauseUnknown', vars),
    evidence: [{ fact: m('evXid', { code: x.code }), value: evidenceValue(x), source }],
    fix,
    subject: x.gpuIndex !== null ? `gpu:${x.gpuIndex}` : `pci:${x.pciBusId}`,
  };
  if (row && !row.confirmed) finding.unconfirmed = row.note ?? `Xid ${x.code}: not confirmed from NVIDIA's documentation`;
  return finding;
}

const gpuLabel = (x: XidEvent): string => (x.gpuIndex !== null ? String(x.gpuIndex) : `at PCI ${x.pciBusId}`);

function evidenceValue(x: XidEvent): string {
  const when = x.firstUptimeS === null ? '' : `, first at ${Math.round(x.firstUptimeS)} s, last at ${Math.round(x.lastUptimeS ?? x.firstUptimeS)} s after boot`;
  return `${x.count}× on PCI ${x.pciBusId}${when}: ${x.lastText}`;
}

const readCommand = (): string => "sudo dmesg -T | grep -i 'NVRM: Xid'";
