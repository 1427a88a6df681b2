#!/usr/bin/env node
// Codemod (issue 21, item 1): one message catalogue per folder.
//
//   node scripts/unify-catalogues.mjs [--root DIR] [--dry-run | --check] [--no-format] [--quiet]
//   (--check: change nothing, exit 1 when something would change; exit 1 too when something is left to do by hand)
//
// Finds every `export const X = defineMessages({...})` under src/ and makes each folder hold exactly one catalogue,
// `<folder>/messages.ts`, exported as `msg`, with keys in one style (dotted lowerCamel segments; a ':' becomes a '.':
// 'area:driver-too-old' → 'area.driver-too-old'). A folder with one catalogue keeps it in messages.ts. A folder with
// several gets one section file per catalogue, `<folder>/messages/<section>.ts` (`export const busy = section({...})`),
// combined by messages.ts (`export const msg = defineCatalogue({ busy, ... })`): its keys become `<section>.<key>`.
// Every importer in src/ and test/ is rewritten (found through the type checker, not by name): the import, every call
// `alias('key', …)`, template keys `alias(\`a.${x}\`)`, keys held in local consts, const tables and array literals mapped
// into the lookup (their values are prefixed where they are written), `typeof alias`, `alias.table.en[key]` and
// `key in alias.table.en`. A dynamic key whose values cannot be traced to their literals is wrapped in a template
// (`msg(\`cli.${key}\`)`) when its type shows every value takes the plain prefix; anything else is printed as left to do.
// It also adds `section`/`defineCatalogue` to src/i18n/index.ts, writes test/i18n/catalogue-shape.test.ts, and points the
// i18n tests at the new files. Idempotent: a second run finds nothing to change. Formats the files it wrote with biome.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const rootArg = args.indexOf('--root');
const ROOT = resolve(rootArg >= 0 ? args[rootArg + 1] : join(dirname(fileURLToPath(import.meta.url)), '..'));
const CHECK = flag('--check');
const DRY = flag('--dry-run') || CHECK;
const QUIET = flag('--quiet');
const SRC = join(ROOT, 'src');
const KEY_STYLE = /^[a-z][A-Za-z0-9]*(\.([a-z][A-Za-z0-9]*|[a-z][a-z0-9]*([-_][a-z0-9]+)+|[A-Z][A-Z0-9]*(_[A-Z0-9]+)*))*$/;
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
);

/** A use that reads only whether a name holds a value (`!x`, `if (x)`, `x ? … : …`, `x === undefined`), not which. */
function onlyTested(r) {
  let n = r;
  while (ts.isParenthesizedExpression(n.parent) || ts.isNonNullExpression(n.parent)) n = n.parent;
  const p = n.parent;
  if (ts.isPrefixUnaryExpression(p) && p.operator === ts.SyntaxKind.ExclamationToken) return true;
  if ((ts.isIfStatement(p) || ts.isWhileStatement(p)) && p.expression === n) return true;
  if (ts.isConditionalExpression(p) && p.condition === n) return true;
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && p.left === n)
    return onlyTested(p) || ts.isIfStatement(p.parent);
  if (
    ts.isBinaryExpression(p) &&
    p.operatorToken.kind === ts.SyntaxKind.BarBarToken &&
    p.left === n &&
    (ts.isPrefixUnaryExpression(p.parent) || ts.isIfStatement(p.parent))
  )
    return true;
  if (
    ts.isBinaryExpression(p) &&
    [
      ts.SyntaxKind.EqualsEqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsEqualsToken,
      ts.SyntaxKind.EqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsToken,
    ].includes(p.operatorToken.kind)
  ) {
    const other = p.left === n ? p.right : p.left;
    return other.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(other) && other.text === 'undefined');
  }
  return false;
}

