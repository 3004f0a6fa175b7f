import { Field, Label } from '@headlessui/react';
import type { HTMLInputAutoCompleteAttribute } from 'react';
import { FieldInput } from '@/components/ui/field-input';

type TextFieldProps = {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  disabled?: boolean;
  autoComplete?: HTMLInputAutoCompleteAttribute;
};

export function TextField({ label, value, onChange, type = 'text', disabled, autoComplete }: TextFieldProps) {
  return (
    <Field disabled={disabled}>
      <Label className="block text-sm font-medium text-slate-800">{label}</Label>
      <FieldInput className="mt-1.5" type={type} value={value} autoComplete={autoComplete} onChange={(event) => onChange?.(event.target.value)} />
    </Field>
  );
}
