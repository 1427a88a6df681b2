// xid-errors: Xid codes the NVIDIA driver logged since boot. Node faults (a GPU off the bus, uncontained ECC,
// NVLink, GSP) are errors a scheduler drains for; a program's own faults (13, 31, 43 …) are one info line.
// The meaning, scope and NVIDIA's recommended action come from knowledge/data/xid.ts.
import { xidInfo } from '../../knowledge/xid.js';
import type { XidEvent } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { Snapshot } from '../../snapshot/types.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { ExplainContext } from '../context.js';
import { finding as explained, has, lineEvidence } from '../explain-helpers.js';
import { oneFinding, type Reading } from '../from-text.js';
import type { Rule } from '../types.js';
import { msg } from './messages.js';
import { localized, noteOf } from '../../knowledge/localized.js';

export const rule: Rule = {
  code: 'xid-errors',
  scope: 'node',
  check(input) {
    const found = findingsOf(input.snapshot);
    return input.origin === 'machine' ? found : oneFinding(input, 'xid-errors', found, fromMessage);
  },
};

/**
 * "GPU has fallen off the bus" without an Xid line (prose, nvidia-smi's answer, the driver's NVRM line): the driver's
 * text of Xid 79. Not specific: a pasted Xid 79 line, when there is one, says it with its GPU and count.
 */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Reading | undefined {
  const fell = events.filter((e) => e.signature === 'xid-fallen-off-bus');
  if (!has(fell, 'xid-fallen-off-bus')) return undefined;
  const row = xidInfo(79);
  const bus = fell.map((e) => /\bPCI:?\s?([0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.[0-7])?)/.exec(e.text)?.[1]).find(Boolean);
  const gpu = ctx.snapshot.gpus.length === 1 ? ctx.snapshot.gpus[0]!.name : undefined;
  return {
    specific: false,
    fit: 1.5,
    finding: explained(
      'xid-errors',
      'error',
      msg('readings.xidTextTitle', { gpu: gpu ? `: ${gpu}` : '' }),
      msg('readings.xidTextCause', { bus: bus ? ` (PCI ${bus})` : '', meaning: row ? `${localized(row, 'meaning')} ` : '' }),
      lineEvidence(fell),
      [
        msg('health.xidFixRead'),
        readCommand(),
        ...(row ? [msg('health.xidFixAction', { action: localized(row, 'action') ?? row.action })] : []),
        'nvidia-smi -q -d PCIE,TEMPERATURE,POWER',
        msg('health.xidFixReport'),
        'sudo nvidia-bug-report.sh',
      ],
    ),
  };
}

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
      title: msg('health.xidTitleApps', { list }),
      cause: msg('health.xidCauseApps', { list: apps.map((x) => `Xid ${x.code}: ${xidInfo(x.code)?.name ?? '?'}`).join('; ') }),
      evidence: apps.map((x) => ({ fact: msg('health.evXid', { code: x.code }), value: evidenceValue(x), source })),
      fix: [msg('health.xidFixRead'), readCommand()],
    });
  }
  return findings;
}

function nodeFinding(x: XidEvent, source: string): Finding {
  const row = xidInfo(x.code);
  const gpu = gpuLabel(x);
  const vars = { gpu, code: x.code, count: x.count, name: row?.name ?? '', bus: x.pciBusId, meaning: localized(row, 'meaning') ?? '', text: x.lastText };
  const fix = [msg('health.xidFixRead'), readCommand()];
  if (row) fix.push(msg('health.xidFixAction', { action: localized(row, 'action') ?? row.action }));
  if (x.gpuIndex !== null) fix.push(`nvidia-smi -q -i ${x.gpuIndex}`);
  fix.push(msg('health.xidFixReport'), 'sudo nvidia-bug-report.sh');
  const finding: Finding = {
    code: 'xid-errors',
    // Unknown codes are reported, never drained for: gpuenv cannot say whose fault they are.
    severity: row?.severity ?? 'warning',
    title: row ? msg('health.xidTitle', vars) : msg('health.xidTitleUnknown', vars),
    cause: row ? msg('health.xidCause', vars) : msg('health.xidCauseUnknown', vars),
    evidence: [{ fact: msg('health.evXid', { code: x.code }), value: evidenceValue(x), source }],
    fix,
    subject: x.gpuIndex !== null ? `gpu:${x.gpuIndex}` : `pci:${x.pciBusId}`,
  };
  if (row && !row.confirmed) finding.unconfirmed = noteOf(row) ?? msg('health.xidUnconfirmed', { code: x.code });
  return finding;
}

const gpuLabel = (x: XidEvent): string => (x.gpuIndex !== null ? String(x.gpuIndex) : msg('health.xidGpuAtPci', { bus: x.pciBusId }));

function evidenceValue(x: XidEvent): string {
  const when = x.firstUptimeS === null ? '' : msg('health.xidWhen', { first: Math.round(x.firstUptimeS), last: Math.round(x.lastUptimeS ?? x.firstUptimeS) });
  return msg('health.xidSeen', { count: x.count, bus: x.pciBusId, when, text: x.lastText });
}

const readCommand = (): string => "sudo dmesg -T | grep -i 'NVRM: Xid'";
