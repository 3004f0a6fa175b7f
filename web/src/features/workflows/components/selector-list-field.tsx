// The selectors of an element step: an ordered list, best first, that can be edited, extended,
// shortened and reordered (the runner tries them in this order).
import { MAX_SELECTORS } from '@shared/schemas/definition';
import { useId } from 'react';
import { type FieldError, get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ArrowUpIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useArrayField } from '../hooks/use-array-field';
import type { StepFormValues } from '../step-form';
import { IconButton } from './icon-button';

export function SelectorListField() {
  const { t } = useTranslation('workflows');
  const id = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<StepFormValues>();
  const { fields, append, remove, move } = useArrayField('selectors');
  const listError = (get(errors, 'selectors.root') as FieldError | undefined)?.message;

  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="block text-sm font-medium text-slate-800">{t('step_dialog.selectors.label')}</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
        {t('step_dialog.selectors.hint')}
      </p>
      <ol className="mt-2 space-y-2">
        {fields.map((field, index) => {
          const number = index + 1;
          const error = (get(errors, `selectors.${index}.text`) as FieldError | undefined)?.message;
          return (
            <li key={field.id} className="flex items-start gap-1.5">
              <span aria-hidden="true" className="w-5 shrink-0 pt-2.5 text-right text-xs font-semibold text-slate-400">
                {number}
              </span>
              <div className="min-w-0 flex-1">
                <Input
                  {...register(`selectors.${index}.text`)}
                  aria-label={t('step_dialog.selectors.item', { number })}
                  aria-describedby={error ? `${id}-error-${index}` : undefined}
                  invalid={error !== undefined}
                  className="font-mono"
                  spellCheck={false}
                />
                {error ? (
                  <p id={`${id}-error-${index}`} className="mt-1 text-sm text-red-600">
                    {error}
                  </p>
                ) : null}
              </div>
              <div className="flex shrink-0 pt-1">
                <IconButton
                  label={t('step_dialog.selectors.move_up', { number })}
                  icon={ArrowUpIcon}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <IconButton
                  label={t('step_dialog.selectors.move_down', { number })}
                  icon={ArrowUpIcon}
                  iconClassName="rotate-180"
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                <IconButton
                  label={t('step_dialog.selectors.remove', { number })}
                  icon={TrashIcon}
                  tone="danger"
                  disabled={fields.length === 1}
                  onClick={() => remove(index)}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {listError ? <p className="mt-1.5 text-sm text-red-600">{listError}</p> : null}
      <Button
        variant="ghost"
        size="sm"
        className="mt-2"
        disabled={fields.length >= MAX_SELECTORS}
        onClick={() => append({ text: '' }, 'text')}
      >
        <PlusIcon className="size-4" />
        {t('step_dialog.selectors.add')}
      </Button>
    </fieldset>
  );
}
