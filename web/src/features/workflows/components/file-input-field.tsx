// The field of a file input ("Bifoga faktura") in the run-inputs form: the browser's file chooser with the kinds the
// input accepts, the chosen file's name and size, and the problem the shared rule (input-values.ts: at most 10 MB,
// not empty, a kind the input accepts) finds in it before anything is sent.
import type { InputDeclaration } from '@shared/schemas/definition';
import type { InputProblem } from '@shared/schemas/input-values';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

type FileInputFieldProps = {
  id: string;
  input: InputDeclaration;
  label: string;
  file: File | null;
  problem?: InputProblem;
  onChange: (file: File | null) => void;
};

/** A file's size as a person reads it: 512 B, 12 kB, 3.4 MB. */
function size(bytes: number, lang: string): string {
  const format = (value: number, unit: string) => `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes < 1024) return format(bytes, 'B');
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'kB');
  return format(bytes / 1024 / 1024, 'MB');
}

export function FileInputField({ id, input, label, file, problem, onChange }: FileInputFieldProps) {
  const { t, i18n } = useTranslation('workflows');
  const accept = input.accept?.join(', ');
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.files?.[0] ?? null);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {input.required ? t('run_inputs.required_label', { label }) : label}
      </label>
      <input
        id={id}
        type="file"
        accept={input.accept?.join(',')}
        onChange={handleChange}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
      />
      <p className="mt-1 text-sm text-slate-700" aria-live="polite">
        {file ? t('run_inputs.file_chosen', { file: file.name, size: size(file.size, i18n.language) }) : t('run_inputs.no_file')}
      </p>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
        {accept ? t('run_inputs.file_hint_accept', { accept }) : t('run_inputs.file_hint')}
      </p>
      {problem ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {t(`run_inputs.problems.${problem}`, { name: label, accept: accept ?? '' })}
        </p>
      ) : null}
    </div>
  );
}