const ITERATORS = new Set(['map', 'flatMap', 'forEach', 'filter', 'some', 'every', 'find']);
const todo = []; // what was left for a person, printed at the end
const notes = []; // what was done in a way worth a look
const count = {
  catalogues: 0,
  folders: 0,
  sections: 0,
  filesRewritten: 0,
  imports: 0,
  literalKeys: 0,
  templateKeys: 0,
  tracedValues: 0,
  wrapped: 0,
  renamedKeys: 0,
  typeofRefs: 0,
  tableRefs: 0,
};
const rel = (p) => relative(ROOT, p).split(sep).join('/');
const where = (node) => {
  const sf = node.getSourceFile();
  return `${rel(sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
};

// ---------------------------------------------------------------------------------------------------------------------
// 1. The program (for symbols) and the catalogues.

const configPath = join(ROOT, 'tsconfig.json');
const parsed = ts.getParsedCommandLineOfConfigFile(
  configPath,
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')) },
);
const inScope = (f) => {
  const r = rel(f);
  return (r.startsWith('src/') || r.startsWith('test/')) && !r.startsWith('test/fixtures/') && /\.(ts|mts)$/.test(r) && !r.endsWith('.d.ts');
};
const program = ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
const checker = program.getTypeChecker();
const sources = program.getSourceFiles().filter((sf) => inScope(sf.fileName));

function fail(message) {
  console.error(`unify-catalogues: ${message}`);
  process.exit(2);
}

const unquote = (name) => (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined);
const lowerCamel = (s) => s.replace(/[-_]+([a-zA-Z0-9])/g, (_, c) => c.toUpperCase()).replace(/^[A-Z]/, (c) => c.toLowerCase());
const kebab = (s) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const renameKey = (k) => k.replace(/:/g, '.');

/** `{ en: {...}, 'zh-CN': {...} }` → the two object literals, or undefined. */
function langTables(obj) {
  if (!obj || !ts.isObjectLiteralExpression(obj)) return undefined;
  const out = {};
  for (const p of obj.properties) {
    if (!ts.isPropertyAssignment(p)) return undefined;
    const lang = unquote(p.name);
    if (!ts.isObjectLiteralExpression(p.initializer)) return undefined;
    out[lang] = p.initializer;
  }
  return out.en && out['zh-CN'] ? out : undefined;
}

function tableKeys(lit) {
  const keys = [];
  for (const p of lit.properties) {
    const k = ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p) ? unquote(p.name) : undefined;
    if (k === undefined) todo.push(`${where(p)}: a catalogue entry that is not 'key': 'text' (left as it is)`);
    else keys.push(k);
  }
  return keys;
}

const isExported = (st) => st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const calleeName = (call) => (ts.isIdentifier(call.expression) ? call.expression.text : undefined);

/** Every catalogue of src/: old ones (defineMessages), the combined ones already made (defineCatalogue), their aliases. */
const catalogues = []; // { file, sf, name, decl, statement, call, tables, keys, aliases:Set, kind:'messages'|'combined', i18n }
const combined = new Map(); // folder → { file, sections: [{ name, ident, file }] }
for (const sf of sources) {
  if (!rel(sf.fileName).startsWith('src/')) continue;
  const local = new Map();
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const decl of st.declarationList.declarations) {
      const init = decl.initializer;
      if (!ts.isIdentifier(decl.name) || !init) continue;
      if (ts.isCallExpression(init) && calleeName(init) === 'defineMessages') {
        const tables = langTables(init.arguments[0]);
        if (!isExported(st)) todo.push(`${where(decl)}: a catalogue that is not exported (inline catalogue: move it by hand)`);
        else if (!tables) todo.push(`${where(decl)}: defineMessages without { en: {...}, 'zh-CN': {...} } (left as it is)`);
        else {
          const cat = {
            file: sf.fileName,
            sf,
            name: decl.name.text,
            decl,
            statement: st,
            call: init,
            tables,
            keys: tableKeys(tables.en),
            aliases: new Set([decl.name.text]),
            kind: 'messages',
          };
          cat.i18n = i18nPathOf(sf);
          catalogues.push(cat);
          local.set(cat.name, cat);
        }
      } else if (ts.isCallExpression(init) && calleeName(init) === 'defineCatalogue' && basename(sf.fileName) === 'messages.ts') {
        const arg = init.arguments[0];
        const sections = [];
        if (arg && ts.isObjectLiteralExpression(arg)) {
          for (const p of arg.properties) {
            const name = ts.isShorthandPropertyAssignment(p) ? p.name.text : ts.isPropertyAssignment(p) ? unquote(p.name) : undefined;
            const valueNode = ts.isShorthandPropertyAssignment(p) ? p.name : ts.isPropertyAssignment(p) ? p.initializer : undefined;
            if (!name || !valueNode || !ts.isIdentifier(valueNode)) {
              todo.push(`${where(p)}: a section of defineCatalogue that is not \`name\` or \`name: ident\``);
              continue;
            }
            const from = importOf(sf, valueNode.text);
            sections.push({ name, ident: valueNode.text, file: from?.file, importName: from?.name ?? valueNode.text });
          }
        }
        const cat = {
          file: sf.fileName,
          sf,
          name: decl.name.text,
          decl,
          statement: st,
          call: init,
          keys: [],
          aliases: new Set([decl.name.text]),
          kind: 'combined',
          sections,
        };
        catalogues.push(cat);
        combined.set(dirname(sf.fileName), { file: sf.fileName, sections, cat });
      } else if (ts.isIdentifier(init) && local.has(init.text) && isExported(st)) {
        local.get(init.text).aliases.add(decl.name.text);
        local.get(init.text).aliasStatements = [...(local.get(init.text).aliasStatements ?? []), st];
      }
    }
  }
}

function i18nPathOf(sf) {
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const names = st.importClause?.namedBindings;
    if (names && ts.isNamedImports(names) && names.elements.some((e) => (e.propertyName ?? e.name).text === 'defineMessages'))
      return resolveModule(sf.fileName, st.moduleSpecifier.text);
  }
  return join(SRC, 'i18n/index.ts');
}

function resolveModule(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const p = resolve(dirname(from), spec);
  for (const c of [p.replace(/\.js$/, '.ts'), p.replace(/\.mjs$/, '.mts'), `${p}.ts`, join(p, 'index.ts')]) if (existsSync(c)) return c;
  return p.replace(/\.js$/, '.ts');
}

function importOf(sf, localName) {
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const names = st.importClause?.namedBindings;
    if (!names || !ts.isNamedImports(names)) continue;
    for (const e of names.elements)
      if (e.name.text === localName) return { file: resolveModule(sf.fileName, st.moduleSpecifier.text), name: (e.propertyName ?? e.name).text };
  }
  return undefined;
}

// Sections already combined are catalogues too (their keys are `<section>.<key>` of the combined one): nothing to do.
const sectionFiles = new Set([...combined.values()].flatMap((c) => c.sections.map((s) => s.file)).filter(Boolean));

// ---------------------------------------------------------------------------------------------------------------------
// 2. The plan: per folder, one catalogue (messages.ts, msg) or sections.

const byFolder = new Map();
for (const cat of catalogues) {
  if (cat.kind === 'combined') continue;
  const folder = dirname(cat.file);
  if (sectionFiles.has(cat.file)) continue;
  if (!byFolder.has(folder)) byFolder.set(folder, []);
  byFolder.get(folder).push(cat);
}
count.catalogues = catalogues.filter((c) => c.kind === 'messages').length;

const plans = new Map(); // folder → { folder, sectioned, cats, messagesFile }
for (const [folder, cats] of byFolder) {
  const sectioned = cats.length > 1 || combined.has(folder);
  const plan = { folder, sectioned, cats, messagesFile: join(folder, 'messages.ts') };
  plans.set(folder, plan);
  if (sectioned) {
    const taken = new Map((combined.get(folder)?.sections ?? []).map((s) => [s.name, 'existing']));
    const fileCount = new Map();
    for (const c of cats) fileCount.set(c.file, (fileCount.get(c.file) ?? 0) + 1);
    for (const c of cats) {
      c.section = sectionName(c, folder, fileCount.get(c.file) > 1);
      if (taken.has(c.section))
        fail(`two sections named '${c.section}' in ${rel(folder)} (${rel(c.file)} ${c.name}, ${taken.get(c.section)}): rename one catalogue first`);
      taken.set(c.section, `${rel(c.file)} ${c.name}`);
      c.ident = RESERVED.has(c.section) ? `${c.section}Section` : c.section;
      c.sectionFile = join(folder, 'messages', `${kebab(c.section)}.ts`);
    }
  }
  for (const c of cats) c.plan = plan;
}

function sectionName(cat, folder, sharedFile) {
  const base = basename(cat.file, '.ts');
  const fromFile = base === 'messages' ? undefined : lowerCamel(base.replace(/^messages-/, '').replace(/-messages$/, ''));
  const fromExport = /.Messages$/.test(cat.name) && cat.name.length >= 11 ? cat.name.replace(/Messages$/, '') : undefined;
  if (sharedFile && fromExport && fromExport !== fromFile) return fromExport;
  return fromFile ?? fromExport ?? lowerCamel(basename(folder));
}

