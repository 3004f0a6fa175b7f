// A run waiting for a person ('Hantera' leads to the run, where its decision is made).
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { ExclamationTriangleIcon } from '@/components/ui/icons';

export function ManualInterventionBox({ runId, showHandle = true }: { runId: string; showHandle?: boolean }) {
  const { t } = useTranslation('flow_runs');
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      <span className="flex gap-2">
        <ExclamationTriangleIcon className="size-5 shrink-0 text-amber-600" />
        <span>
          <span className="block font-semibold">{t('run.manual_title')}</span>
          {t('run.manual_description')}
        </span>
      </span>
      {showHandle ? (
        <Link to="/workflow-execution/$runId" params={{ runId }} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          {t('run.handle')}
        </Link>
      ) : null}
    </div>
  );
}
