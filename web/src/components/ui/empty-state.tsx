import type { ReactNode } from 'react';
import type { IconComponent } from './icons';

type EmptyStateProps = {
  icon?: IconComponent;
  title: string;
  description?: string;
  children?: ReactNode;
};

export function EmptyState({ icon: Icon, title, description, children }: EmptyStateProps) {
  return (
    <div className="rounded-xl border-2 border-dashed border-slate-200 px-6 py-12 text-center">
      {Icon ? <Icon className="mx-auto size-10 text-slate-400" /> : null}
      <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      {children ? <div className="mt-5 flex justify-center">{children}</div> : null}
    </div>
  );
}
