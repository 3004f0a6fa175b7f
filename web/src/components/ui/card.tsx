// A white panel with an optional heading row.
import type { ReactNode } from 'react';

type CardProps = { title?: string; actions?: ReactNode; className?: string; children: ReactNode; headingLevel?: 'h2' | 'h3' };

export function Card({ title, actions, className = '', children, headingLevel = 'h2' }: CardProps) {
  const Heading = headingLevel;
  return (
    <section className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}>
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {title ? <Heading className="text-base font-semibold text-slate-900">{title}</Heading> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
