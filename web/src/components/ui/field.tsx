// One labelled input bound to the surrounding <Form> by name. Its error is a key of the shared
// `validation` namespace (the zod schemas' messages), translated here.
import { type HTMLInputAutoCompleteAttribute, type HTMLInputTypeAttribute, useId } from 'react';
import { type FieldError, type FieldPath, type FieldValues, get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ValidationKey } from '@/locales/resources';
import { Input } from './input';

type FieldProps<TValues extends FieldValues> = {
  name: FieldPath<TValues>;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  placeholder?: string;
  hint?: string;
  className?: string;
  /** Focused when it appears (e.g. the first field of a dialog). */
  autoFocus?: boolean;
};

export function Field<TValues extends FieldValues>({
  name,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  hint,
  className,
  autoFocus,
}: FieldProps<TValues>) {
  // 'validation' is loaded by the form's resolver before any error exists (form.tsx); subscribing to
  // `common` only re-renders on a language change without fetching 'validation' with the page.
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(null, 'validation');
  const {
    register,
    formState: { errors },
  } = useFormContext<TValues>();
  const errorKey = (get(errors, name) as FieldError | undefined)?.message;
  const error = errorKey ? t(errorKey as ValidationKey) : undefined;
  const id = useId();
  const descriptionId = `${id}-description`;
  const description = error ?? hint;

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input
        {...register(name)}
        id={id}
        aria-describedby={description !== undefined ? descriptionId : undefined}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        autoFocus={autoFocus}
        invalid={error !== undefined}
        className="mt-1.5"
      />
      {description !== undefined ? (
        <p id={descriptionId} className={`mt-1.5 text-sm ${error ? 'text-red-600' : 'text-slate-500'}`}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