// Key maps: old key → the key a call site uses now; and the key inside the section table.
for (const plan of plans.values()) {
  for (const c of plan.cats) {
    c.keyMap = new Map();
    c.sectionKey = new Map();
    const renamed = c.keys.map(renameKey);
    const set = new Set(renamed);
    if (set.size !== renamed.length) fail(`${rel(c.file)} ${c.name}: two keys become the same after ':' → '.'`);
    // A key that already starts with the section name keeps its call-site text ('export.kinds' in section export is `kinds`),
    // unless the shorter key is taken.
    const head = c.section ? `${c.section}.` : undefined;
    for (let i = 0; i < c.keys.length; i++) {
      const k = c.keys[i];
      const r = renamed[i];
      if (r !== k) count.renamedKeys++;
      let inSection = r;
      if (head && r.startsWith(head) && !set.has(r.slice(head.length))) inSection = r.slice(head.length);
      c.sectionKey.set(k, inSection);
      c.keyMap.set(k, head ? `${head}${inSection}` : r);
      if (!KEY_STYLE.test(c.keyMap.get(k))) todo.push(`${rel(c.file)}: key '${k}' → '${c.keyMap.get(k)}' is not in the key style (rename it by hand)`);
    }
    c.changed =
      plan.sectioned ||
      c.name !== 'msg' ||
      basename(c.file) !== 'messages.ts' ||
      c.keys.some((k) => c.keyMap.get(k) !== k) ||
      (c.aliasStatements?.length ?? 0) > 0;
  }
}

const work = [...plans.values()].filter((p) => p.cats.some((c) => c.changed));
count.folders = work.length;

// ---------------------------------------------------------------------------------------------------------------------
// 3. Rewrite the importers.

const catBySymbol = new Map(); // alias symbol (an import specifier's local) → catalogue
const edits = new Map(); // file → [{ start, end, text }]
const addEdit = (file, start, end, text) => {
  if (!edits.has(file)) edits.set(file, []);
  edits.get(file).push({ start, end, text });
};
const catByExport = new Map();
for (const c of catalogues) for (const a of c.aliases) catByExport.set(`${c.file}#${a}`, c);

/** The new catalogue a (changed or unchanged) catalogue belongs to: its folder's messages.ts. */
const targetOf = (c) => (c.kind === 'combined' ? c.file : c.plan ? c.plan.messagesFile : c.file);

const touchedFiles = new Set();
for (const sf of sources) {
  if (catalogues.some((c) => c.file === sf.fileName) && !sf.statements.some(importsCatalogue)) continue;
  rewriteImporter(sf);
}

function importsCatalogue(st) {
  if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) return false;
  const file = resolveModule(st.moduleSpecifier.getSourceFile().fileName, st.moduleSpecifier.text);
  return catalogues.some((c) => c.file === file);
}

