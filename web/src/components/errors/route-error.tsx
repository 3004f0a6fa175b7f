// A route that could not load (e.g. the session call failed with 5xx or no network): say so and
// offer to try again. A 401 never gets here: it means "no user".
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ExclamationTriangleIcon } from '@/components/ui/status-icons';

type RouteErrorProps = {
  error: unknown;
  title: string;
  description: string;
  onRetry: () => void;
};

export function RouteError({ error, title, description, onRetry }: RouteErrorProps) {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div role="alert" className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-900/5">
        <ExclamationTriangleIcon className="mx-auto size-10 text-amber-500" />
        <h1 className="mt-4 text-lg font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{description}</p>
        <p className="mt-3 font-mono text-xs break-words text-slate-400">{error instanceof Error ? error.message : String(error)}</p>
        <Button className="mt-6" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      </div>
    </main>
  );
}
