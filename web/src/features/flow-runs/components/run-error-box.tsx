// Why a run failed: the error type, the step it failed in (1-based), what it means and what to do; the runner's
// own message behind "Visa tekniska detaljer".
import type { Run } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { RunErrorExplanation } from '@/components/run-error/run-error-explanation';
import { ExclamationCircleIcon } from '@/components/ui/icons';
import { errorTypeLabel } from '../labels';

export function RunErrorBox({ run }: { run: Pick<Run, 'errorType' | 'errorMessage' | 'failedStep'> }) {
  const { t } = useTranslation('flow_runs');
  if (!run.errorMessage && !run.errorType) return null;
  return (
    <div className="mt-4 flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
      <ExclamationCircleIcon className="size-5 shrink-0 text-red-600" />
      <div className="min-w-0">
        <p className="font-semibold">
          {run.errorType ? errorTypeLabel(run.errorType, t) : null}
          {run.failedStep !== null ? ` ${t('run.error_step', { step: run.failedStep + 1 })}` : null}
        </p>
        <RunErrorExplanation errorType={run.errorType} errorMessage={run.errorMessage} className="mt-1" />
      </div>
    </div>
  );
}
