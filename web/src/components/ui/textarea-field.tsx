// A labelled multi-line text bound to the surrounding <Form> by name (see field.tsx).
import { Description, Field as HeadlessField, Label, Textarea } from '@headlessui/react';
import { type FieldPath, type FieldValues, useFormContext } from 'react-hook-form';
import { useFieldError } from './use-field-error';

type TextareaFieldProps<TValues extends FieldValues> = {
  name: FieldPath<TValues>;
  label: string;
  rows?: number;
  placeholder?: string;
  /** Shown under the text while there is no error. */
  hint?: string;
};

export function TextareaField<TValues extends FieldValues>({ name, label, rows = 3, placeholder, hint }: TextareaFieldProps<TValues>) {
  const { register } = useFormContext<TValues>();
  const error = useFieldError<TValues>(name);
  return (
    <HeadlessField>
      <Label className="block text-sm font-medium text-slate-800">{label}</Label>
      <Textarea
        {...register(name)}
        rows={rows}
        placeholder={placeholder}
        invalid={error !== undefined}
        aria-invalid={error !== undefined}
        className="mt-1.5 block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 data-focus:outline-none data-focus:ring-2 data-focus:ring-inset data-focus:ring-indigo-600 data-invalid:ring-red-400"
      />
      {error ? (
        <Description className="mt-1.5 text-sm text-red-600">{error}</Description>
      ) : hint ? (
        <Description className="mt-1.5 text-sm text-slate-500">{hint}</Description>
      ) : null}
    </HeadlessField>
  );
}
