// The values a step used, as run details show them: inputs and variables of the run, never a secret.
import { expect, test } from 'vitest';
import { definitionOf } from './test/harness.ts';
import { MASK } from './templates.ts';
import { usedStep } from './used-step.ts';

test('a step with the run\'s inputs and variables; secrets stay references and a secret value is masked wherever it came from', () => {
  const [fill, password, click] = definitionOf([
    { type: 'change', selectors: ['#lev', 'aria/Leverantör'], fingerprint: { tag: 'input', name: 'Leverantör', near: 'x'.repeat(300), box: { x: 1, y: 2, w: 3, h: 4 } }, value: '{{input.leverantor}} / {{var.belopp}}' },
    { type: 'change', selectors: ['#pw'], value: '{{secret.PASSWORD}}' },
    { type: 'click', selectors: [['#host', 'text/{{input.knapp}}']], target: 'https://x.se/{{input.saknas}}' },
  ]).steps;
  const scope = { inputs: { leverantor: 'Dahl', knapp: 'Spara hunter2' }, variables: { belopp: '15900' }, secrets: { PASSWORD: 'hunter2' } };
  expect(usedStep(fill!, scope)).toEqual({
    id: 's1',
    type: 'change',
    description: '',
    selectors: ['aria/Leverantör'],
    fingerprint: { tag: 'input', name: 'Leverantör', role: undefined, text: undefined },
    value: 'Dahl / 15900',
  });
  expect(usedStep(password!, scope)).toMatchObject({ value: '{{secret.PASSWORD}}', selectors: [] });
  // An input holding a secret's value is masked; an input the run did not get stays as written.
  expect(usedStep(click!, scope)).toMatchObject({ selectors: [`text/Spara ${MASK}`], target: 'https://x.se/{{input.saknas}}' });
});
