// Home › current page. The home link goes to the dashboard.
import { Link } from '@tanstack/react-router';
import { HomeIcon } from './icons';

type BreadcrumbProps = { label: string; homeLabel: string; current: string };

export function Breadcrumb({ label, homeLabel, current }: BreadcrumbProps) {
  return (
    <nav aria-label={label} className="text-sm text-slate-500">
      <ol className="flex items-center gap-2">
        <li>
          <Link to="/dashboard" className="inline-flex items-center gap-1 hover:text-slate-700">
            <HomeIcon className="size-4" />
            {homeLabel}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-medium text-slate-700">
          {current}
        </li>
      </ol>
    </nav>
  );
}
