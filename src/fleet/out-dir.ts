// `--out-dir DIR`: a command's JSON result written to DIR/<node>.json (atomically, replacing the node's
// previous result: a fleet run is re-run), and nothing on stdout, so a fan-out collects one file per node.
import { join } from 'node:path';
import { writeOutput } from '../system/output-file.js';
import { nodeFileName, type NodeIdentity } from './node.js';

export async function writeNodeResult(cwd: string, dir: string, node: NodeIdentity, doc: unknown): Promise<string> {
  return writeOutput(cwd, join(dir, nodeFileName(node.name)), `${JSON.stringify(doc, null, 2)}\n`, true);
}
