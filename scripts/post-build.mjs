// Makes dist/cli.js executable after tsc (tsc does not keep file modes).
import { chmodSync } from 'node:fs';
chmodSync(new URL('../dist/cli.js', import.meta.url), 0o755);
