// One labelled input bound to the surrounding <Form> by name. Its error is a key of the shared
// `validation` namespace (the zod schemas' messages), translated here.
import { Description, Field as HeadlessField, Label } from '@headlessui/react';
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';
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
  const { t } = useTranslation('validation');
  const {
    register,
    formState: { errors },
  } = useFormContext<TValues>();
  const errorKey = (get(errors, name) as FieldError | undefined)?.message;
  const error = errorKey ? t(errorKey as ValidationKey) : undefined;

  return (
    <HeadlessField className={className}>
      <Label className="block text-sm font-medium text-slate-800">{label}</Label>
      <Input
        {...register(name)}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        autoFocus={autoFocus}
        invalid={error !== undefined}
        aria-invalid={error !== undefined}
        className="mt-1.5"
      />
      {error ? (
        <Description className="mt-1.5 text-sm text-red-600">{error}</Description>
      ) : hint ? (
        <Description className="mt-1.5 text-sm text-slate-500">{hint}</Description>
      ) : null}
    </HeadlessField>
  );
}
