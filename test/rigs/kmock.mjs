// Minimal in-memory Kubernetes API stand-in for kubectl tests (loopback only, plain HTTP, no auth).
// Serves legacy discovery, a minimal /openapi/v3 (so kubectl's default --validate=strict works: it sees
// server-side field validation and needs no client-side schema), CRUD + merge/strategic/apply patch + watch for
// nodes, pods, namespaces, configmaps, daemonsets and jobs, label and field selectors on lists, pod logs, and a
// tiny Job controller.
//
//   node test/rigs/kmock.mjs [--port N] [--logs-dir DIR]      prints "kmock listening on 127.0.0.1:PORT" (stderr)
//
// Environment (flags win):
//   KMOCK_PORT       port (default 16443; 0 = any free port, the line above says which)
//   KMOCK_NODES      comma list of seeded node names (default gpu01,gpu02,gpu03); the third gets
//                    nvidia.com/cuda.driver.major=535, the others 550
//   KMOCK_LOGS_DIR   per-node canned output: GET .../pods/NAME/log returns <dir>/<pod's nodeName>.log (read at
//                    request time; empty if missing). A file <dir>/<nodeName>.fail makes pods on that node Failed.
//   KMOCK_JOB_RESULT Succeeded (default) or Failed: the outcome of every Job's pod (a .fail file still wins)
//   KMOCK_JOB_DELAY_MS  ms between a Job's creation and its completion (default 0: done before the create returns)
//   KMOCK_LOG        1: log each request to stderr
//
// Job controller: creating a batch/v1 Job (POST, or server-side apply of a new one) sets spec.selector to
// batch.kubernetes.io/controller-uid=<uid> (unless given), creates ONE pod <job>-<5 lowercase letters> in the
// Job's namespace with labels job-name, batch.kubernetes.io/job-name, controller-uid,
// batch.kubernetes.io/controller-uid, spec.nodeName from the template (else the first node matching the
// template's nodeSelector), phase Succeeded/Failed, and sets the Job's status (succeeded=1 + condition Complete,
// or failed=1 + condition Failed). parallelism/completions are ignored (always one pod). Deleting the Job
// deletes its pods. A Job whose template matches no node stays with its pod Pending and no condition.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

function flag(name) {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return undefined;
}
const PORT_WANTED = Number(flag('port') ?? (process.env.KMOCK_PORT || 16443));
if (!Number.isInteger(PORT_WANTED) || PORT_WANTED < 0 || PORT_WANTED > 65535) {
  console.error(`kmock: bad port ${PORT_WANTED}`);
  process.exit(2);
}
let PORT = PORT_WANTED;
const LOGS_DIR = flag('logs-dir') ?? process.env.KMOCK_LOGS_DIR ?? '';
const JOB_RESULT = process.env.KMOCK_JOB_RESULT === 'Failed' ? 'Failed' : 'Succeeded';
const JOB_DELAY_MS = Number(process.env.KMOCK_JOB_DELAY_MS || 0);
const NODES = (process.env.KMOCK_NODES || 'gpu01,gpu02,gpu03')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