function rewriteImporter(sf) {
  const file = sf.fileName;
  // (a) the catalogue imports of this file
  const uses = []; // { spec, decl, cat, symbol }
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const target = resolveModule(file, st.moduleSpecifier.text);
      if (catalogues.some((c) => c.file === target && c.changed)) todo.push(`${where(st)}: re-exports a catalogue (rewrite by hand)`);
      continue;
    }
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const target = resolveModule(file, st.moduleSpecifier.text);
    const names = st.importClause?.namedBindings;
    if (!names || !ts.isNamedImports(names)) {
      if (catalogues.some((c) => c.file === target && c.changed))
        todo.push(`${where(st)}: a namespace or default import of a catalogue file (rewrite by hand)`);
      continue;
    }
    for (const spec of names.elements) {
      const cat = catByExport.get(`${target}#${(spec.propertyName ?? spec.name).text}`);
      if (!cat) continue;
      const symbol = checker.getSymbolAtLocation(spec.name);
      uses.push({ spec, decl: st, cat, symbol, local: spec.name.text });
      if (symbol) catBySymbol.set(symbol, cat);
    }
  }
  // Dynamic imports of catalogue files in tests
  const visitDyn = (n) => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
      const target = resolveModule(file, n.arguments[0].text);
      if (catalogues.some((c) => c.file === target && c.changed)) todo.push(`${where(n)}: a dynamic import of a catalogue file (rewrite by hand)`);
    }
    ts.forEachChild(n, visitDyn);
  };
  visitDyn(sf);
  if (!uses.length || !uses.some((u) => u.cat.changed)) return;

  // (b) local names: one per new catalogue; the one of this file's own folder (or nearest ancestor) is `msg`
  const targets = [...new Set(uses.map((u) => targetOf(u.cat)))];
  const renaming = new Set(uses.map((u) => u.symbol));
  const namesInFile = new Set();
  const refsOf = new Map(); // target → the identifiers that reference it
  const collect = (n) => {
    if (ts.isIdentifier(n)) {
      const s = checker.getSymbolAtLocation(n);
      if (s && renaming.has(s)) {
        const t = targetOf(uses.find((u) => u.symbol === s).cat);
        refsOf.set(t, [...(refsOf.get(t) ?? []), n]);
      } else if (!(ts.isImportSpecifier(n.parent) && uses.some((u) => u.spec === n.parent))) namesInFile.add(n.text);
    }
    ts.forEachChild(n, collect);
  };
  collect(sf);
  const localOf = new Map();
  const own = targets.filter((t) => file.startsWith(dirname(t) + sep)).sort((a, b) => b.length - a.length)[0];
  const chosen = new Set();
  // A name is taken when it is declared at the top of the file or in a scope that holds a reference to the catalogue.
  const taken = (name, t) => {
    if (chosen.has(name)) return true;
    if (!namesInFile.has(name)) return false;
    const places = [sf.statements[0] ?? sf, ...(refsOf.get(t) ?? [])];
    return places.some((loc) => checker.getSymbolsInScope(loc, ts.SymbolFlags.Value | ts.SymbolFlags.Alias).some((s) => s.name === name && !renaming.has(s)));
  };
  const pick = (t, wants) => {
    let name = wants.find((w) => !taken(w, t));
    for (let i = 2; !name; i++) if (!taken(`${wants.at(-1)}${i}`, t)) name = `${wants.at(-1)}${i}`;
    if (name !== wants[0]) notes.push(`${rel(file)}: '${wants[0]}' is taken in this file, the catalogue is imported as '${name}'`);
    chosen.add(name);
    return name;
  };
  const ordered = [...targets].sort((a, b) => (a === own ? -1 : b === own ? 1 : 0));
  for (const t of ordered) {
    const unchanged = uses.filter((u) => targetOf(u.cat) === t && !u.cat.changed);
    const keep = unchanged.length && unchanged.every((u) => u.local === unchanged[0].local) && !taken(unchanged[0].local, t) ? unchanged[0].local : undefined;
    const folderName = `${lowerCamel(folderLabel(t))}Msg`;
    if (keep) {
      chosen.add(keep);
      localOf.set(t, keep);
    } else if (targets.length === 1 || t === own) localOf.set(t, pick(t, ['msg', folderName]));
    else localOf.set(t, pick(t, [folderName]));
  }

  // (c) the import declarations
  const declsWithCats = [...new Set(uses.map((u) => u.decl))];
  const firstDecl = declsWithCats.sort((a, b) => a.getStart() - b.getStart())[0];
  const newImports = ordered.map((t) => {
    const spec = moduleSpecifier(file, t);
    const local = localOf.get(t);
    return `import { msg${local === 'msg' ? '' : ` as ${local}`} } from '${spec}';`;
  });
  for (const decl of declsWithCats) {
    const names = decl.importClause.namedBindings;
    const rest = names.elements.filter((e) => !uses.some((u) => u.spec === e));
    let text;
    if (rest.length) text = `import { ${rest.map((e) => e.getText()).join(', ')} } from ${decl.moduleSpecifier.getText()};`;
    if (decl === firstDecl) text = [text, ...newImports].filter(Boolean).join('\n');
    if (text === undefined) {
      // remove the declaration and its line
      let end = decl.getEnd();
      if (sf.text[end] === '\n') end++;
      addEdit(file, decl.getStart(), end, '');
    } else if (text !== decl.getText()) addEdit(file, decl.getStart(), decl.getEnd(), text);
  }
  count.imports += uses.filter((u) => u.cat.changed).length;

  // (d) the references
  const st = { file, sf, traced: new Set() };
  const visit = (n) => {
    if (ts.isIdentifier(n) && !ts.isImportSpecifier(n.parent)) {
      const s = ts.isShorthandPropertyAssignment(n.parent) ? checker.getShorthandAssignmentValueSymbol(n.parent) : checker.getSymbolAtLocation(n);
      const use = s && uses.find((u) => u.symbol === s);
      if (use && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) {
        reference(n, use, localOf.get(targetOf(use.cat)), st);
        return;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  touchedFiles.add(file);
}

function folderLabel(messagesFile) {
  const folder = dirname(messagesFile);
  const base = basename(folder);
  const same = [...plans.keys(), ...combined.keys()].filter((f) => basename(f) === base);
  return same.length > 1 ? relative(SRC, folder).split(sep).join('-') : base;
}

function moduleSpecifier(fromFile, toTs) {
  let r = relative(dirname(fromFile), toTs).split(sep).join('/').replace(/\.ts$/, '.js');
  if (!r.startsWith('.')) r = `./${r}`;
  return r;
}

/** One reference to a catalogue alias: rename it and rewrite the key it is given. */
function reference(id, use, local, st) {
  const cat = use.cat;
  const p = id.parent;
  if (id.text !== local) {
    if (ts.isShorthandPropertyAssignment(p)) addEdit(st.file, id.getStart(), id.getEnd(), `${id.text}: ${local}`);
    else addEdit(st.file, id.getStart(), id.getEnd(), local);
  }
  if (!cat.changed) return;
  if (ts.isCallExpression(p) && p.expression === id) {
    const arg = p.arguments[0];
    if (arg) rewriteKey(arg, cat, st);
    return;
  }
  if (ts.isTypeQueryNode(p)) {
    count.typeofRefs++;
    return;
  }
  if (ts.isPropertyAccessExpression(p) && p.expression === id && p.name.text === 'table') {
    count.tableRefs++;
    // alias.table.en[key] / alias.table['zh-CN'][key] / key in alias.table.en
    const lang = p.parent;
    const langOk = (ts.isPropertyAccessExpression(lang) && lang.expression === p) || (ts.isElementAccessExpression(lang) && lang.expression === p);
    if (langOk && ts.isElementAccessExpression(lang.parent) && lang.parent.expression === lang) return void rewriteKey(lang.parent.argumentExpression, cat, st);
    if (langOk && ts.isBinaryExpression(lang.parent) && lang.parent.operatorToken.kind === ts.SyntaxKind.InKeyword && lang.parent.right === lang)
      return void rewriteKey(lang.parent.left, cat, st);
    if (cat.plan?.sectioned)
      todo.push(
        `${where(p)}: \`${p.parent.getText().slice(0, 80)}\` reads the table of ${cat.name}, which is now the whole folder's (prefixed keys): check it`,
      );
    return;
  }
  if (cat.plan?.sectioned)
    todo.push(`${where(id)}: the lookup ${id.text} used as a value (\`${p.getText().slice(0, 80)}\`): its keys are now prefixed with '${cat.section}.'`);
}

// --- keys ------------------------------------------------------------------------------------------------------------

function prefixOf(cat) {
  return cat.section ? `${cat.section}.` : '';
}

/** The text a template's head becomes. */
function mapHead(text, cat) {
  const r = renameKey(text);
  if (!cat.section) return r;
  const head = prefixOf(cat);
  if (r.startsWith(head) && cat.keys.some((k) => cat.keyMap.get(k) === renameKey(k) && renameKey(k).startsWith(r))) return r;
  return head + r;
}

function literalEdit(node, cat, st) {
  const k = node.text;
  const mapped = cat.keyMap.get(k);
  if (mapped === undefined) {
    if (cat.plan?.sectioned && cat.keys.some((x) => cat.keyMap.get(x) === k)) return; // already the new key
    todo.push(`${where(node)}: '${k}' is not a key of ${rel(cat.file)} ${cat.name} (left as it is)`);
    return;
  }
  if (mapped === k) return;
  const raw = node.getText();
  const q = raw[0];
  addEdit(st.file, node.getStart(), node.getEnd(), `${q}${mapped}${q}`);
  return true;
}

/** Rewrites the key expression `e` of catalogue `cat`: literals, templates, branches; traces names to their values. */
function rewriteKey(e, cat, st) {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) {
    if (literalEdit(e, cat, st)) count.literalKeys++;
    return;
  }
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e))
    return rewriteKey(e.expression, cat, st);
  if (ts.isConditionalExpression(e)) {
    rewriteKey(e.whenTrue, cat, st);
    rewriteKey(e.whenFalse, cat, st);
    return;
  }
  if (ts.isBinaryExpression(e) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(e.operatorToken.kind)) {
    rewriteKey(e.left, cat, st);
    rewriteKey(e.right, cat, st);
    return;
  }
  if (ts.isTemplateExpression(e)) {
    const head = mapHead(e.head.text, cat);
    if (head !== e.head.text) addEdit(st.file, e.head.getStart(), e.head.getEnd(), `\`${head}\${`);
    for (const span of e.templateSpans) {
      const lit = span.literal;
      const r = renameKey(lit.text);
      if (r !== lit.text) addEdit(st.file, lit.getStart(), lit.getEnd(), `}${r}${ts.isTemplateTail(lit) ? '`' : '${'}`);
    }
    count.templateKeys++;
    return;
  }
  if (e.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(e) && e.text === 'undefined')) return; // a branch with no key
  if (ts.isIdentifier(e) && traceName(e, cat, st)) return;
  if (ts.isElementAccessExpression(e) && ts.isIdentifier(e.expression) && traceTable(e.expression, cat, st)) return;
  wrap(e, cat, st);
}

