// A labelled native <select> bound to the surrounding <Form> by name (see field.tsx).
import { Description, Field as HeadlessField, Label, Select } from '@headlessui/react';
import { type FieldPath, type FieldValues, useFormContext } from 'react-hook-form';
import { useFieldError } from './use-field-error';

type SelectFieldProps<TValues extends FieldValues> = {
  name: FieldPath<TValues>;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
};

const selectClasses =
  'mt-1.5 block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 ' +
  'data-focus:outline-none data-focus:ring-2 data-focus:ring-inset data-focus:ring-indigo-600 data-invalid:ring-red-400';

export function SelectField<TValues extends FieldValues>({ name, label, options, className }: SelectFieldProps<TValues>) {
  const { register } = useFormContext<TValues>();
  const error = useFieldError<TValues>(name);
  return (
    <HeadlessField className={className}>
      <Label className="block text-sm font-medium text-slate-800">{label}</Label>
      <Select {...register(name)} invalid={error !== undefined} aria-invalid={error !== undefined} className={selectClasses}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {error ? <Description className="mt-1.5 text-sm text-red-600">{error}</Description> : null}
    </HeadlessField>
  );
}