const groups = {
  '': {
    gv: 'v1',
    res: [
      ['nodes', 'node', 'Node', false, ['no']],
      ['pods', 'pod', 'Pod', true, ['po']],
      ['namespaces', 'namespace', 'Namespace', false, ['ns']],
      ['configmaps', 'configmap', 'ConfigMap', true, ['cm']],
    ],
  },
  apps: { gv: 'apps/v1', res: [['daemonsets', 'daemonset', 'DaemonSet', true, ['ds']]] },
  batch: { gv: 'batch/v1', res: [['jobs', 'job', 'Job', true, []]] },
};
const verbs = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];
const store = new Map(); // key: gv|plural|ns|name -> object
let rv = 1;
const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const rand5 = () => Array.from({ length: 5 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
const keyOf = (gv, plural, ns, name) => `${gv}|${plural}|${ns || ''}|${name}`;

// ---- watch: open watch responses, fed on every change ----
const watchers = new Set(); // { prefix, match(obj), res }
function notify(type, key, obj) {
  for (const w of watchers) {
    if (key.startsWith(w.prefix) && w.match(obj)) w.res.write(`${JSON.stringify({ type, object: obj })}\n`);
  }
}

function put(gv, plural, kind, ns, obj) {
  obj.apiVersion = gv;
  obj.kind = kind;
  obj.metadata = obj.metadata || {};
  if (!obj.metadata.name && obj.metadata.generateName) obj.metadata.name = obj.metadata.generateName + rand5();
  if (ns) obj.metadata.namespace = ns;
  obj.metadata.uid ||= `uid-${rv}`;
  obj.metadata.creationTimestamp ||= now();
  obj.metadata.resourceVersion = String(++rv);
  const key = keyOf(gv, plural, ns, obj.metadata.name);
  const type = store.has(key) ? 'MODIFIED' : 'ADDED';
  store.set(key, obj);
  notify(type, key, obj);
  return obj;
}
function remove(key) {
  const o = store.get(key);
  if (!o) return undefined;
  store.delete(key);
  o.metadata.resourceVersion = String(++rv);
  notify('DELETED', key, o);
  return o;
}

for (const [i, n] of NODES.entries()) {
  put('v1', 'nodes', 'Node', '', {
    metadata: {
      name: n,
      labels: {
        'kubernetes.io/hostname': n,
        'kubernetes.io/os': 'linux',
        'nvidia.com/gpu.present': 'true',
        'nvidia.com/cuda.driver.major': i === 2 ? '535' : '550',
      },
    },
    status: {
      conditions: [{ type: 'Ready', status: 'True' }],
      capacity: { 'nvidia.com/gpu': '8' },
      allocatable: { 'nvidia.com/gpu': '8' },
      addresses: [
        { type: 'InternalIP', address: '127.0.0.1' },
        { type: 'Hostname', address: n },
      ],
      nodeInfo: { kubeletVersion: 'v1.30.0' },
    },
  });
}
put('v1', 'namespaces', 'Namespace', '', { metadata: { name: 'default' }, status: { phase: 'Active' } });

function merge(target, patch) {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out = target && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = merge(out[k], v);
  }
  return out;
}
// Strategic merge patch, enough for kubectl's client-side apply: lists of objects with a known patchMergeKey are
// merged by that key, $patch (replace/delete), $setElementOrder/, $deleteFromPrimitiveList/ and $retainKeys are
// honoured, every other list is replaced.
const MERGE_KEYS = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  volumes: 'name',
  env: 'name',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  imagePullSecrets: 'name',
  ports: 'containerPort',
  hostAliases: 'ip',
  conditions: 'type',
  ownerReferences: 'uid',
  topologySpreadConstraints: 'topologyKey',
  addresses: 'type',
  resourceClaims: 'name',
};
const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
function stripDirectives(v) {
  if (Array.isArray(v)) return v.filter((x) => !(isObj(x) && x.$patch === 'delete')).map(stripDirectives);
  if (!isObj(v)) return v;
  const out = {};
  for (const [k, x] of Object.entries(v)) if (!k.startsWith('$') && x !== null) out[k] = stripDirectives(x);
  return out;
}
function strategicMerge(target, patch) {
  if (!isObj(patch)) return stripDirectives(patch);
  if (patch.$patch === 'replace') return stripDirectives(patch);
  if (patch.$patch === 'delete') return undefined;
  const out = isObj(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (k === '$patch' || k === '$retainKeys' || k.startsWith('$setElementOrder/')) continue;
    if (k.startsWith('$deleteFromPrimitiveList/')) {
      const f = k.slice('$deleteFromPrimitiveList/'.length);
      if (Array.isArray(out[f])) out[f] = out[f].filter((x) => !v.includes(x));
      continue;
    }
    if (v === null) {
      delete out[k];
      continue;
    }
    const mk = MERGE_KEYS[k];
    if (Array.isArray(v) && mk && Array.isArray(out[k]) && v.every(isObj)) {
      const list = out[k].slice();
      for (const item of v) {
        const i = list.findIndex((x) => isObj(x) && x[mk] === item[mk]);
        if (item.$patch === 'delete') {
          if (i >= 0) list.splice(i, 1);
          continue;
        }
        if (i >= 0) list[i] = strategicMerge(list[i], item);
        else list.push(stripDirectives(item));
      }
      out[k] = list;
    } else {
      const r = strategicMerge(out[k], v);
      if (r === undefined) delete out[k];
      else out[k] = r;
    }
  }
  for (const [k, order] of Object.entries(patch)) {
    if (!k.startsWith('$setElementOrder/') || !Array.isArray(order)) continue;
    const f = k.slice('$setElementOrder/'.length);
    const mk = MERGE_KEYS[f];
    if (!Array.isArray(out[f])) continue;
    const id = (x) => (isObj(x) && mk ? x[mk] : x);
    const rank = new Map(order.map((o, i) => [id(o), i]));
    out[f] = out[f].slice().sort((a, b) => (rank.get(id(a)) ?? 1e9) - (rank.get(id(b)) ?? 1e9));
  }
  if (Array.isArray(patch.$retainKeys)) for (const k of Object.keys(out)) if (!patch.$retainKeys.includes(k)) delete out[k];
  return out;
}
function send(res, code, body) {
  res.writeHead(code, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
function status(res, code, reason, message) {
  send(res, code, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code });
}

// ---- selectors ----
// Splits on commas outside parentheses: "a=b,c in (x,y)" -> ["a=b", "c in (x,y)"].
function terms(sel) {
  const out = [];
  let depth = 0;
  let cur = '';
  for (const ch of sel) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur);
  return out.map((t) => t.trim()).filter(Boolean);
}
function labelMatcher(sel) {
  if (!sel) return () => true;
  const tests = terms(sel).map((t) => {
    let m;
    if ((m = t.match(/^(\S+)\s+(in|notin)\s*\((.*)\)$/))) {
      const [, k, op, list] = m;
      const vals = list.split(',').map((s) => s.trim());
      return (l) => (op === 'in' ? k in l && vals.includes(l[k]) : !(k in l) || !vals.includes(l[k]));
    }
    if ((m = t.match(/^(\S+?)\s*!=\s*(\S*)$/))) {
      const [, k, v] = m;
      return (l) => l[k] !== v;
    }
    if ((m = t.match(/^(\S+?)\s*==?\s*(\S*)$/))) {
      const [, k, v] = m;
      return (l) => l[k] === v;
    }
    if ((m = t.match(/^!(\S+)$/))) {
      const [, k] = m;
      return (l) => !(k in l);
    }
    return (l) => t in l;
  });
  return (o) => {
    const l = o.metadata?.labels || {};
    return tests.every((f) => f(l));
  };
}
function fieldMatcher(sel) {
  if (!sel) return () => true;
  const get = (o, p) => p.split('.').reduce((x, k) => (x == null ? undefined : x[k]), o);
  const tests = terms(sel).map((t) => {
    const m = t.match(/^([\w.]+)\s*(!=|==|=)\s*(.*)$/);
    if (!m) return () => false;
    const [, p, op, v] = m;
    return (o) => {
      const x = get(o, p);
      const s = x === undefined ? '' : String(x);
      return op === '!=' ? s !== v : s === v;
    };
  });
  return (o) => tests.every((f) => f(o));
}

