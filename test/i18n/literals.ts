// Finds the string literals of a TypeScript source that read as English prose (test/i18n/english.ts) in a place where
// they can reach output. The TypeScript parser, not a regex, tells strings from comments, regexes and identifiers.
import ts from 'typescript';
import { englishRuns } from './english.js';

export interface LiteralHit {
  line: number;
  text: string;
}

// Methods whose string argument is a pattern matched against someone else's output (a parse pattern), not our text.
const MATCHERS = new Set([
  'includes',
  'startsWith',
  'endsWith',
  'indexOf',
  'lastIndexOf',
  'match',
  'matchAll',
  'test',
  'search',
  'split',
  'replace',
  'replaceAll',
]);

/** True where a literal is a key, a type, a module name, a comparison operand or a matcher's pattern. */
function notOutput(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isImportTypeNode(parent) || ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent)) return true;
  if (
    (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent)) &&
    parent.name === node
  )
    return true;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return true;
  if (ts.isCaseClause(parent)) return true;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    if (op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.InKeyword) return true;
  }
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    const callee = parent.expression;
    if (ts.isIdentifier(callee) && callee.text === 'RegExp') return true;
    if (ts.isPropertyAccessExpression(callee) && MATCHERS.has(callee.name.text) && parent.arguments?.[0] === node) return true;
  }
  return false;
}

/** The English-looking literals of one file, with their line numbers. */
export function englishLiterals(fileName: string, source: string): LiteralHit[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const hits: LiteralHit[] = [];
  const check = (node: ts.Node, text: string) => {
    if (notOutput(node) || englishRuns(text).length === 0) return;
    hits.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      // `${a} is not ${b}`: the literal parts together, each substitution standing for one unknown word.
      check(node, [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' {x} '));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return hits;
}