/** Where a node sits as a key: the catalogue whose lookup receives it, or undefined. */
function keyContext(node) {
  let n = node;
  for (;;) {
    const p = n.parent;
    if (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isNonNullExpression(p) || ts.isSatisfiesExpression(p) || ts.isTypeAssertionExpression(p))
      n = p;
    else if (ts.isConditionalExpression(p) && p.condition !== n) n = p;
    else if (ts.isBinaryExpression(p) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(p.operatorToken.kind)) n = p;
    else break;
  }
  const p = n.parent;
  const catOfCallee = (x) => (ts.isIdentifier(x) ? catBySymbol.get(checker.getSymbolAtLocation(x)) : undefined);
  const catOfTable = (x) => {
    // alias.table.en / alias.table['zh-CN']
    if (!(ts.isPropertyAccessExpression(x) || ts.isElementAccessExpression(x))) return undefined;
    const t = x.expression;
    return ts.isPropertyAccessExpression(t) && t.name.text === 'table' ? catOfCallee(t.expression) : undefined;
  };
  if (ts.isCallExpression(p) && p.arguments[0] === n) return catOfCallee(p.expression);
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.InKeyword && p.left === n) return catOfTable(p.right);
  if (ts.isElementAccessExpression(p) && p.argumentExpression === n) return catOfTable(p.expression);
  return undefined;
}

function referencesOf(symbol, sf) {
  const out = [];
  const visit = (n) => {
    if (ts.isIdentifier(n) && checker.getSymbolAtLocation(n) === symbol) out.push(n);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** A const or a callback parameter whose every use is a key of `cat`: its values are rewritten where they are written. */
function traceName(id, cat, st) {
  const symbol = checker.getSymbolAtLocation(id);
  const decl = symbol?.valueDeclaration;
  if (!decl || decl.getSourceFile() !== st.sf) return false;
  if (st.traced.has(symbol)) return true;
  let values;
  if (ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name) && decl.initializer && (decl.parent.flags & ts.NodeFlags.Const) !== 0) {
    if (decl.type && hasLiteralType(decl.type)) return false;
    const statement = decl.parent.parent;
    if (ts.isVariableStatement(statement) && isExported(statement)) return false;
    values = [decl.initializer];
  } else if (ts.isParameter(decl) && !decl.type && ts.isIdentifier(decl.name)) {
    const fn = decl.parent;
    if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || fn.parameters[0] !== decl) return false;
    const call = fn.parent;
    if (!ts.isCallExpression(call) || call.arguments[0] !== fn || !ts.isPropertyAccessExpression(call.expression) || !ITERATORS.has(call.expression.name.text))
      return false;
    const list = skipOuter(call.expression.expression);
    if (!ts.isArrayLiteralExpression(list)) return false;
    values = list.elements;
  } else return false;
  const refs = referencesOf(symbol, st.sf).filter((r) => r !== decl.name);
  if (!refs.length || !refs.every((r) => keyContext(r) === cat || onlyTested(r))) return false;
  if (!refs.some((r) => keyContext(r) === cat)) return false;
  st.traced.add(symbol);
  for (const v of values) rewriteValue(v, cat, st);
  return true;
}

/** `TABLE[x]` where TABLE is a const object or array literal used only as a table of keys of `cat`. */
function traceTable(id, cat, st) {
  const symbol = checker.getSymbolAtLocation(id);
  const decl = symbol?.valueDeclaration;
  if (!decl || decl.getSourceFile() !== st.sf || !ts.isVariableDeclaration(decl) || !decl.initializer || (decl.parent.flags & ts.NodeFlags.Const) === 0)
    return false;
  if (st.traced.has(symbol)) return true;
  const statement = decl.parent.parent;
  if (ts.isVariableStatement(statement) && isExported(statement)) return false;
  const init = skipOuter(decl.initializer);
  if (!ts.isObjectLiteralExpression(init) && !ts.isArrayLiteralExpression(init)) return false;
  const refs = referencesOf(symbol, st.sf).filter((r) => r !== decl.name);
  const ok = refs.every((r) => {
    const p = r.parent;
    if (ts.isElementAccessExpression(p) && p.expression === r) return keyContext(p) === cat;
    if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.InKeyword && p.right === r) return true; // a test on the table's own keys
    if (ts.isCallExpression(p) && p.arguments[0] === r && /^Object\.keys$/.test(p.expression.getText())) return true;
    return false;
  });
  if (!ok) return false;
  st.traced.add(symbol);
  const values = ts.isObjectLiteralExpression(init) ? init.properties.map((p) => (ts.isPropertyAssignment(p) ? p.initializer : undefined)) : init.elements;
  for (const v of values) {
    if (!v) todo.push(`${where(init)}: an entry of a key table that is not 'name: value' (check it)`);
    else rewriteValue(v, cat, st);
  }
  return true;
}

function rewriteValue(v, cat, st) {
  const before = (edits.get(st.file) ?? []).length;
  rewriteKey(v, cat, st);
  count.tracedValues += (edits.get(st.file) ?? []).length - before > 0 ? 1 : 0;
}

function skipOuter(e) {
  return ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) ? skipOuter(e.expression) : e;
}

function hasLiteralType(typeNode) {
  let found = false;
  const visit = (n) => {
    if (ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal)) found = true;
    ts.forEachChild(n, visit);
  };
  visit(typeNode);
  return found;
}