// ---- Job controller ----
function pickNode(podSpec) {
  if (podSpec.nodeName) return podSpec.nodeName;
  const want = podSpec.nodeSelector || {};
  for (const n of NODES) {
    const node = store.get(keyOf('v1', 'nodes', '', n));
    const labels = node?.metadata?.labels || {};
    if (Object.entries(want).every(([k, v]) => labels[k] === v)) return n;
  }
  return undefined;
}
function logFile(node, ext) {
  return LOGS_DIR && node ? path.join(LOGS_DIR, `${node}.${ext}`) : '';
}
function startJob(job) {
  const ns = job.metadata.namespace || 'default';
  const uid = job.metadata.uid;
  job.spec = job.spec || {};
  job.spec.template = job.spec.template || {};
  const tmeta = (job.spec.template.metadata = job.spec.template.metadata || {});
  const ctl = {
    'batch.kubernetes.io/controller-uid': uid,
    'controller-uid': uid,
    'batch.kubernetes.io/job-name': job.metadata.name,
    'job-name': job.metadata.name,
  };
  tmeta.labels = { ...(tmeta.labels || {}), ...ctl };
  job.spec.selector ||= { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } };
  job.spec.completions ??= 1;
  job.spec.parallelism ??= 1;
  job.spec.backoffLimit ??= 6;
  const spec = JSON.parse(JSON.stringify(job.spec.template.spec || {}));
  const node = pickNode(spec);
  if (node) spec.nodeName = node;
  const podName = `${job.metadata.name}-${rand5()}`;
  put('v1', 'pods', 'Pod', ns, {
    metadata: {
      name: podName,
      labels: { ...tmeta.labels, ...(job.spec.selector.matchLabels || {}) },
      annotations: { ...(tmeta.annotations || {}) },
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: job.metadata.name, uid, controller: true, blockOwnerDeletion: true }],
    },
    spec,
    status: { phase: 'Pending' },
  });
  job.status = { active: 1, startTime: now() };
  put('batch/v1', 'jobs', 'Job', ns, job);
  if (!node) return;
  const finish = () => {
    const podKey = keyOf('v1', 'pods', ns, podName);
    const jobKey = keyOf('batch/v1', 'jobs', ns, job.metadata.name);
    const p = store.get(podKey);
    const j = store.get(jobKey);
    if (!p || !j || j.metadata.uid !== uid) return;
    const failed = JOB_RESULT === 'Failed' || (LOGS_DIR !== '' && fs.existsSync(logFile(node, 'fail')));
    const t = now();
    p.status = {
      phase: failed ? 'Failed' : 'Succeeded',
      hostIP: '127.0.0.1',
      podIP: '127.0.0.1',
      startTime: t,
      conditions: [{ type: 'Ready', status: 'False', reason: 'PodCompleted', lastTransitionTime: t }],
      containerStatuses: (spec.containers || []).map((c) => ({
        name: c.name,
        image: c.image,
        imageID: '',
        ready: false,
        started: false,
        restartCount: 0,
        state: { terminated: { exitCode: failed ? 1 : 0, reason: failed ? 'Error' : 'Completed', startedAt: t, finishedAt: t } },
      })),
    };
    put('v1', 'pods', 'Pod', ns, p);
    j.status = failed
      ? {
          startTime: j.status?.startTime || t,
          failed: 1,
          active: 0,
          ready: 0,
          conditions: [
            {
              type: 'Failed',
              status: 'True',
              reason: 'BackoffLimitExceeded',
              message: 'Job has reached the specified backoff limit',
              lastProbeTime: t,
              lastTransitionTime: t,
            },
          ],
        }
      : {
          startTime: j.status?.startTime || t,
          completionTime: t,
          succeeded: 1,
          active: 0,
          ready: 0,
          conditions: [{ type: 'Complete', status: 'True', lastProbeTime: t, lastTransitionTime: t }],
        };
    put('batch/v1', 'jobs', 'Job', ns, j);
  };
  if (JOB_DELAY_MS > 0) setTimeout(finish, JOB_DELAY_MS);
  else finish();
}
function deleteJobPods(job) {
  for (const [k, o] of [...store.entries()]) {
    if (k.startsWith('v1|pods|') && (o.metadata.ownerReferences || []).some((r) => r.uid === job.metadata.uid)) remove(k);
  }
}
function afterCreate(gv, plural, obj) {
  if (gv === 'batch/v1' && plural === 'jobs') startJob(obj);
}

