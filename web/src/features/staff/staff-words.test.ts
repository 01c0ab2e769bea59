/**
 * Every word on a staff screen comes from the `staff` catalogue: no text written into the JSX of
 * web/src/features/staff, neither between tags nor in the props a person reads or hears (label,
 * aria-label, placeholder, alt, title…), nor in a page's title. Every desk is translated; a new
 * desk starts translated.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const STAFF_DIR = import.meta.dirname;

/** Props whose text a person reads or hears. */
const WORD_PROPS = new Set([
  'label',
  'aria-label',
  'placeholder',
  'alt',
  'title',
  'help',
  'submitLabel',
  'question',
  'yes',
  'columns',
]);

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

/** The texts written into a file's JSX and its page title, each with where it is. */
function literalTexts(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${path.relative(STAFF_DIR, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${where(node)} ${node.text.trim()}`);
    if (ts.isJsxAttribute(node) && WORD_PROPS.has(node.name.getText())) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value.text
          : value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
            ? value.expression.text
            : null;
      if (literal !== null && hasWords(literal)) found.push(`${where(node)} ${node.name.getText()}="${literal}"`);
    }
    // A text shown as it is: a string between tags ({'Copied.'}), or a branch of a choice there.
    if (
      (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) &&
      hasWords(node.getText()) &&
      shownAsIs(node)
    ) {
      found.push(`${where(node)} ${node.getText()}`);
    }
    if (ts.isCallExpression(node) && node.expression.getText() === 'useDocumentTitle') {
      const [title] = node.arguments;
      if (title && ts.isStringLiteralLike(title)) found.push(`${where(node)} title "${title.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether a string stands between tags as it is, or as a branch of a choice or a fallback there. */
function shownAsIs(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isJsxExpression(parent)) return !ts.isJsxAttribute(parent.parent);
  if (ts.isConditionalExpression(parent) && parent.condition !== node) return shownAsIs(parent);
  if (ts.isBinaryExpression(parent) && parent.right === node) return shownAsIs(parent);
  if (ts.isParenthesizedExpression(parent)) return shownAsIs(parent);
  return false;
}

function staffFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return staffFiles(file);
    return /\.tsx$/.test(entry.name) && !entry.name.endsWith('.test.tsx') ? [file] : [];
  });
}

describe('the staff screens’ words', () => {
  it('come from the staff catalogue on every desk: no text written into the JSX', () => {
    const files = staffFiles(STAFF_DIR);
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => literalTexts(file))).toEqual([]);
  });

  it('would find English written between tags, in a prop a person reads and in a page title', () => {
    const english = `export default function Desk() {
      useDocumentTitle('Members');
      return <section><p>No members yet</p><Button aria-label="Close it">{ok ? 'Saved.' : t('x')}</Button></section>;
    }`;
    expect(literalTexts(path.join(STAFF_DIR, 'Desk.tsx'), english)).toHaveLength(4);
  });
});
