import type { ButtonHTMLAttributes } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles';
import { Spinner } from './spinner';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and announces the label given here. */
  pendingLabel?: string;
  isPending?: boolean;
};

export function Button({
  variant,
  size,
  className,
  isPending = false,
  pendingLabel,
  disabled,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      disabled={disabled || isPending}
      aria-busy={isPending || undefined}
      {...props}
    >
      {isPending && pendingLabel ? (
        <>
          <Spinner label={pendingLabel} className="size-4" />
          <span aria-hidden="true">{pendingLabel}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
