// No user-facing text outside the locales: every .tsx under web/src is parsed and its JSX text,
// string-literal children and user-facing string attributes must not contain letters.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcDir = join(import.meta.dirname, '..');
/** Brand and proper names that read the same in every language. */
const ALLOWED = new Set(['Kollega']);
const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
const hasLetters = (text: string) => /\p{L}/u.test(text);

function findHardcodedStrings(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.trim();
    if (hasLetters(trimmed) && !ALLOWED.has(trimmed)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${fileName}:${line + 1} ${JSON.stringify(trimmed)}`);
    }
  };
  const isStringLike = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && isStringLike(node.expression) && !ts.isJsxAttribute(node.parent)) {
      report(node, node.expression.text);
    } else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value && isStringLike(value)) report(node, value.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('no hard-coded user-facing strings', () => {
  it('finds text in JSX, string children and text attributes (the scanner itself works)', () => {
    const sample = [
      'const a = <p>Hej världen</p>;',
      "const b = <p>{'Spara'}</p>;",
      'const c = <input placeholder="Sök" aria-label={`Stäng`} />;',
      "const d = <p className=\"text-sm\" data-x=\"abc\">{t('ok')} – 3 / {count}</p>;",
      'const e = <span>Kollega</span>;',
    ].join('\n');
    expect(findHardcodedStrings('sample.tsx', sample)).toEqual([
      'sample.tsx:1 "Hej världen"',
      'sample.tsx:2 "Spara"',
      'sample.tsx:3 "Sök"',
      'sample.tsx:3 "Stäng"',
    ]);
  });

  it('holds for every .tsx file under web/src', () => {
    const files = tsxFiles(srcDir);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) => findHardcodedStrings(relative(srcDir, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
