// The run-inputs form's upload field (a file input: "Bifoga faktura"), in Swedish and English: a missing file, one
// over 10 MB, an empty one and one of a kind the input does not take are named at the field and nothing is started;
// a good file is shown with its size and handed on with the other values, and "Kör nu" sends it as multipart.
import type { InputDeclaration } from '@shared/schemas/definition';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi } from '@/test/api-mock';
import { runWorkflow } from '../api/run-workflow';
import { RunInputsDialog } from './run-inputs-dialog';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const inputs: InputDeclaration[] = [
  { name: 'lev', label: 'Leverantör', type: 'text', required: true, default: 'Dahl' },
  { name: 'faktura', label: 'Faktura', type: 'file', required: true, accept: ['.pdf', 'application/pdf'] },
];

const pdf = () => new File(['%PDF-1.7 faktura 4711'], 'faktura.pdf', { type: 'application/pdf' });
function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function setup() {
  const onSubmit = vi.fn();
  render(<RunInputsDialog inputs={inputs} title="Kör" isPending={false} onClose={() => {}} onSubmit={onSubmit} />);
  // A person can pick "All files" in the browser's dialog: the field's accept list is no guarantee.
  const user = userEvent.setup({ applyAccept: false });
  return { onSubmit, user };
}

const cases = [
  {
    lang: 'sv',
    field: /Faktura \(obligatorisk\)/,
    start: 'Starta körning',
    missing: 'Välj en fil för Faktura.',
    wrongKind: 'Filen för Faktura är inte av en sort som flödet tar emot (.pdf, application/pdf).',
    tooBig: 'Filen för Faktura är större än 10 MB.',
    empty: 'Filen för Faktura är tom.',
    chosen: 'faktura.pdf (21 B)',
    none: 'Ingen fil vald',
  },
  {
    lang: 'en',
    field: /Faktura \(required\)/,
    start: 'Start run',
    missing: 'Choose a file for Faktura.',
    wrongKind: 'The file for Faktura is not a kind of file the workflow accepts (.pdf, application/pdf).',
    tooBig: 'The file for Faktura is larger than 10 MB.',
    empty: 'The file for Faktura is empty.',
    chosen: 'faktura.pdf (21 B)',
    none: 'No file chosen',
  },
] as const;

describe.each(cases)('the upload field of a file input ($lang)', (c) => {
  it('names a missing, a wrong kind of, a too large and an empty file at the field and starts nothing', async () => {
    await i18n.changeLanguage(c.lang);
    const { onSubmit, user } = setup();
    const field = screen.getByLabelText(c.field);
    expect(field).toHaveAttribute('type', 'file');
    expect(field).toHaveAttribute('accept', '.pdf,application/pdf');
    expect(screen.getByText(c.none)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: c.start }));
    expect(await screen.findByText(c.missing)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    for (const [file, message] of [
      [new File(['png'], 'kvitto.png', { type: 'image/png' }), c.wrongKind],
      [sized('stor.pdf', 'application/pdf', 10 * 1024 * 1024 + 1), c.tooBig],
      [new File([], 'tom.pdf', { type: 'application/pdf' }), c.empty],
    ] as const) {
      await user.upload(field, file);
      await user.click(screen.getByRole('button', { name: c.start }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the chosen file with its size and hands it on with the other values', async () => {
    await i18n.changeLanguage(c.lang);
    const { onSubmit, user } = setup();
    const file = pdf();
    await user.upload(screen.getByLabelText(c.field), file);
    expect(screen.getByText(c.chosen)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: c.start }));
    expect(onSubmit).toHaveBeenCalledWith({ lev: 'Dahl', faktura: 'faktura.pdf' }, { faktura: file });
  });
});

describe('runWorkflow with files', () => {
  it('sends the values as the part `json` and each file as `file.<input>`, and plain JSON without files', async () => {
    const { fetchMock } = mockApi({ 'POST /api/workflows/w1/run': () => json(202, { executionId: 'e1' }) });
    const file = pdf();
    await runWorkflow({ id: 'w1', inputs: { lev: 'Dahl', faktura: 'faktura.pdf' }, files: { faktura: file }, mode: 'test' });
    const body = fetchMock.mock.calls[0]![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(JSON.parse(body.get('json') as string)).toEqual({ inputs: { lev: 'Dahl', faktura: 'faktura.pdf' }, mode: 'test' });
    expect(body.get('file.faktura')).toBe(file);
    expect([...body.keys()].sort()).toEqual(['file.faktura', 'json']);

    await runWorkflow({ id: 'w1', inputs: { lev: 'Dahl' } });
    expect(fetchMock.mock.calls[1]![1]!.body).toBe(JSON.stringify({ inputs: { lev: 'Dahl' } }));
  });
});
