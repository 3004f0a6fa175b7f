// One labelled input bound to the surrounding <Form> by name. Its error is a key of the shared
// `validation` namespace (the zod schemas' messages), translated here.
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';
import { type FieldError, type FieldPath, type FieldValues, get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ValidationKey } from '@/locales/resources';
import { LabelledInput } from './labelled-input';

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

  return (
    <LabelledInput
      {...register(name)}
      label={label}
      hint={hint}
      error={error}
      className={className}
      type={type}
      autoComplete={autoComplete}
      inputMode={inputMode}
      placeholder={placeholder}
      autoFocus={autoFocus}
    />
  );
}
