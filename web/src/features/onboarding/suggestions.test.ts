// Suggestions come from the steps alone: a changing-looking literal → input, a missing secret → store it,
// a long fixed wait before an element step → wait for the element; anything else → no suggestion.
import { definitionSchema, type Definition } from '@shared/schemas/definition';
import { describe, expect, it } from 'vitest';
import { applySuggestions, inputNameFor, suggestionsFor, valueKind } from './suggestions';

const change = (id: string, name: string, value: string) => ({ id, type: 'change' as const, description: '', selectors: [`aria/${name}[role="textbox"]`], value });
const definition = (steps: Definition['steps']): Definition => ({ version: 1, steps });

describe('valueKind', () => {
  it.each([
    ['1200', 'amount'],
    ['12 500,50', 'amount'],
    ['2026-11-27', 'date'],
    ['27/11/2026', 'date'],
    ['556677-8899', 'org_number'],
    ['5050-1055', 'bankgiro'],
    ['anna@example.se', 'email'],
    ['Anna Andersson', 'name'],
  ])('%s looks like %s', (value, kind) => expect(valueKind(value)).toBe(kind));

  it.each(['anna', 'true', 'Hyra december', '{{input.belopp}}', '', 'Stockholm'])('%s is no changing value', (value) =>
    expect(valueKind(value)).toBeNull(),
  );
});

describe('suggestionsFor', () => {
  it('suggests nothing for a recording of fixed words and clicks', () => {
    const steps = definition([
      { id: 'a', type: 'navigate', description: '', url: 'https://portal.example.se/' },
      change('b', 'Användarnamn', 'anna'),
      { id: 'c', type: 'click', description: '', selectors: ['aria/Spara[role="button"]'] },
    ]);
    expect(suggestionsFor(steps, [])).toEqual([]);
  });

  it('suggests an input per changing value, named after its field, and a missing secret bound to the site', () => {
    const steps = definition([
      { id: 'a', type: 'navigate', description: '', url: 'https://portal.example.se/login' },
      change('b', 'Lösenord', '{{secret.LOSENORD}}'),
      change('c', 'Belopp (kr)', '1 200'),
      change('d', 'Belopp (kr)', '300'),
      change('e', 'Lösenord', '{{secret.LOSENORD}}'),
    ]);
    const found = suggestionsFor(steps, ['ANNAT']);
    expect(found).toEqual([
      { kind: 'secret', id: 'secret-b', stepId: 'b', stepNumber: 2, secret: 'LOSENORD', origin: 'https://portal.example.se' },
      expect.objectContaining({ kind: 'input', stepId: 'c', stepNumber: 3, inputName: 'belopp_kr', valueKind: 'amount', value: '1 200' }),
      expect.objectContaining({ kind: 'input', stepId: 'd', inputName: 'belopp_kr_2' }),
    ]);
    expect(suggestionsFor(steps, ['LOSENORD']).map((s) => s.kind)).toEqual(['input', 'input']);
  });

  it('suggests waiting for the next step\'s element only after a long fixed wait', () => {
    const steps = definition([
      { id: 'w1', type: 'wait', description: '', ms: 1000 },
      { id: 'c1', type: 'click', description: '', selectors: ['aria/Spara[role="button"]'] },
      { id: 'w2', type: 'wait', description: 'Vänta', ms: 8000 },
      { id: 'c2', type: 'click', description: '', selectors: ['#skicka'], frame: [1] },
    ]);
    const found = suggestionsFor(steps, []);
    expect(found).toEqual([{ kind: 'wait', id: 'wait-w2', stepId: 'w2', stepNumber: 3, ms: 8000, field: '' }]);
    const { definition: applied } = applySuggestions(steps, found);
    expect(applied.steps[2]).toEqual({ id: 'w2', type: 'waitForElement', description: 'Vänta', selectors: ['#skicka'], frame: [1], timeout: 16_000 });
    expect(definitionSchema.safeParse(applied).success).toBe(true);
  });
});

describe('applySuggestions', () => {
  it('replaces only the chosen literals by inputs, keeps the literals as test values, and stays a valid definition', () => {
    const steps = definition([change('c', 'Belopp', '1200'), change('d', 'Datum', '2026-11-27')]);
    const [amount] = suggestionsFor(steps, []);
    const { definition: applied, testInputs } = applySuggestions(steps, [amount!]);
    expect(applied.steps.map((s) => (s.type === 'change' ? s.value : null))).toEqual(['{{input.belopp}}', '2026-11-27']);
    expect(testInputs).toEqual({ belopp: '1200' });
    expect(definitionSchema.safeParse(applied).success).toBe(true);
  });
});

describe('inputNameFor', () => {
  it('makes a variable name from a Swedish field name, unique among those taken', () => {
    const taken = new Set<string>();
    expect(inputNameFor('Förfallodatum', taken)).toBe('forfallodatum');
    expect(inputNameFor('Förfallodatum', taken)).toBe('forfallodatum_2');
    expect(inputNameFor('1:a raden', taken)).toBe('v_1_a_raden');
    expect(inputNameFor(null, taken)).toBe('varde');
  });
});
