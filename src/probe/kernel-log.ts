// The kernel log since boot, for Xid errors: dmesg first (root, or dmesg_restrict=0), then the journal's
// kernel messages of this boot. Under --root nothing is read: a mounted tree's log files span many boots.
import { parseXidLines } from '../formats/xid-lines.js';
import type { KernelLog } from '../snapshot/types.js';
import { type ProbeContext, runLogged } from './context.js';
import { msg } from './messages.js';

const SOURCES: ReadonlyArray<{ name: string; command: string; args: string[] }> = [
  { name: 'dmesg --kernel', command: 'dmesg', args: ['--kernel'] },
  { name: 'journalctl -k -b 0', command: 'journalctl', args: ['-k', '-b', '0', '--no-pager', '-q', '-o', 'short-monotonic'] },
];

export async function probeKernelLog(ctx: ProbeContext): Promise<KernelLog> {
  if (ctx.sys.isForeignRoot) return { readable: false, source: null, detail: msg('kernelLogForeignRoot'), xids: [] };
  const why: string[] = [];
  for (const s of SOURCES) {
    const r = await runLogged(ctx, s.name, s.command, s.args);
    // A boot always logs kernel lines, so an empty answer means no journal (containers, volatile-less
    // set-ups: journalctl then exits 0 with nothing), not a clean log.
    if (!r.failed && r.stdout.trim() === '') {
      why.push(msg('kernelLogEmpty', { command: s.command }));
      continue;
    }
    if (!r.failed) return { readable: true, source: `command:${s.name}`, detail: null, xids: parseXidLines(r.stdout) };
    why.push(
      `${s.command}: ${r.timedOut ? 'timed out' : r.notFound ? 'not found' : (r.stderr.trim().split('\n')[0] ?? '').slice(0, 120) || `exit ${r.exitCode}`}`,
    );
  }
  return { readable: false, source: null, detail: why.join('; '), xids: [] };
}
