import type { Step } from '@shared/schemas/definition';
import { describe, expect, it } from 'vitest';
import { diffSteps } from './version-diff';

const click = (id: string, name: string): Step => ({ id, type: 'click', description: '', selectors: [`aria/${name}[role="button"]`] });
const wait = (id: string, ms: number): Step => ({ id, type: 'wait', description: '', ms });

describe('diffSteps', () => {
  it('names added, removed and changed steps in the newer order, a removed step where it was', () => {
    const before = [click('a', 'Logga in'), wait('b', 1000), click('c', 'Spara')];
    const after = [click('a', 'Logga in'), click('c', 'Spara'), wait('d', 500), wait('b', 3000)].filter((s) => s.id !== 'b');
    const { changes, reordered } = diffSteps(before, after);
    expect(changes.map((c) => [c.kind, c.step.id])).toEqual([
      ['removed', 'b'],
      ['added', 'd'],
    ]);
    expect(reordered).toBe(false);
  });

  it('a step with the same id and other content is changed, with both versions', () => {
    const { changes } = diffSteps([wait('b', 1000)], [wait('b', 3000)]);
    expect(changes).toEqual([{ kind: 'changed', before: wait('b', 1000), step: wait('b', 3000) }]);
  });

  it('tells when the same steps are in another order, and nothing else changed', () => {
    expect(diffSteps([wait('a', 1), wait('b', 2)], [wait('b', 2), wait('a', 1)])).toEqual({ changes: [], reordered: true });
    expect(diffSteps([wait('a', 1), wait('b', 2)], [wait('a', 1), wait('b', 2)])).toEqual({ changes: [], reordered: false });
  });
});
