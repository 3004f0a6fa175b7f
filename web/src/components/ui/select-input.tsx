// A labelled native select driven by value/onChange (not bound to a form; see select-field.tsx for that).
import { Description, Field, Label, Select } from '@headlessui/react';

export type SelectOption = { value: string; label: string };

type SelectInputProps = {
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  placeholder?: string;
  hint?: string;
  disabled?: boolean;
  className?: string;
};

export function SelectInput({ label, value, options, onChange, placeholder, hint, disabled, className }: SelectInputProps) {
  return (
    <Field className={className} disabled={disabled}>
      <Label className="block text-sm font-medium text-slate-800">{label}</Label>
      <Select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1.5 block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 data-focus:outline-none data-focus:ring-2 data-focus:ring-indigo-600 disabled:bg-slate-50"
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {hint ? <Description className="mt-1.5 text-sm text-slate-500">{hint}</Description> : null}
    </Field>
  );
}