// ---- minimal OpenAPI v3: one document per group-version, PATCH operations advertising fieldValidation ----
function openapiPaths() {
  const paths = {};
  for (const [group, d] of Object.entries(groups))
    paths[group ? `apis/${d.gv}` : 'api/v1'] = { serverRelativeURL: `/openapi/v3/${group ? `apis/${d.gv}` : 'api/v1'}?hash=kmock` };
  return { paths };
}
function openapiDoc(group) {
  const d = groups[group];
  const base = group ? `/apis/${d.gv}` : '/api/v1';
  const q = (name) => ({ name, in: 'query', schema: { type: 'string' }, uniqueItems: true });
  const params = [q('dryRun'), q('fieldManager'), q('fieldValidation'), q('force')];
  const paths = {};
  for (const [pl, , kind, nsd] of d.res) {
    const gvk = { group, version: 'v1', kind };
    const op = (action) => ({
      operationId: `${action}${kind}`,
      'x-kubernetes-action': action,
      'x-kubernetes-group-version-kind': gvk,
      parameters: params,
      responses: { 200: { description: 'OK' } },
    });
    const item = `${base}${nsd ? '/namespaces/{namespace}' : ''}/${pl}/{name}`;
    paths[item] = {
      parameters: [
        { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
        ...(nsd ? [{ name: 'namespace', in: 'path', required: true, schema: { type: 'string' } }] : []),
        ...params,
      ],
      get: op('get'),
      put: op('put'),
      patch: op('patch'),
      delete: op('delete'),
    };
    paths[`${base}${nsd ? '/namespaces/{namespace}' : ''}/${pl}`] = { parameters: params, get: op('list'), post: op('post') };
  }
  return { openapi: '3.0.0', info: { title: 'Kubernetes (kmock)', version: 'v1.30.0' }, paths, components: { schemas: {} } };
}

function podLog(res, pod, url) {
  let text = '';
  const f = logFile(pod.spec?.nodeName, 'log');
  if (f) {
    try {
      text = fs.readFileSync(f, 'utf8');
    } catch {
      text = '';
    }
  }
  const tail = url.searchParams.get('tailLines');
  if (tail !== null && Number(tail) >= 0) {
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    text = lines
      .slice(Math.max(0, lines.length - Number(tail)))
      .map((l) => `${l}\n`)
      .join('');
  }
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end(text);
}

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => {
    raw += c;
  });
  req.on('end', () => {
    try {
      handle(req, res, raw);
    } catch (e) {
      status(res, 500, 'InternalError', `kmock: ${e?.message}`);
    }
  });
});

