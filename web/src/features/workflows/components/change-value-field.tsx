// The value of a "Fyll i" step as the field it fills: a list of the page's options for a select (the person
// sees the options' texts, the step keeps the value), an on/off choice for a checkbox or radio button, and
// text for anything else.
import type { StepOf } from '@shared/schemas/definition';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '@/components/ui/select-input';
import type { StepFormValues } from '../step-form';
import { controlOf } from '../step-sentence';
import { StepTextField } from './step-text-field';

export function ChangeValueField({ step }: { step: StepOf<'change'> }) {
  const { t } = useTranslation('workflows');
  const { control, setValue, formState } = useFormContext<StepFormValues>();
  const value = useWatch({ control, name: 'value' });
  const kind = controlOf(step);
  const name = useId();
  const set = (next: string) => setValue('value', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  if (kind === 'select' && step.choices && step.choices.length > 0) {
    const options = step.choices.some((choice) => choice.value === value) ? step.choices : [{ value, label: value }, ...step.choices];
    return <SelectInput label={t('step_dialog.select_label')} hint={t('step_dialog.select_hint')} value={value} options={options} onChange={set} />;
  }
  if (kind === 'checkbox' || kind === 'radio') {
    const choices = [
      { value: 'true', label: t(kind === 'checkbox' ? 'step_dialog.check_on' : 'step_dialog.radio_on') },
      { value: 'false', label: t(kind === 'checkbox' ? 'step_dialog.check_off' : 'step_dialog.radio_off') },
    ];
    return (
      <fieldset>
        <legend className="block text-sm font-medium text-slate-800">
          {t(kind === 'checkbox' ? 'step_dialog.check_label' : 'step_dialog.radio_label')}
        </legend>
        <div className="mt-1.5 flex flex-wrap gap-4">
          {choices.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => set(choice.value)}
                className="size-4 text-indigo-600"
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <StepTextField
      name="value"
      label={t('step_dialog.value_label')}
      hint={t('step_dialog.value_hint', { secret: '{{secret.NAME}}', input: '{{input.name}}' })}
    />
  );
}
