// One labelled input bound to the surrounding <Form> by name, with its translated error (use-field-error.ts).
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';
import { type FieldPath, type FieldValues, useFormContext } from 'react-hook-form';
import { LabelledInput } from './labelled-input';
import { useFieldError } from './use-field-error';

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
  const { register } = useFormContext<TValues>();
  const error = useFieldError<TValues>(name);

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
