// The values of a workflow's declared inputs, asked for before "Kör nu" or a test run starts it. Checked with
// the same rule as the server (input-values.ts), so a missing or wrong value is named at its field.
import type { InputDeclaration } from '@shared/schemas/definition';
import { type InputProblem, resolveInputs } from '@shared/schemas/input-values';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';

type RunInputsDialogProps = {
  inputs: InputDeclaration[];
  title: string;
  isPending: boolean;
  onClose: () => void;
  onSubmit: (values: Record<string, string>) => void;
};

export function RunInputsDialog({ inputs, title, isPending, onClose, onSubmit }: RunInputsDialogProps) {
  const { t } = useTranslation('workflows');
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(inputs.map((i) => [i.name, i.default ?? ''])));
  const [problems, setProblems] = useState<Record<string, InputProblem>>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const resolved = resolveInputs(inputs, values);
    setProblems(resolved.problems);
    if (Object.keys(resolved.problems).length === 0) onSubmit(resolved.values);
  };

  return (
    <Dialog open onClose={onClose} title={title} description={t('run_inputs.description')}>
      <form id={formId} onSubmit={handleSubmit} className="space-y-4" noValidate>
        {inputs.map((input) => {
          const id = `${formId}-${input.name}`;
          const problem = problems[input.name];
          const label = input.label || input.name;
          return (
            <div key={input.name}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                {input.required ? t('run_inputs.required_label', { label }) : label}
              </label>
              {input.type === 'choice' ? (
                <select
                  id={id}
                  value={values[input.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [input.name]: event.target.value })}
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
                  onChange={(event) => setValues({ ...values, [input.name]: event.target.value })}
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
        })}
      </form>
      <DialogActions>
        <Button variant="ghost" onClick={onClose}>
          {t('run_inputs.cancel')}
        </Button>
        <Button type="submit" form={formId} isPending={isPending} pendingLabel={t('run_inputs.starting')}>
          {t('run_inputs.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
