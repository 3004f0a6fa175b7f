// The step dialog's form for a table step: what a person types (a column per line, the "show more" element, the
// row cap) becomes the step the schema accepts, and back.
import { stepSchema } from '@shared/schemas/definition';
import { describe, expect, it } from 'vitest';
import { newStep } from './editor-model';
import { formToStep, stepToForm } from './step-form';

describe('an extract_table step in the form', () => {
  it('takes a column per line, the next element and the cap, and shows them again as typed', () => {
    const original = newStep('extract_table', 'tab1');
    const values = {
      ...stepToForm(original),
      selectors: [{ text: '#kort' }],
      variable: 'hyresgaster',
      tableRows: 'article',
      tableColumns: 'Namn = h3\n\nLänk = a @href\nHela kortet =',
      tableNext: 'text/Visa fler',
      tablePaging: 'more' as const,
      tableMaxRows: '250',
    };
    const step = stepSchema.parse(formToStep(original, values));
    expect(step).toMatchObject({
      type: 'extract_table',
      selectors: ['#kort'],
      variable: 'hyresgaster',
      rowSelector: 'article',
      columns: [{ name: 'Namn', selector: 'h3' }, { name: 'Länk', selector: 'a', attribute: 'href' }, { name: 'Hela kortet', selector: '' }],
      next: ['text/Visa fler'],
      paging: 'more',
      maxRows: 250,
    });
    expect(stepToForm(step)).toMatchObject({ tableColumns: 'Namn = h3\nLänk = a @href\nHela kortet = ', tableNext: 'text/Visa fler', tableMaxRows: '250' });
  });

  it('leaves columns and the next element out when empty, and refuses a cap over 10,000', () => {
    const original = newStep('extract_table', 'tab2');
    const base = { ...stepToForm(original), selectors: [{ text: '#t' }] };
    const step = stepSchema.parse(formToStep(original, base));
    expect([step.type === 'extract_table' && step.columns, step.type === 'extract_table' && step.next]).toEqual([undefined, undefined]);
    expect(stepSchema.safeParse(formToStep(original, { ...base, tableMaxRows: '20000' })).error?.issues[0]?.message).toBe('max_rows_invalid');
  });
});
