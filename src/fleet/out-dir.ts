// `--out-dir DIR`: a command's JSON result written to DIR/<node>.json (atomically, replacing the node's
// previous result: a fleet run is re-run), and nothing on stdout, so a fan-out collects one file per node.
import { join } from 'node:path';
import { writeOutput } from '../system/output-file.js';
import type { NodeIdentity } from '../probe/node-identity.js';
import { nodeFileName } from './node.js';

/** The options `snapshot`, `doctor` and `bench` share for fleet runs. */
export const NODE_OPTIONS = { 'out-dir': { type: 'string' }, 'node-name': { type: 'string' } } as const;

export function nodeOptionValues(values: Record<string, unknown>): { outDir: string | undefined; nodeName: string | undefined } {
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { outDir: str(values['out-dir']), nodeName: str(values['node-name']) };
}

export async function writeNodeResult(cwd: string, dir: string, node: NodeIdentity, doc: unknown): Promise<string> {
  return writeOutput(cwd, join(dir, nodeFileName(node.name)), `${JSON.stringify(doc, null, 2)}\n`, true);
}
