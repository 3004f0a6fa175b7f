// A text input. Label it with <Field> (or a <label htmlFor>); `invalid` marks it for assistive tech and styles it red.
import { forwardRef, type InputHTMLAttributes } from 'react';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean };

export const inputClasses =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 ' +
  'placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-inset focus:ring-indigo-600 ' +
  'data-invalid:ring-red-400 ' +
  'aria-invalid:ring-red-400 aria-invalid:focus:ring-red-500 ' +
  'read-only:bg-slate-50 read-only:text-slate-600 disabled:cursor-not-allowed disabled:bg-slate-50';

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className = '', invalid, ...props }, ref) {
  return <input ref={ref} aria-invalid={invalid || undefined} className={`${inputClasses} ${className}`} {...props} />;
});
