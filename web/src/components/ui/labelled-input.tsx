// A label, an input and its hint or error (already translated). <Field> binds one to a react-hook-form
// <Form>; the sign-in form, which keeps react-hook-form off /auth's first load, uses it directly.
import { forwardRef, useId } from 'react';
import { Input, type InputProps } from './input';

export type LabelledInputProps = Omit<InputProps, 'id' | 'invalid' | 'aria-describedby'> & {
  label: string;
  /** Shown under the input while there is no error. */
  hint?: string;
  /** A translated message; marks the input invalid and describes it. */
  error?: string;
  /** The wrapper's classes. */
  className?: string;
};

export const LabelledInput = forwardRef<HTMLInputElement, LabelledInputProps>(function LabelledInput(
  { label, hint, error, className, type = 'text', ...inputProps },
  ref,
) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const description = error ?? hint;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input
        {...inputProps}
        ref={ref}
        id={id}
        type={type}
        aria-describedby={description !== undefined ? descriptionId : undefined}
        invalid={error !== undefined}
        className="mt-1.5"
      />
      {description !== undefined ? (
        <p id={descriptionId} className={`mt-1.5 text-sm ${error ? 'text-red-600' : 'text-slate-500'}`}>
          {description}
        </p>
      ) : null}
    </div>
  );
});
