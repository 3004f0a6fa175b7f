// A text input for use inside a Headless UI <Field>, which wires its label and descriptions. Outside
// one, use <Input> with a <label htmlFor> (or the <Field> form wrapper).
import { Input as HeadlessInput, type InputProps as HeadlessInputProps } from '@headlessui/react';
import { inputClasses } from './input';

export type FieldInputProps = Omit<HeadlessInputProps, 'className'> & { className?: string };

export function FieldInput({ className = '', ...props }: FieldInputProps) {
  return <HeadlessInput className={`${inputClasses} ${className}`} {...props} />;
}
