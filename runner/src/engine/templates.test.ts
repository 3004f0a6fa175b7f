// Templates and secret masking, without a browser.
import { describe, expect, test } from 'vitest';
import { StepError } from './errors.ts';
import { definitionOf } from './test/harness.ts';
import { MASK, maskDeep, maskSecrets, resolveStep, substitute } from './templates.ts';

const scope = { variables: { total: '12 kr' }, inputs: { customer: 'ACME AB' }, secrets: { PASSWORD: 'p@ss word', TOKEN: 'abc123' } };

function thrown(fn: () => unknown): StepError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StepError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('substitute', () => {
  test('var, input and secret references, with spaces inside the braces; other braces are left alone', () => {
    expect(substitute('{{var.total}} för {{ input.customer }}: {{secret.PASSWORD}} {{other}}', scope)).toBe('12 kr för ACME AB: p@ss word {{other}}');
  });

  test('an unknown secret is secret_missing; an unknown input or variable is assertion_failed', () => {
    expect(thrown(() => substitute('{{secret.NOPE}}', scope))).toMatchObject({ type: 'secret_missing', message: 'the secret NOPE is not set for this organisation' });
    expect(thrown(() => substitute('{{input.nope}}', scope))).toMatchObject({ type: 'input_missing', message: 'the run input nope was not given' });
    expect(thrown(() => substitute('{{var.nope}}', scope))).toMatchObject({ type: 'assertion_failed', message: expect.stringContaining('the variable nope has no value') });
  });

  test('resolveStep templates every string field but id, type and description; texts for a model or a person never get secrets', () => {
    const [click, decision] = definitionOf([
      { type: 'click', description: 'Klicka {{input.customer}}', selectors: [['#host', 'text/{{input.customer}}']], target: 'https://x.se/{{var.total}}' },
      {
        type: 'ai_decision',
        prompt: 'Är {{var.total}} rätt? {{secret.TOKEN}}',
        options: [
          { value: 'a', label: 'A', then: 'continue' },
          { value: 'b', label: 'B', then: 'stop' },
        ],
      },
    ]).steps;
    expect(resolveStep(click!, scope)).toMatchObject({ id: 's1', description: 'Klicka {{input.customer}}', selectors: [['#host', 'text/ACME AB']], target: 'https://x.se/12 kr' });
    expect(resolveStep(decision!, scope)).toMatchObject({ prompt: 'Är 12 kr rätt? {{secret.TOKEN}}' });
  });
});

describe('maskSecrets', () => {
  test('masks every secret value, also URL-, form- and JSON-encoded; empty values mask nothing', () => {
    const secrets = { PASSWORD: 'p@ss word', TOKEN: 'abc123', EMPTY: '', QUOTE: 'sa "hej"' };
    expect(maskSecrets('login p@ss word then abc123', secrets)).toBe(`login ${MASK} then ${MASK}`);
    expect(maskSecrets('https://x.se/?pw=p%40ss%20word&t=abc123', secrets)).toBe(`https://x.se/?pw=${MASK}&t=${MASK}`);
    expect(maskSecrets('body pw=p%40ss+word', secrets)).toBe(`body pw=${MASK}`);
    expect(maskSecrets(JSON.stringify({ q: 'sa "hej"' }), secrets)).toBe(`{"q":"${MASK}"}`);
    expect(maskSecrets('nothing here', secrets)).toBe('nothing here');
  });

  test('maskDeep masks the strings of a step and keeps its shape', () => {
    const step = { id: 's1', type: 'change', selectors: ['#pw'], value: 'p@ss word', description: 'Lösen p@ss word' };
    expect(maskDeep(step, scope.secrets)).toEqual({ ...step, value: MASK, description: `Lösen ${MASK}` });
  });
});
