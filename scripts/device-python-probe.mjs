#!/usr/bin/env node
// On the GPU machine: runs the Python probe on the live system and prints the PythonEnv JSON,
// with timings for the file-only probe and the --deep one. Usage: node scripts/device-python-probe.mjs [--deep]
import { createRealSystem } from '../dist/system/real.js';
import { createProbeContext } from '../dist/probe/context.js';
import { readLdCache } from '../dist/probe/libraries.js';
import { probePythonEnvs } from '../dist/probe/python/index.js';

const sys = await createRealSystem({ env: process.env });
const ctx = createProbeContext(sys, 5_000);
const ldCache = await readLdCache(ctx);
const t0 = performance.now();
const files = await probePythonEnvs(ctx, { ldCache, extraPythons: [], deep: false });
const t1 = performance.now();
const deep = process.argv.includes('--deep') ? await probePythonEnvs(ctx, { ldCache, extraPythons: [], deep: true }) : null;
const t2 = performance.now();
console.log(JSON.stringify({ filesMs: Math.round(t1 - t0), deepMs: deep ? Math.round(t2 - t1) : null, envs: deep ?? files, probes: ctx.records }, null, 1));
