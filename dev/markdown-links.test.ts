// Every relative link in the repository's Markdown resolves inside the repository: the file (or
// folder) exists, and a #fragment names a heading of the target file. Links to other sites are not
// fetched; a link that leaves the repository (../ past its root) fails.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const markdownFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(join(root, f)));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of withoutCode(markdown).split('\n')) {
    const m = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!m) continue;
    const base = slug(m[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n ? `${base}-${n}` : base);
  }
  return result;
}

/** The text without fenced code blocks and inline code, where brackets are not links. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
}

export function links(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const reference = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]);
  return [...inline, ...reference];
}

/** What is wrong with `target` linked from `file`, or null when it resolves. */
function problem(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: …: not ours to check
  const [path, fragment] = target.split('#') as [string, string | undefined];
  const absolute = path ? resolve(dirname(join(root, file)), decodeURIComponent(path)) : join(root, file);
  if (relative(root, absolute).startsWith('..')) return 'points outside the repository';
  if (!existsSync(absolute)) return 'no such file';
  if (fragment && statSync(absolute).isFile() && absolute.endsWith('.md')) {
    if (!anchors(readFileSync(absolute, 'utf8')).has(fragment)) return `no heading #${fragment}`;
  }
  return null;
}

describe('Markdown links', () => {
  it('finds the repository docs', () => {
    expect(markdownFiles).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/product.md', 'docs/deploy.md']));
  });

  it('resolve inside the repository (file and heading)', () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      for (const target of links(readFileSync(join(root, file), 'utf8'))) {
        const why = problem(file, target);
        if (why) broken.push(`${file}: ${target} (${why})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the checker itself: finds links, skips code, and computes GitHub anchors', () => {
    const sample = '# The local stack (no Docker)\n## 4. The function and its secrets\n[a](x.md) `[b](y.md)` [c](https://e.se)\n```\n[d](z.md)\n```\n[r]: ref.md\n';
    expect(links(sample)).toEqual(['x.md', 'https://e.se', 'ref.md']);
    expect([...anchors(sample)]).toEqual(['the-local-stack-no-docker', '4-the-function-and-its-secrets']);
    expect(problem('docs/product.md', '../../outside.md')).toBe('points outside the repository');
    expect(problem('README.md', 'docs/nope.md')).toBe('no such file');
    expect(problem('README.md', 'docs/deploy.md#no-such-heading')).toBe('no heading #no-such-heading');
    expect(problem('README.md', 'docs/deploy.md#6-the-runner-as-a-service')).toBeNull();
  });
});
