// The Python API of the wheel (python/gpuenv/_api.py), for real: a wheel whose executable is a stand-in that runs
// this checkout's built CLI (dist/cli.js), installed with pip into a fresh venv; the API is called from `python -c`
// against fixture machines, and `_repr_html_` is parsed with Python's html.parser. The real executable inside a real
// wheel, with no Node on PATH, is scripts/package/smoke.mjs's part.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWheel } from '../../scripts/package/wheel.mjs';

const repo = join(import.meta.dirname, '../..');
const cli = join(repo, 'dist/cli.js');
const hasVenv = spawnSync('python3', ['-c', 'import venv, ensurepip'], { timeout: 20_000 }).status === 0;
const machine = process.arch === 'arm64' ? 'aarch64' : 'x86_64';
const work = mkdtempSync(join(tmpdir(), 'gpuenv-pyapi-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const root = (name: string) => join(repo, 'test/fixtures/machines', name, 'root');
const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** The executable the wheel carries: the built CLI under this Node; `broken` is a command it fails as unknown. */
const standIn = (broken?: string) =>
  Buffer.from(
    `#!/bin/sh\n${broken ? `[ "$1" = ${broken} ] && { echo 'gpuenv: error: unknown command "${broken}"' >&2; exit 2; }\n` : ''}exec ${sh(process.execPath)} ${sh(cli)} "$@"\n`,
  );

function wheel(dir: string, executable: Buffer): string {
  const w = buildWheel({
    root: repo,
    version: '0.0.0',
    machine,
    glibc: [2, 17],
    executable,
    summary: 's',
    readme: 'r',
    licenses: [{ name: 'L.txt', text: 'MIT' }],
  });
  mkdirSync(join(work, dir), { recursive: true });
  const file = join(work, dir, w.name);
  writeFileSync(file, w.data);
  return file;
}

const venv = join(work, 'venv');
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', GPUENV_LANG: 'en', HOME: work };
/** Runs Python code with the installed package; the last line printed is JSON. */
function py(code: string, extraEnv: Record<string, string> = {}, python = join(venv, 'bin', 'python')) {
  const r = spawnSync(python, ['-c', code], { cwd: work, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 60_000 });
  const last = r.stdout.trim().split('\n').at(-1) ?? '';
  let json: unknown;
  try {
    json = JSON.parse(last);
  } catch {
    json = undefined;
  }
  return { ...r, json };
}
const cliJson = (argv: string[]) => JSON.parse(spawnSync(process.execPath, [cli, ...argv, '--json'], { env, encoding: 'utf8' }).stdout);

// Well-formed: every element closed in order (void elements aside); the text, and the tags seen.
const PARSE = `
import html.parser, json, sys
VOID = {"area","base","br","col","embed","hr","img","input","link","meta","source","track","wbr"}
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True); self.stack=[]; self.errors=[]; self.text=[]; self.tags=[]; self.first=None
    def handle_starttag(self, tag, attrs):
        if self.first is None: self.first=[tag, dict(attrs).get("class")]
        self.tags.append(tag)
        if tag not in VOID: self.stack.append(tag)
    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag: self.errors.append("unexpected </%s> in %s" % (tag, self.stack))
        else: self.stack.pop()
    def handle_data(self, d): self.text.append(d)
def parse(h):
    p=P(); p.feed(h); p.close()
    return {"errors": p.errors, "open": p.stack, "text": " ".join("".join(p.text).split()), "tags": sorted(set(p.tags)), "first": p.first}
`;

describe.skipIf(!hasVenv)('the Python API from the wheel, in a fresh venv', () => {
  beforeAll(() => {
    expect(spawnSync('python3', ['-m', 'venv', venv], { timeout: 120_000 }).status).toBe(0);
    const pip = spawnSync(join(venv, 'bin', 'python'), ['-m', 'pip', 'install', '--no-index', '--no-deps', '-q', wheel('ok', standIn())], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(pip.status, pip.stderr).toBe(0);
  }, 180_000);

  it('the wheel carries _api.py, recorded in RECORD', () => {
    const r = spawnSync(
      'python3',
      ['-c', 'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(z.read("gpuenv-0.0.0.dist-info/RECORD").decode())', wheel('rec', standIn())],
      {
        encoding: 'utf8',
      },
    );
    expect(r.stdout).toMatch(/^gpuenv\/_api\.py,sha256=[\w-]+,\d+$/m);
  });

  it("gpuenv.doctor()['findings'] is doctor --json's findings; the dict has the snapshot too", () => {
    const r = py(`import gpuenv, json; d = gpuenv.doctor(root=${JSON.stringify(root('gpu-no-driver'))}); print(json.dumps([sorted(d), d['findings']]))`);
    expect(r.status, r.stderr).toBe(0);
    const [keys, findings] = r.json as [string[], { code: string }[]];
    expect(keys).toEqual(['findings', 'node', 'ruleErrors', 'schemaVersion', 'snapshot']);
    expect(findings).toEqual(cliJson(['doctor', '--root', root('gpu-no-driver')]).findings);
    expect(findings.map((f) => f.code)).toEqual(expect.arrayContaining(['driver-not-loaded', 'nouveau']));
  });

  it('print(result) and repr(result) are the text report, made again from the result’s own Snapshot', () => {
    const r = py(`import gpuenv, json; d = gpuenv.doctor(root=${JSON.stringify(root('gpu-no-driver'))}); print(json.dumps([str(d), repr(d)]))`);
    const [s, rep] = r.json as [string, string];
    expect(s).toBe(rep);
    expect(s).toContain('Findings');
    for (const f of cliJson(['doctor', '--root', root('gpu-no-driver')]).findings as { title: string }[]) expect(s).toContain(f.title);
  });

  it('gpuenv.explain(text): the text goes in on stdin, the findings come out', () => {
    const log = 'RuntimeError: CUDA error: no kernel image is available for execution on the device\n';
    const r = py(`import gpuenv, json; e = gpuenv.explain(${JSON.stringify(log)}); print(json.dumps([e['findings'][0]['code'], str(e).splitlines()[0]]))`);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json).toEqual(['arch-unsupported', 'gpuenv explain']);
  });

  it('gpuenv.compat(component, version) and gpuenv.snapshot(): the commands’ JSON', () => {
    const r = py(
      `import gpuenv, json; c = gpuenv.compat('cuda', '12.4'); t = gpuenv.compat('torch'); s = gpuenv.snapshot(root=${JSON.stringify(root('h200'))}); print(json.dumps([c, len(t['releases']), s['schemaVersion'], s['root']]))`,
    );
    expect(r.status, r.stderr).toBe(0);
    const [c, releases, schemaVersion, snapRoot] = r.json as [unknown, number, number, string];
    expect(c).toEqual(cliJson(['compat', 'cuda', '12.4']));
    expect(releases).toBe(cliJson(['compat', 'torch']).releases.length);
    expect([schemaVersion, snapRoot]).toEqual([1, root('h200')]);
  });

  it('a failure raises gpuenv.GpuenvError with the CLI’s message and exit code; a late one, the limit', () => {
    const r = py(`
import gpuenv, json
out = []
for call in (lambda: gpuenv.compat('cuda', '99.9'), lambda: gpuenv.doctor(root='/no/such/root'), lambda: gpuenv.doctor(root=${JSON.stringify(root('h200'))}, timeout=0.001)):
    try:
        call(); out.append(None)
    except gpuenv.GpuenvError as e:
        out.append([str(e), e.exit_code])
print(json.dumps(out))`);
    expect(r.status, r.stderr).toBe(0);
    const [unknown, noRoot, late] = r.json as [string, number | null][];
    expect(unknown![0]).toMatch(/unknown CUDA toolkit release "99\.9"/);
    expect(unknown![1]).toBe(2);
    expect(noRoot![0]).toMatch(/--root \/no\/such\/root: no such folder/);
    expect(late![0]).toBe('gpuenv doctor did not finish within 0.001 s');
    expect(r.stderr).not.toMatch(/Traceback/);
  });

  it('in a notebook a doctor result is the HTML report fragment: well-formed, holding every finding', () => {
    const r = py(`${PARSE}
import gpuenv
d = gpuenv.doctor(root=${JSON.stringify(root('gpu-no-driver'))})
print(json.dumps([parse(d._repr_html_()), [f["title"] for f in d["findings"]]]))`);
    expect(r.status, r.stderr).toBe(0);
    const [parsed, titles] = r.json as [{ errors: string[]; open: string[]; text: string; first: [string, string]; tags: string[] }, string[]];
    expect(parsed.errors).toEqual([]);
    expect(parsed.open).toEqual([]);
    expect(parsed.first).toEqual(['div', 'gpuenv-report']);
    for (const t of titles) expect(parsed.text).toContain(t.replace(/\s+/g, ' '));
  });

  it('when the report cannot be made, the text in an escaped <pre>: pasted markup stays text', () => {
    const site = join(work, 'broken-site');
    spawnSync('python3', ['-c', 'import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', wheel('broken', standIn('report')), site]);
    const log = '<script>alert(1)</script>\nRuntimeError: CUDA error: no kernel image is available for execution on the device\n';
    const r = py(
      `${PARSE}
import gpuenv
d = gpuenv.doctor(root=${JSON.stringify(root('gpu-no-driver'))})
e = gpuenv.explain(${JSON.stringify(log)})
print(json.dumps([parse(d._repr_html_()), parse(e._repr_html_()), str(d)]))`,
      { PYTHONPATH: site },
      'python3',
    );
    expect(r.status, r.stderr).toBe(0);
    type Parsed = { errors: string[]; first: [string, string]; text: string; tags: string[] };
    const [doc, exp, text] = r.json as [Parsed, Parsed, string];
    expect(doc.first).toEqual(['pre', 'gpuenv-text']);
    expect(doc.errors).toEqual([]);
    expect(doc.text).toBe(text.split(/\s+/).filter(Boolean).join(' '));
    expect(exp.tags).toEqual(['pre']);
    expect(exp.text).toContain('arch-unsupported');
  });

  it('the package is Python 3.8 syntax (Requires-Python: >=3.8)', () => {
    const files = ['__init__.py', '_api.py', '_launcher.py', '__main__.py'].map((f) => join(repo, 'python/gpuenv', f));
    const r = spawnSync('python3', ['-c', 'import ast,sys\nfor f in sys.argv[1:]: ast.parse(open(f).read(), f, feature_version=(3, 8))', ...files], {
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(files[1]!, 'utf8')).not.toMatch(/^\s*(import|from)\s+(requests|numpy|IPython)\b/m);
  });
});
