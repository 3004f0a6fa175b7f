// A labelled value that cannot be changed here (organisation number, country), with an optional hint.
import { useId } from 'react';
import { Input } from './input';

type ReadOnlyFieldProps = {
  label: string;
  value: string;
  hint?: string;
  className?: string;
};

export function ReadOnlyField({ label, value, hint, className }: ReadOnlyFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input id={id} readOnly value={value} aria-describedby={hint ? `${id}-hint` : undefined} className="mt-1.5" />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
