// The shared rule for run input values (supabase/functions/_shared/schemas/input-values.ts) and how a
// definition's inputs are found (declared, and used but not declared), as the editor, the api and the runner use them.
import { declareUsedInputs, type Definition, definitionSchema, inputDeclarations, type InputDeclaration, usedInputNames } from '@shared/schemas/definition';
import { fileProblem, resolveInputs } from '@shared/schemas/input-values';
import { describe, expect, it } from 'vitest';

// As saved (the schema's checks are the definition tests' concern).
const steps = {
  steps: [
    { id: 's1', type: 'navigate', description: '', url: 'https://a.example.se/{{input.sida}}' },
    { id: 's2', type: 'change', description: '', selectors: ['#a'], value: '{{input.leverantor}} {{var.x}} {{secret.PW}}' },
    { id: 's3', type: 'ai_decision', description: '', prompt: 'p', inputs: ['input.belopp', 'var.x'], options: [{ value: 'a', label: 'A', then: 'continue' }] },
  ],
}.steps as unknown as Definition['steps'];

const declared: InputDeclaration[] = [
  { name: 'leverantor', label: 'Leverantör', type: 'text', required: true },
  { name: 'belopp', label: 'Belopp', type: 'number', required: true },
  { name: 'datum', label: 'Datum', type: 'date', required: false },
  { name: 'konto', label: 'Konto', type: 'choice', required: true, options: ['4010', '5410'], default: '4010' },
];

describe('run inputs', () => {
  it('finds the inputs a definition uses, in templates and among an AI step\'s inputs, and declares the undeclared as required text', () => {
    expect(usedInputNames({ steps })).toEqual(['sida', 'leverantor', 'belopp']);
    expect(inputDeclarations({ steps, inputs: [declared[0]] }).map((i) => [i.name, i.type, i.required])).toEqual([
      ['leverantor', 'text', true],
      ['sida', 'text', true],
      ['belopp', 'text', true],
    ]);
    type Undeclared = { steps: typeof steps; inputs?: InputDeclaration[] };
    expect(declareUsedInputs<Undeclared>({ steps }).inputs?.map((i) => i.name)).toEqual(['sida', 'leverantor', 'belopp']);
    expect(declareUsedInputs<Undeclared>({ steps: [] })).toEqual({ steps: [] });
  });

  it('takes text, numbers and booleans as text, fills defaults, leaves undeclared names out and names each problem', () => {
    expect(resolveInputs(declared, { leverantor: 'Dahl', belopp: 15900.5, extra: 'x' })).toEqual({
      values: { leverantor: 'Dahl', belopp: '15900.5', datum: '', konto: '4010' },
      problems: {},
    });
    expect(resolveInputs(declared, { leverantor: { a: 1 }, belopp: 'tio', datum: '2026-02-30', konto: '9999' }).problems).toEqual({
      leverantor: 'input_not_text',
      belopp: 'input_not_number',
      datum: 'input_not_date',
      konto: 'input_not_choice',
    });
    expect(resolveInputs(declared, { leverantor: '  ', belopp: '1 234,50' })).toEqual({
      values: { belopp: '1 234,50', datum: '', konto: '4010' },
      problems: { leverantor: 'input_required' },
    });
    expect(resolveInputs([declared[0]], { leverantor: 'x'.repeat(2001) }).problems).toEqual({ leverantor: 'input_too_long' });
  });

  it('keeps an input named __proto__ as data', () => {
    const { values } = resolveInputs([{ name: '__proto__', label: '', type: 'text', required: true }], JSON.parse('{"__proto__":"x"}'));
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.hasOwn(values, '__proto__') && values['__proto__']).toBe('x');
  });

  it('turns recorded file choosers into steps that take a file input, declared as required files, and leaves other steps alone', () => {
    const recorded = definitionSchema.parse({
      version: 1,
      inputs: [{ name: 'fil', label: 'Text som heter fil', type: 'text', required: false }],
      steps: [
        // Chrome Recorder: the browser's fake path of the chosen file.
        { id: 'c', type: 'change', selectors: ['#upload'], value: 'C:\\fakepath\\faktura.pdf' },
        // Our extension: a field whose fingerprint says type=file, named after its label.
        { id: 'e', type: 'change', selectors: ['#bilaga'], value: '', fingerprint: { name: 'Bifoga kvitto', attrs: { type: 'file' } } },
        // Already a file step: kept, and its input declared.
        { id: 'k', type: 'change', selectors: ['#x'], value: '{{input.avtal}}', fingerprint: { attrs: { type: 'FILE' } } },
        { id: 't', type: 'change', selectors: ['#namn'], value: 'C:/fakepath/inte-en-fil' },
      ],
    });
    const saved = declareUsedInputs(recorded);
    expect(saved.steps.map((s) => ('value' in s ? s.value : ''))).toEqual(['{{input.fil_2}}', '{{input.bifoga_kvitto}}', '{{input.avtal}}', 'C:/fakepath/inte-en-fil']);
    expect(saved.inputs?.map((i) => [i.name, i.type, i.required, i.label])).toEqual([
      ['fil', 'text', false, 'Text som heter fil'],
      ['fil_2', 'file', true, ''],
      ['bifoga_kvitto', 'file', true, 'Bifoga kvitto'],
      ['avtal', 'file', true, ''],
    ]);
    expect(definitionSchema.safeParse(saved).success).toBe(true);
    expect(declareUsedInputs(saved)).toEqual(saved);
  });

  it('refuses a file that is too big, empty, or of a kind the input does not take, and a default for a file input', () => {
    const input = { accept: ['.pdf', 'image/*'] };
    expect(fileProblem(input, { name: 'Faktura.PDF', type: '', size: 10 * 1024 * 1024 })).toBeNull();
    expect(fileProblem(input, { name: 'kvitto.bin', type: 'image/jpeg', size: 5 })).toBeNull();
    expect(fileProblem(input, { name: 'stor.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe('input_file_too_large');
    expect(fileProblem(input, { name: 'tom.pdf', type: 'application/pdf', size: 0 })).toBe('input_file_empty');
    expect(fileProblem(input, { name: 'faktura.pdf.exe', type: 'application/x-msdownload', size: 5 })).toBe('input_file_type');
    expect(fileProblem({}, { name: 'vad-som-helst.exe', type: '', size: 5 })).toBeNull();
    expect(resolveInputs([{ name: 'f', label: '', type: 'file', required: true }], {})).toEqual({ values: {}, problems: { f: 'input_file_missing' } });
    expect(resolveInputs([{ name: 'f', label: '', type: 'file', required: true }], { f: { base64: 'x' } }).problems).toEqual({ f: 'input_not_file' });
    const withDefault = definitionSchema.safeParse({ version: 1, inputs: [{ name: 'f', type: 'file', default: 'x.pdf' }], steps: [] });
    expect(withDefault.success ? [] : withDefault.error.issues.map((i) => i.message)).toEqual(['input_default_invalid']);
  });
});
