// One executed step of a test run: its status, time, what went wrong and its screenshot.
import type { RunStep } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { RunErrorExplanation } from '@/components/run-error/run-error-explanation';
import { CheckCircleIcon, ExclamationCircleIcon, NoSymbolIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { isRunErrorType } from '../editor-model';

type RunStepRowProps = {
  step: RunStep;
  screenshotUrl: string | null;
  onOpenScreenshot: () => void;
};

const statusTone: Record<RunStep['status'], string> = {
  running: 'text-indigo-700',
  passed: 'text-emerald-700',
  failed: 'text-red-700',
  skipped: 'text-slate-500',
};

export function RunStepRow({ step, screenshotUrl, onOpenScreenshot }: RunStepRowProps) {
  const { t, i18n } = useTranslation('workflows');
  const number = step.stepIndex + 1;
  const seconds =
    step.durationMs === null
      ? null
      : new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(step.durationMs / 1000);
  const status = t(`test_run.step_status.${step.status}`);

  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className={`mt-0.5 shrink-0 ${statusTone[step.status]}`}>
        {step.status === 'running' ? (
          <Spinner label={status} className="size-5" />
        ) : step.status === 'passed' ? (
          <CheckCircleIcon className="size-5" />
        ) : step.status === 'failed' ? (
          <ExclamationCircleIcon className="size-5" />
        ) : (
          <NoSymbolIcon className="size-5" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium [overflow-wrap:anywhere] text-slate-900">
          {t('test_run.step', { number })}
          {step.description ? <span className="font-normal text-slate-700"> · {step.description}</span> : null}
        </p>
        <p className="text-xs text-slate-600">
          <span className={`font-medium ${statusTone[step.status]}`}>{status}</span>
          {seconds !== null ? <span> · {t('test_run.duration', { seconds })}</span> : null}
        </p>
        {step.status === 'failed' ? (
          <div className="mt-1 text-sm [overflow-wrap:anywhere] text-red-700">
            <p className="font-medium">{t(`test_run.error_types.${isRunErrorType(step.errorType) ? step.errorType : 'unknown'}`)}</p>
            <RunErrorExplanation errorType={step.errorType} errorMessage={step.errorMessage} />
          </div>
        ) : null}
        {step.extracted
          ? Object.entries(step.extracted).map(([name, value]) => (
              <p key={name} className="mt-0.5 truncate font-mono text-xs text-slate-600">
                {t('test_run.extracted', { name, value })}
              </p>
            ))
          : null}
      </div>
      {screenshotUrl ? (
        <button
          type="button"
          onClick={onOpenScreenshot}
          aria-label={t('test_run.screenshot_open', { number })}
          className="shrink-0 overflow-hidden rounded-md ring-1 ring-slate-200 hover:ring-indigo-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <img src={screenshotUrl} alt="" loading="lazy" className="h-14 w-20 object-cover object-top" />
        </button>
      ) : null}
    </li>
  );
}
