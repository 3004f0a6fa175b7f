import type { ReactNode } from 'react';
import { CheckCircleIcon, ExclamationCircleIcon, ExclamationTriangleIcon } from './status-icons';

type AlertProps = {
  variant: 'error' | 'success' | 'warning';
  title?: string;
  children: ReactNode;
};

const styles = {
  error: { box: 'bg-red-50 text-red-800 ring-red-200', icon: 'text-red-500', Icon: ExclamationCircleIcon },
  success: { box: 'bg-emerald-50 text-emerald-800 ring-emerald-200', icon: 'text-emerald-500', Icon: CheckCircleIcon },
  warning: { box: 'bg-amber-50 text-amber-900 ring-amber-200', icon: 'text-amber-600', Icon: ExclamationTriangleIcon },
};

export function Alert({ variant, title, children }: AlertProps) {
  const { box, icon, Icon } = styles[variant];
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={`flex gap-3 rounded-lg p-4 text-sm ring-1 ring-inset ${box}`}>
      <Icon className={`size-5 shrink-0 ${icon}`} />
      <div className="space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
