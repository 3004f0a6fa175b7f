// One field per declared run input (text, number, date, a list for a choice, a file chooser), each with the problem the shared
// rule (input-values.ts) found in its value. Used by the run-inputs dialog and the schedule's fixed values.
import type { InputDeclaration } from '@shared/schemas/definition';
import type { InputProblem } from '@shared/schemas/input-values';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { FileInputField } from './file-input-field';

type InputValueFieldsProps = {
  idPrefix: string;
  inputs: InputDeclaration[];
  values: Record<string, string>;
  problems: Record<string, InputProblem>;
  onChange: (values: Record<string, string>) => void;
  /** The chosen files of file inputs (the run-inputs form; a schedule has none). */
  files?: Record<string, File | null>;
  onFileChange?: (name: string, file: File | null) => void;
};

/** The values a form starts with: each input's default, or what was saved. */
export function initialInputValues(inputs: InputDeclaration[], saved: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(inputs.map((i) => [i.name, saved[i.name] ?? i.default ?? '']));
}

export function InputValueFields({ idPrefix, inputs, values, problems, onChange, files = {}, onFileChange }: InputValueFieldsProps) {
  const { t } = useTranslation('workflows');
  return inputs.map((input) => {
    const id = `${idPrefix}-${input.name}`;
    const problem = problems[input.name];
    const label = input.label || input.name;
    const set = (value: string) => onChange({ ...values, [input.name]: value });
    if (input.type === 'file' && onFileChange) {
      return (
        <FileInputField
          key={input.name}
          id={id}
          input={input}
          label={label}
          file={files[input.name] ?? null}
          problem={problem}
          onChange={(file) => onFileChange(input.name, file)}
        />
      );
    }
    return (
      <div key={input.name}>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {input.required ? t('run_inputs.required_label', { label }) : label}
        </label>
        {input.type === 'choice' ? (
          <select
            id={id}
            value={values[input.name] ?? ''}
            onChange={(event) => set(event.target.value)}
            className="mt-1.5 block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300"
            aria-invalid={problem ? true : undefined}
          >
            <option value="">{t('run_inputs.choose')}</option>
            {(input.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        ) : (
          <Input
            id={id}
            type={input.type === 'date' ? 'date' : 'text'}
            inputMode={input.type === 'number' ? 'decimal' : undefined}
            value={values[input.name] ?? ''}
            invalid={!!problem}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(event) => set(event.target.value)}
            className="mt-1.5"
          />
        )}
        {problem ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {t(`run_inputs.problems.${problem}`, { name: label })}
          </p>
        ) : null}
      </div>
    );
  });
}
