// sv and en must say the same things: identical key trees and placeholders in every namespace.
import { describe, expect, it } from 'vitest';
import { LABELLED_ERROR_TYPES, RUN_ERROR_TYPES } from '@shared/run-types';
import { resources } from './resources';

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [k, v] of leaves(value, path)) result.set(k, v);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('have the same namespaces in sv and en', () => {
    expect(Object.keys(resources.sv).sort()).toEqual(Object.keys(resources.en).sort());
  });

  for (const namespace of Object.keys(resources.en) as Array<keyof typeof resources.en>) {
    describe(namespace, () => {
      const sv = leaves(resources.sv[namespace] as Tree);
      const en = leaves(resources.en[namespace] as Tree);

      it('has identical keys in sv and en', () => {
        expect([...sv.keys()].sort()).toEqual([...en.keys()].sort());
      });

      it('has no empty texts', () => {
        for (const [key, text] of [...sv, ...en]) expect(text.trim(), key).not.toBe('');
      });

      it('uses the same placeholders in both languages', () => {
        for (const [key, text] of en) expect(placeholders(sv.get(key) ?? ''), key).toEqual(placeholders(text));
      });
    });
  }
});

describe('namespace names', () => {
  it('match their file names, which is how the app loads them lazily', () => {
    const files = Object.keys(import.meta.glob('./*/*.json')).map((path) => path.replace(/^\.\/(sv|en)\/(.+)\.json$/, '$2'));
    const expected = [...new Set(files)].filter((name) => name !== 'validation').sort();
    expect(Object.keys(resources.en).filter((name) => name !== 'validation').sort()).toEqual(expected);
  });
});

describe('run error types', () => {
  // A type without its texts shows a raw key (or "Fel") to an office administrator.
  for (const lng of ['sv', 'en'] as const) {
    it(`each has its explanation and what to do, and a label in the error queue, run details and test runs (${lng})`, () => {
      const all = leaves(resources[lng] as unknown as Tree);
      for (const type of LABELLED_ERROR_TYPES) {
        expect(all.get(`run_errors.types.${type}.explanation`), type).toBeTruthy();
        expect(all.get(`run_errors.types.${type}.action`), type).toBeTruthy();
        expect(all.get(`error_queue.types.${type}`), `error_queue ${type}`).toBeTruthy();
      }
      for (const type of RUN_ERROR_TYPES.filter((x) => x !== 'stopped')) {
        expect(all.get(`flow_runs.error_types.${type}`), `flow_runs ${type}`).toBeTruthy();
        expect(all.get(`workflows.test_run.error_types.${type}`), `workflows test run ${type}`).toBeTruthy();
      }
    });
  }
});