function handle(req, res, raw) {
  const url = new URL(req.url, 'http://x');
  const p = url.pathname.replace(/\/$/, '');
  if (process.env.KMOCK_LOG) console.error(req.method, req.url, req.headers['content-type'] || '');
  if (p === '/version') return send(res, 200, { major: '1', minor: '30', gitVersion: 'v1.30.0-kmock', platform: 'linux/amd64' });
  if (p === '/healthz' || p === '/readyz' || p === '/livez') {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    return res.end('ok');
  }
  if (p === '/api')
    return send(res, 200, {
      kind: 'APIVersions',
      versions: ['v1'],
      serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: `127.0.0.1:${PORT}` }],
    });
  if (p === '/apis')
    return send(res, 200, {
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: Object.entries(groups)
        .filter(([g]) => g)
        .map(([g, d]) => ({ name: g, versions: [{ groupVersion: d.gv, version: 'v1' }], preferredVersion: { groupVersion: d.gv, version: 'v1' } })),
    });
  if (p === '/openapi/v3') return send(res, 200, openapiPaths());
  if (p === '/openapi/v3/api/v1') return send(res, 200, openapiDoc(''));
  const oa = p.match(/^\/openapi\/v3\/apis\/([a-z.]+)\/v1$/);
  if (oa && groups[oa[1]]) return send(res, 200, openapiDoc(oa[1]));
  const m = p.match(/^\/(?:api\/v1|apis\/([a-z.]+)\/v1)(?:\/namespaces\/([^/]+))?(?:\/([a-z]+))?(?:\/([^/]+))?(?:\/(status|log))?$/);
  if (!m) return status(res, 404, 'NotFound', `the server could not find the requested resource (${p})`);
  let [, group = '', ns, plural, name, sub] = m;
  const g = groups[group];
  if (!g) return status(res, 404, 'NotFound', 'no such group');
  // /api/v1/namespaces/<name> is the namespace object itself
  if (!group && ns && !plural) {
    plural = 'namespaces';
    name = ns;
    ns = undefined;
  }
  if (!plural)
    return send(res, 200, {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: g.gv,
      resources: g.res.map(([pl, sg, kind, nsd, sn]) => ({ name: pl, singularName: sg, namespaced: nsd, kind, verbs, shortNames: sn })),
    });
  const r = g.res.find((x) => x[0] === plural);
  if (!r) return status(res, 404, 'NotFound', `no resource ${plural}`);
  const [, , kind, namespaced] = r;
  const nsKey = namespaced ? ns || 'default' : '';
  const key = keyOf(g.gv, plural, nsKey, name);
  const dryRun = url.searchParams.has('dryRun');

  if (sub === 'log') {
    if (plural !== 'pods' || req.method !== 'GET') return status(res, 405, 'MethodNotAllowed', 'log is GET on pods only');
    return store.has(key) ? podLog(res, store.get(key), url) : status(res, 404, 'NotFound', `pods "${name}" not found`);
  }
  if (req.method === 'GET' && !name) {
    const prefix = `${g.gv}|${plural}|${ns || !namespaced ? `${nsKey}|` : ''}`;
    const lm = labelMatcher(url.searchParams.get('labelSelector'));
    const fm = fieldMatcher(url.searchParams.get('fieldSelector'));
    const match = (o) => lm(o) && fm(o);
    if (['true', '1'].includes(url.searchParams.get('watch') || '')) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
      res.flushHeaders(); // clients wait for the headers before they start their own timeouts
      const since = url.searchParams.get('resourceVersion');
      for (const [k, o] of store.entries()) {
        if (k.startsWith(prefix) && match(o) && (!since || since === '0' || Number(o.metadata.resourceVersion) > Number(since)))
          res.write(`${JSON.stringify({ type: 'ADDED', object: o })}\n`);
      }
      const w = { prefix, match, res };
      watchers.add(w);
      const secs = Number(url.searchParams.get('timeoutSeconds') || 0);
      const timer = secs > 0 ? setTimeout(() => res.end(), secs * 1000) : undefined;
      res.on('close', () => {
        watchers.delete(w);
        if (timer) clearTimeout(timer);
      });
      return undefined;
    }
    const items = [...store.entries()].filter(([k, o]) => k.startsWith(prefix) && match(o)).map(([, v]) => v);
    return send(res, 200, { kind: `${kind}List`, apiVersion: g.gv, metadata: { resourceVersion: String(rv) }, items });
  }
  if (req.method === 'GET') return store.has(key) ? send(res, 200, store.get(key)) : status(res, 404, 'NotFound', `${plural} "${name}" not found`);
  if (req.method === 'POST') {
    const obj = JSON.parse(raw);
    obj.metadata = obj.metadata || {};
    if (!obj.metadata.name && !obj.metadata.generateName) return status(res, 422, 'Invalid', 'metadata.name or generateName is required');
    const k2 = keyOf(g.gv, plural, nsKey, obj.metadata.name);
    if (obj.metadata.name && store.has(k2)) return status(res, 409, 'AlreadyExists', `${plural} "${obj.metadata.name}" already exists`);
    if (dryRun) return send(res, 201, { ...obj, apiVersion: g.gv, kind });
    const created = put(g.gv, plural, kind, nsKey, obj);
    afterCreate(g.gv, plural, created);
    return send(res, 201, store.get(keyOf(g.gv, plural, nsKey, created.metadata.name)));
  }
  if (req.method === 'PUT') {
    const obj = JSON.parse(raw);
    if (dryRun) return send(res, 200, obj);
    const isNew = !store.has(key);
    const o = put(g.gv, plural, kind, nsKey, obj);
    if (isNew) afterCreate(g.gv, plural, o);
    return send(res, 200, store.get(key) || o);
  }
  if (req.method === 'PATCH') {
    const ct = req.headers['content-type'] || '';
    if (ct.includes('apply-patch')) {
      const obj = JSON.parse(raw.trim().startsWith('{') ? raw : '{}');
      const isNew = !store.has(key);
      const merged = merge(store.get(key) || {}, obj);
      if (dryRun) return send(res, isNew ? 201 : 200, merged);
      const o = put(g.gv, plural, kind, nsKey, merged);
      if (isNew) afterCreate(g.gv, plural, o);
      return send(res, isNew ? 201 : 200, store.get(key) || o);
    }
    if (!store.has(key)) return status(res, 404, 'NotFound', `${plural} "${name}" not found`);
    if (ct.includes('json-patch+json')) return status(res, 415, 'UnsupportedMediaType', 'json-patch not supported by kmock');
    const body = JSON.parse(raw);
    const merged = ct.includes('strategic-merge-patch') ? strategicMerge(store.get(key), body) : merge(store.get(key), body);
    if (dryRun) return send(res, 200, merged);
    return send(res, 200, put(g.gv, plural, kind, nsKey, merged));
  }
  if (req.method === 'DELETE') {
    if (dryRun) return store.has(key) ? send(res, 200, store.get(key)) : status(res, 404, 'NotFound', 'not found');
    const o = remove(key);
    if (o && g.gv === 'batch/v1' && plural === 'jobs') deleteJobPods(o);
    return o
      ? send(res, 200, { kind: 'Status', apiVersion: 'v1', status: 'Success', details: { name, kind: plural } })
      : status(res, 404, 'NotFound', 'not found');
  }
  return status(res, 405, 'MethodNotAllowed', req.method);
}

for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => process.exit(0));
server.listen(PORT_WANTED, '127.0.0.1', () => {
  PORT = server.address().port;
  console.error(`kmock listening on 127.0.0.1:${PORT}`);
});