/** A dynamic key: wrap it in a template with the prefix when its type shows every value takes the plain prefix. */
function wrap(e, cat, st) {
  const type = checker.getTypeAtLocation(e);
  const parts = type.isUnion() ? type.types : [type];
  const values = parts.every((t) => t.isStringLiteral()) ? parts.map((t) => t.value) : undefined;
  const head = prefixOf(cat);
  if (!values) {
    if (!head && !cat.keys.some((k) => k.includes(':'))) return; // nothing changes for it
    todo.push(
      `${where(e)}: a dynamic key \`${e.getText().slice(0, 80)}\` of type ${checker.typeToString(type)}: its values need the prefix '${head}' / ':' → '.' (do it by hand)`,
    );
    return;
  }
  if (values.every((v) => cat.keyMap.get(v) === v)) return; // its values keep their text
  const allKeys = cat.keys.length > 20 && values.length === cat.keys.length;
  if (!allKeys && values.every((v) => cat.keyMap.get(v) === head + v)) {
    addEdit(st.file, e.getStart(), e.getEnd(), `\`${head}\${${e.getText()}}\``);
    count.wrapped++;
    notes.push(`${where(e)}: wrapped the dynamic key \`${e.getText().slice(0, 60)}\` as \`${head}\${…}\``);
    return;
  }
  todo.push(
    `${where(e)}: a dynamic key \`${e.getText().slice(0, 80)}\` whose values (${values.length}${allKeys ? ', typed by the whole catalogue' : ''}) are written elsewhere: prefix them with '${head}' where they are written`,
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// 4. The catalogue files.

const writes = new Map(); // file → text
const removes = new Set();

/** The text of a table literal with its keys renamed by `map`. */
function tableText(obj, map) {
  const out = [];
  const base = obj.getStart();
  for (const lang of ['en', 'zh-CN']) {
    const lit = langTables(obj)[lang];
    for (const p of lit.properties) {
      const k = unquote(p.name);
      const n = map.get(k);
      if (n === undefined || n === k) continue;
      out.push({ start: p.name.getStart() - base, end: p.name.getEnd() - base, text: /^[A-Za-z_$][\w$]*$/.test(n) ? n : `'${n}'` });
    }
  }
  return applyEdits(obj.getText(), out);
}

function applyEdits(text, list) {
  const sorted = [...list].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let last = Number.POSITIVE_INFINITY;
  for (const e of sorted) {
    if (e.end > last) fail(`overlapping edits (${e.start}-${e.end}): a bug in the codemod`);
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    last = e.start;
  }
  return out;
}

/** The comment block at the top of a file (before its first statement). */
function exampleKey(plan, all) {
  const c = plan.cats.find((x) => x.section === all[0].name) ?? plan.cats[0];
  return c.keys.length ? c.keyMap.get(c.keys[0]) : `${all[0].name}.…`;
}

function headerComment(sf) {
  const first = sf.statements[0];
  const text = sf.text.slice(0, first ? first.getStart() : sf.text.length);
  return text.trim() ? `${text.trim()}\n` : '';
}

/** The comments right above a statement (its JSDoc, say), when the statement is not the first. */
function leadingComments(st) {
  const sf = st.getSourceFile();
  if (sf.statements[0] === st) return '';
  const ranges = ts.getLeadingCommentRanges(sf.text, st.getFullStart()) ?? [];
  return ranges.map((r) => sf.text.slice(r.pos, r.end)).join('\n');
}

const oldName = new Map(); // old basename → new path (for comments)
for (const plan of work) {
  for (const c of plan.cats) {
    if (plan.sectioned) oldName.set(basename(c.file), `messages/${basename(c.sectionFile)}`);
  }
}
const fixComments = (text) => text.replace(/\b(messages-[a-z-]+|[a-z-]+-messages)\.ts\b/g, (w) => oldName.get(w) ?? w);

for (const plan of work) {
  const folder = plan.folder;
  const filesOfPlan = [...new Set(plan.cats.map((c) => c.file))];
  if (!plan.sectioned) {
    const c = plan.cats[0];
    const sf = c.sf;
    const list = [];
    if (c.name !== 'msg') list.push({ start: c.decl.name.getStart(), end: c.decl.name.getEnd(), text: 'msg' });
    const obj = c.call.arguments[0];
    list.push({ start: obj.getStart(), end: obj.getEnd(), text: tableText(obj, c.keyMap) });
    for (const a of c.aliasStatements ?? []) {
      let end = a.getEnd();
      if (sf.text[end] === '\n') end++;
      list.push({ start: a.getFullStart(), end, text: '' });
    }
    let text = applyEdits(sf.text, list).replace(/\n{3,}$/, '\n\n');
    text = text.replace(/\n+$/, '\n');
    writes.set(plan.messagesFile, text);
    if (c.file !== plan.messagesFile) removes.add(c.file);
    count.filesRewritten++;
    continue;
  }
  for (const f of filesOfPlan) {
    const cats = plan.cats.filter((c) => c.file === f);
    for (const [i, c] of cats.entries()) {
      const comment = fixComments(headerComment(c.sf)) + (leadingComments(c.statement) ? `${leadingComments(c.statement)}\n` : '');
      const other = c.sf.statements.filter(
        (s) =>
          s !== c.statement &&
          !(c.aliasStatements ?? []).includes(s) &&
          !ts.isImportDeclaration(s) &&
          !plan.cats.some((x) => x.statement === s || (x.aliasStatements ?? []).includes(s)),
      );
      if (i === 0 && other.length) todo.push(`${rel(f)}: holds more than its catalogue (${other.map((s) => where(s)).join(', ')}): not moved, copy it by hand`);
      const i18n = moduleSpecifier(c.sectionFile, c.i18n);
      const body = tableText(c.call.arguments[0], c.sectionKey);
      writes.set(c.sectionFile, `${comment}import { section } from '${i18n}';\n\nexport const ${c.ident} = section(${body});\n`);
      count.sections++;
    }
    if (f !== plan.messagesFile) removes.add(f);
  }
  // messages.ts: combine every section (the existing ones too)
  const existing = combined.get(folder)?.sections ?? [];
  const all = [
    ...existing.map((s) => ({ name: s.name, ident: s.ident, file: s.file, importName: s.importName })),
    ...plan.cats.map((c) => ({ name: c.section, ident: c.ident, file: c.sectionFile, importName: c.ident })),
  ].sort((a, b) => a.name.localeCompare(b.name));
  const i18n = moduleSpecifier(plan.messagesFile, plan.cats[0].i18n);
  const imports = all.map(
    (s) => `import { ${s.importName === s.ident ? s.ident : `${s.importName} as ${s.ident}`} } from '${moduleSpecifier(plan.messagesFile, s.file)}';`,
  );
  const entries = all.map((s) =>
    s.name === s.ident ? s.name : `${RESERVED.has(s.name) || !/^[A-Za-z_$][\w$]*$/.test(s.name) ? `'${s.name}'` : s.name}: ${s.ident}`,
  );
  const where_ = relative(ROOT, folder).split(sep).join('/');
  const header =
    (combined.get(folder) && headerComment(combined.get(folder).cat.sf)) ||
    `// The one catalogue of ${where_}/ (en, zh-CN): each file of messages/ is a section, a typed table, and a key is\n// \`<section>.<key>\`, e.g. msg('${exampleKey(plan, all)}'). A sentence goes into the section of its family; zh-CN is required by the type.\n`;
  writes.set(
    plan.messagesFile,
    `${header}import { defineCatalogue } from '${i18n}';\n${imports.join('\n')}\n\nexport const msg = defineCatalogue({ ${entries.join(', ')} });\n`,
  );
  if (!removes.has(plan.messagesFile)) removes.delete(plan.messagesFile);
  count.filesRewritten++;
}
for (const f of writes.keys()) removes.delete(f);

// The importers: apply their edits (a catalogue file that imports another is rewritten above and not here).
for (const [file, list] of edits) {
  if (writes.has(file) || removes.has(file)) {
    if (list.length) todo.push(`${rel(file)}: a catalogue file that uses another catalogue: check its imports by hand`);
    continue;
  }
  const text = readFileSync(file, 'utf8');
  const out = applyEdits(text, dedupe(list));
  if (out !== text) writes.set(file, out);
}

function dedupe(list) {
  const seen = new Set();
  return list.filter((e) => {
    const k = `${e.start}:${e.end}:${e.text}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// 5. i18n/index.ts and the tests that keep the shape.

const I18N = join(SRC, 'i18n/index.ts');
if (work.some((p) => p.sectioned) && existsSync(I18N)) {
  const text = writes.get(I18N) ?? readFileSync(I18N, 'utf8');
  if (!/export function defineCatalogue\b/.test(text)) {
    writes.set(
      I18N,
      `${text.replace(/\n*$/, '\n')}
/** A section of a folder's catalogue (\`<folder>/messages/<section>.ts\`): a typed table, zh-CN required as in defineMessages. */
export function section<K extends string>(table: Messages<K>): Messages<K> {
  return table;
}

/** The keys of a catalogue made of sections: \`<section>.<key>\`. */
export type SectionKeys<S extends Record<string, Messages<string>>> = {
  [N in keyof S & string]: \`\${N}.\${keyof S[N]['en'] & string}\`;
}[keyof S & string];

/** One lookup over a folder's sections (\`msg('busy.evProcess')\`): the prefixed en and zh-CN tables are built once. */
export function defineCatalogue<S extends Record<string, Messages<string>>>(sections: S): Lookup<SectionKeys<S>> {
  const table: Messages<string> = { en: {}, 'zh-CN': {} };
  for (const [name, part] of Object.entries(sections)) {
    for (const lang of LANGS) for (const [key, text] of Object.entries(part[lang])) table[lang][\`\${name}.\${key}\`] = text;
  }
  return defineMessages(table as Messages<SectionKeys<S>>);
}
`,
    );
  }
}

const SHAPE_TEST = join(ROOT, 'test/i18n/catalogue-shape.test.ts');
if (!existsSync(SHAPE_TEST)) writes.set(SHAPE_TEST, SHAPE_TEST_TEXT());

patchText(
  join(ROOT, 'test/i18n/no-english-literals.test.ts'),
  [[String.raw`/(^|\/)messages[^/]*\.ts$|-messages\.ts$/`, String.raw`/(^|\/)messages(\/[^/]+)?\.ts$/`]],
  'the catalogue-file filter',
);
patchText(
  join(ROOT, 'test/i18n/catalogues.test.ts'),
  [
    [String.raw`else if (/messages[^/]*\.ts$/.test(e)) out.push(p);`, `else if (e === 'messages.ts') out.push(p);`],
    [
      `// Every message catalogue of src/ (each \`defineMessages\` table, found through its \`table\`)`,
      `// Every message catalogue of src/ (each folder's messages.ts \`msg\`, found through its \`table\`)`,
    ],
    [`it('are all found (one per messages file at least)'`, `it('are all found (one per messages.ts)'`],
    [`expect(Object.keys(modules).length).toBeGreaterThan(20);`, `expect(Object.keys(modules).length).toBeGreaterThan(10);`],
  ],
  'the catalogue-file filter',
);

patchText(
  join(ROOT, 'docs/architecture.md'),
  [
    [
      `comes from a catalogue made by \`defineMessages\` (\`src/i18n/index.ts\`), whose type requires the same
keys in \`en\` and \`zh-CN\`. A folder's sentences live in its \`messages.ts\`, or in \`messages-<topic>.ts\` files where one
would pass ~400 lines (\`src/diagnose/rules/\`); keys are camelCase (older catalogues keep their dotted keys); commands,
paths and versions stay in the code and only the words around them are looked up (\`\` \`nvidia-smi   # \${fx('why')}\` \`\`).
\`test/i18n/catalogues.test.ts\` checks keys`,
      `comes from its folder's catalogue, \`<folder>/messages.ts\`, exported as \`msg\` (\`src/i18n/index.ts\`),
whose type requires the same keys in \`en\` and \`zh-CN\`; a folder without one uses its nearest ancestor's. A big folder
splits its catalogue into sections, \`<folder>/messages/<section>.ts\` (\`section({ en, 'zh-CN' })\`), which its
messages.ts combines with \`defineCatalogue\` into keys \`<section>.<key>\` (\`src/diagnose/rules/\`, \`src/commands/\`,
\`src/install/\`). Keys are dotted lowerCamel segments; a segment that is a Finding code, a tool name or a code a tool prints is
written as it is (\`area.driver-too-old\`, \`reason.ENOENT\`). Commands, paths and versions stay in the code and only the words around them are looked up
(\`\` \`nvidia-smi   # \${msg('libraries.shDriverWorks')}\` \`\`). \`test/i18n/catalogue-shape.test.ts\` keeps that shape
(\`scripts/unify-catalogues.mjs\` brought the tree to it).
\`test/i18n/catalogues.test.ts\` checks keys`,
    ],
  ],
  'the paragraph on catalogues',
);

function patchText(file, pairs, what) {
  if (!existsSync(file)) return;
  let text = writes.get(file) ?? readFileSync(file, 'utf8');
  for (const [from, to] of pairs) {
    if (text.includes(to)) continue;
    if (!text.includes(from)) {
      todo.push(`${rel(file)}: could not find ${JSON.stringify(from.slice(0, 60))} (${what}): update it by hand`);
      continue;
    }
    text = text.replace(from, to);
  }
  if (text !== readFileSync(file, 'utf8')) writes.set(file, text);
}

function SHAPE_TEST_TEXT() {
  return `// The shape of the catalogues (issue 21): one per folder, always \`<folder>/messages.ts\` exporting \`msg\`; a big folder's
// sections are plain tables in \`<folder>/messages/<section>.ts\`; every key is dotted lowerCamel segments (a segment that
// is a Finding code, a tool name or a code a tool prints, kebab, snake or upper case, is written as it is:
// 'area.driver-too-old', 'tool.arch_list', 'reason.ENOENT', 'pcie.PIX').
// scripts/unify-catalogues.mjs brought the tree to this shape.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Lookup } from '../../src/i18n/index.js';

const SRC = join(import.meta.dirname, '../../src');
export const KEY_STYLE = /^[a-z][A-Za-z0-9]*(\\.([a-z][A-Za-z0-9]*|[a-z][a-z0-9]*([-_][a-z0-9]+)+|[A-Z][A-Z0-9]*(_[A-Z0-9]+)*))*$/;

function files(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) files(p, out);
    else if (e.endsWith('.ts')) out.push(p);
  }
  return out;
}

const all = files(SRC).map((p) => relative(SRC, p).split('\\\\').join('/'));
const code = (r: string) =>
  readFileSync(join(SRC, r), 'utf8')
    .replace(/\\/\\*[\\s\\S]*?\\*\\//g, '')
    .replace(/^\\s*\\/\\/.*$/gm, '');
const defining = all.filter((r) => r !== 'i18n/index.ts' && /\\b(defineMessages|defineCatalogue)\\(/.test(code(r)));
const catalogueFiles = all.filter((r) => basename(r) === 'messages.ts');

describe('catalogue shape', () => {
  it('catalogues are defined only in <folder>/messages.ts, one per folder', () => {
    expect(defining.filter((r) => basename(r) !== 'messages.ts')).toEqual([]);
    const perFolder = new Map<string, number>();
    for (const r of defining) perFolder.set(dirname(r), (perFolder.get(dirname(r)) ?? 0) + (code(r).match(/\\b(defineMessages|defineCatalogue)\\(/g)?.length ?? 0));
    expect([...perFolder].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('no messages-*.ts or *-messages.ts files; section files only under <folder>/messages/', () => {
    expect(all.filter((r) => /(^|\\/)(messages-[^/]*|[^/]*-messages)\\.ts$/.test(r))).toEqual([]);
    const sections = all.filter((r) => /(^|\\/)messages\\/[^/]+\\.ts$/.test(r));
    for (const r of sections) expect(catalogueFiles, \`\${r} has no messages.ts beside its folder\`).toContain(\`\${dirname(dirname(r))}/messages.ts\`.replace(/^\\.\\//, ''));
    for (const r of sections) expect(code(r), r).not.toMatch(/\\bdefine(Messages|Catalogue)\\(/);
  });

  it.each(catalogueFiles)('%s exports msg and nothing else that is a lookup', async (r) => {
    const mod = (await import(pathToFileURL(join(SRC, r)).href)) as Record<string, unknown>;
    const lookups = Object.entries(mod).filter(([, v]) => typeof v === 'function' && 'table' in (v as object));
    expect(lookups.map(([k]) => k)).toEqual(['msg']);
  });

  it.each(catalogueFiles)('%s: every key is in the style', async (r) => {
    const { msg } = (await import(pathToFileURL(join(SRC, r)).href)) as { msg: Lookup<string> };
    expect(Object.keys(msg.table.en).filter((k) => !KEY_STYLE.test(k))).toEqual([]);
  });

  it('the key style takes dotted lowerCamel and codes, and refuses the rest', () => {
    expect(['usage.title', 'archTitle', 'area.driver-too-old', 'tool.arch_list', 'busy.evProcess', 'reason.ENOENT', 'pcie.PIX'].filter((k) => !KEY_STYLE.test(k))).toEqual([]);
    expect(['area:driver-too-old', 'Usage.title', 'usage..title', 'usage.', 'driver-too-old', 'a.Big', 'a.b-', 'ENOENT', 'a.PIx'].filter((k) => KEY_STYLE.test(k))).toEqual([]);
  });
});
`;
}

// ---------------------------------------------------------------------------------------------------------------------
// 6. Write, format, report.

if (!DRY) {
  for (const [file, text] of writes) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  for (const file of removes) if (existsSync(file)) unlinkSync(file);
  const toFormat = [...writes.keys()].filter((f) => existsSync(f)).map(rel);
  if (toFormat.length && !flag('--no-format')) {
    const biome = join(ROOT, 'node_modules/.bin/biome');
    try {
      execFileSync(biome, ['format', '--write', ...toFormat], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (err) {
      todo.push(`biome format failed: ${String(err.stderr ?? err).slice(0, 400)}`);
    }
  }
}

const say = (s) => QUIET || console.log(s);
if (!work.length && !writes.size) say('unify-catalogues: nothing to do (every folder has one catalogue, messages.ts, msg, keys in the style)');
else {
  say(
    `unify-catalogues${DRY ? ' (dry run)' : ''}: ${count.catalogues} catalogues found; ${count.folders} folders changed (${work.filter((p) => p.sectioned).length} with sections: ${work
      .filter((p) => p.sectioned)
      .map((p) => rel(p.folder))
      .join(', ')})`,
  );
  say(
    `  ${count.sections} section files, ${writes.size} files written, ${removes.size} removed, ${count.imports} imports, ${count.literalKeys} literal keys, ${count.templateKeys} template keys,`,
  );
  say(
    `  ${count.tracedValues} key values rewritten where written (consts, tables, arrays), ${count.wrapped} dynamic keys wrapped, ${count.renamedKeys} keys renamed (':' → '.'), ${count.typeofRefs} typeof, ${count.tableRefs} .table`,
  );
  if (!QUIET) for (const n of notes) console.log(`  note: ${n}`);
}
if (CHECK && (writes.size || removes.size)) process.exitCode = 1;
if (todo.length) {
  console.log(`\nleft to do (${todo.length}):`);
  for (const t of [...new Set(todo)]) console.log(`  ${t}`);
  process.exitCode = 1;
}
