// The answer options of an AI decision (basic here): value, label and what happens next.
import type { Step } from '@shared/schemas/definition';
import { useId } from 'react';
import { type FieldError, get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useArrayField } from '../hooks/use-array-field';
import type { StepFormValues } from '../step-form';
import { IconButton } from './icon-button';

const MAX_OPTIONS = 10;
const selectClasses =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-600';

type AiOptionsFieldProps = {
  /** Every step of the workflow, for "go to step n". */
  steps: readonly Step[];
  stepId: string;
};

export function AiOptionsField({ steps, stepId }: AiOptionsFieldProps) {
  const { t } = useTranslation('workflows');
  const id = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<StepFormValues>();
  const { fields, append, remove } = useArrayField('options');
  const message = (name: string) => (get(errors, name) as FieldError | undefined)?.message;

  return (
    <fieldset>
      <legend className="block text-sm font-medium text-slate-800">{t('step_dialog.options.label')}</legend>
      <ol className="mt-2 space-y-3">
        {fields.map((field, index) => {
          const number = index + 1;
          const errorsOfOption = [
            message(`options.${index}.root`),
            message(`options.${index}.value`),
            message(`options.${index}.label`),
            message(`options.${index}.then`),
          ].filter((text): text is string => Boolean(text));
          return (
            <li key={field.id} className="rounded-lg p-3 ring-1 ring-slate-200">
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm font-medium text-slate-700">{t('step_dialog.options.item', { number })}</p>
                <IconButton label={t('step_dialog.options.remove', { number })} icon={TrashIcon} tone="danger" onClick={() => remove(index)} />
              </div>
              <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_1.5fr]">
                <div>
                  <label htmlFor={`${id}-value-${index}`} className="block text-xs font-medium text-slate-600">
                    {t('step_dialog.options.value_label')}
                  </label>
                  <Input id={`${id}-value-${index}`} {...register(`options.${index}.value`)} invalid={Boolean(message(`options.${index}.value`))} className="mt-1" />
                </div>
                <div>
                  <label htmlFor={`${id}-label-${index}`} className="block text-xs font-medium text-slate-600">
                    {t('step_dialog.options.label_label')}
                  </label>
                  <Input id={`${id}-label-${index}`} {...register(`options.${index}.label`)} invalid={Boolean(message(`options.${index}.label`))} className="mt-1" />
                </div>
                <div>
                  <label htmlFor={`${id}-then-${index}`} className="block text-xs font-medium text-slate-600">
                    {t('step_dialog.options.then_label')}
                  </label>
                  <select id={`${id}-then-${index}`} {...register(`options.${index}.then`)} className={`mt-1 ${selectClasses}`}>
                    <option value="continue">{t('step_dialog.options.continue')}</option>
                    <option value="stop">{t('step_dialog.options.stop')}</option>
                    {steps.map((step, stepIndex) =>
                      step.id === stepId ? null : (
                        <option key={step.id} value={`goto:${step.id}`}>
                          {t('step_dialog.options.goto', {
                            number: stepIndex + 1,
                            description: step.description || t(`step_types.${step.type}`),
                          })}
                        </option>
                      ),
                    )}
                  </select>
                </div>
              </div>
              {errorsOfOption.length > 0 ? <p className="mt-1.5 text-sm text-red-600">{errorsOfOption.join(' ')}</p> : null}
            </li>
          );
        })}
      </ol>
      {message('options.root') ? <p className="mt-1.5 text-sm text-red-600">{message('options.root')}</p> : null}
      <Button
        variant="ghost"
        size="sm"
        className="mt-2"
        disabled={fields.length >= MAX_OPTIONS}
        onClick={() => append({ value: '', label: '', then: 'continue' })}
      >
        <PlusIcon className="size-4" />
        {t('step_dialog.options.add')}
      </Button>
    </fieldset>
  );
}
