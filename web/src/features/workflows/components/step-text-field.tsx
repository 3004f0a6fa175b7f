// One labelled input (or text area) of the step dialog, bound to its form by name. Its error is
// already in words (from the shared schema's message, or the server's).
import { useId } from 'react';
import { type FieldError, type FieldPath, get, useFormContext } from 'react-hook-form';
import { Input, inputClasses } from '@/components/ui/input';
import type { StepFormValues } from '../step-form';

type StepTextFieldProps = {
  name: FieldPath<StepFormValues>;
  label: string;
  hint?: string;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  type?: 'text' | 'url';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'url';
  mono?: boolean;
  autoFocus?: boolean;
  className?: string;
};

export function StepTextField({
  name,
  label,
  hint,
  placeholder,
  multiline = false,
  rows = 4,
  type = 'text',
  inputMode,
  mono = false,
  autoFocus,
  className,
}: StepTextFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<StepFormValues>();
  const error = (get(errors, name) as FieldError | undefined)?.message;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const shared = {
    ...register(name),
    id,
    placeholder,
    autoFocus,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} rows={rows} className={`${inputClasses} mt-1.5 ${mono ? 'font-mono' : ''}`} />
      ) : (
        <Input {...shared} type={type} inputMode={inputMode} className={`mt-1.5 ${mono ? 'font-mono' : ''}`} />
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
