// One JSON per node is how `fleet report` later tells nodes apart, so a node's name (probe/node-identity.ts)
// is also its result's file name, made safe here.

/** The file name of a node's result: its name with anything but letters, digits, `.`, `_`, `-` replaced. */
export function nodeFileName(name: string): string {
  const safe = name
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 200);
  return `${safe || 'unknown'}.json`;
}
