#!/usr/bin/env node
// Prints runNativeProbe's outcome as JSON (from the built dist/), for runs on the GPU machine.
// Usage: node scripts/native-probe.mjs [timeoutMs] > native.json
const started = performance.now();
const { runNativeProbe } = await import('../dist/native/run.js');
const timeoutMs = Number(process.argv[2] ?? 20000);
const outcome = await runNativeProbe({ timeoutMs });
outcome.wallMs = Math.round((performance.now() - started) * 10) / 10;
process.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
