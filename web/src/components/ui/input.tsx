// A text input for use inside a Headless UI <Field> (which wires the label and descriptions).
import { Input as HeadlessInput, type InputProps as HeadlessInputProps } from '@headlessui/react';

export type InputProps = Omit<HeadlessInputProps, 'className'> & { className?: string };

const inputClasses =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 ' +
  'placeholder:text-slate-400 data-focus:outline-none data-focus:ring-2 data-focus:ring-inset data-focus:ring-indigo-600 ' +
  'data-invalid:ring-red-400 data-invalid:data-focus:ring-red-500 ' +
  'read-only:bg-slate-50 read-only:text-slate-600 disabled:cursor-not-allowed disabled:bg-slate-50';

export function Input({ className = '', ...props }: InputProps) {
  return <HeadlessInput className={`${inputClasses} ${className}`} {...props} />;
}
