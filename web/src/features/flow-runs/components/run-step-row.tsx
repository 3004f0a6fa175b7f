// One executed step: status, number, type, what it did with the values this run used ("Fyll i ”Leverantör” med
// ”Dahl”", from the step the runner recorded; its description below when it says something else), duration,
// error, log lines, extracted values, the decision taken (its option's label and who chose it), whether the site
// received data after it (what a retry would send again) and the screenshot.
import type { RunStep } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { RunErrorExplanation } from '@/components/run-error/run-error-explanation';
import { CheckCircleIcon, ExclamationCircleIcon, NoSymbolIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useStepSentence } from '@/features/workflows/step-sentence';
import { decisionLabels, errorTypeLabel, stepTypeLabel } from '../labels';
import { HealNotice } from './heal-notice';
import { RunTableOutput } from './run-table-output';
import { StepScreenshot } from './step-screenshot';

type RunStepRowProps = { runId: string; step: RunStep };

function StatusIcon({ status, label }: { status: RunStep['status']; label: string }) {
  if (status === 'running') return <Spinner label={label} className="size-5 text-sky-600" />;
  const Icon = status === 'passed' ? CheckCircleIcon : status === 'failed' ? ExclamationCircleIcon : NoSymbolIcon;
  const tone = status === 'passed' ? 'text-emerald-600' : status === 'failed' ? 'text-red-600' : 'text-slate-500';
  return (
    <span className="inline-flex">
      <Icon className={`size-5 ${tone}`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function RunStepRow({ runId, step }: RunStepRowProps) {
  const { t, i18n } = useTranslation('flow_runs');
  const seconds = (ms: number, digits = 1) => (ms / 1000).toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const number = step.stepIndex + 1;
  const decision = step.decision && typeof step.decision.choice === 'string' ? decisionLabels(step.decision, step.stepType, t) : null;
  const extracted = Object.entries(step.extracted ?? {});
  const sentenceOf = useStepSentence();
  // Steps recorded before the runner wrote the values it used (and types the sentences do not know) show their description.
  const sentence = step.used ? sentenceOf(step.used) || null : null;
  const description = step.description.trim();
  const note = sentence && description && description !== sentence ? description : null;

  return (
    <li className="flex gap-3 py-3">
      <StatusIcon status={step.status} label={t(`details.steps.status.${step.status}`)} />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm text-slate-900">
            <span className="font-semibold">{t('details.steps.step', { step: number })}</span>
            <span className="text-slate-600">{` · ${stepTypeLabel(step.stepType, t)} · `}</span>
            <span className="break-words">{sentence ?? step.description}</span>
            {note ? <span className="block break-words text-slate-600">{note}</span> : null}
          </p>
          {step.durationMs !== null ? (
            <span className="text-xs text-slate-600">{t('details.steps.duration', { seconds: seconds(step.durationMs) })}</span>
          ) : null}
        </div>
        {step.errorType || step.errorMessage ? (
          <div className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
            {step.errorType ? <p className="font-semibold">{errorTypeLabel(step.errorType, t)}</p> : null}
            <RunErrorExplanation errorType={step.errorType} errorMessage={step.errorMessage} />
          </div>
        ) : null}
        {decision ? (
          <p className="text-sm text-slate-700">
            {decision.decided}
            {decision.suggestion ? <span className="block text-xs text-slate-600">{decision.suggestion}</span> : null}
          </p>
        ) : null}
        {step.heal && step.status === 'passed' ? <HealNotice runId={runId} stepResultId={step.id} heal={step.heal} /> : null}
        {step.sentData ? <p className="text-sm text-slate-700">{t('details.steps.sent_data')}</p> : null}
        {step.table ? <RunTableOutput runId={runId} step={{ ...step, table: step.table }} /> : null}
        {extracted.length > 0 && !step.table ? (
          <div>
            <p className="text-xs font-semibold text-slate-600">{t('details.steps.extracted')}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {extracted.map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="font-mono text-slate-600">{name}</dt>
                  <dd className="break-words text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
        {step.log.length > 0 ? (
          <details open={step.status === 'failed'} className="text-xs">
            <summary className="cursor-pointer font-semibold text-slate-600">{`${t('details.steps.log')} (${step.log.length})`}</summary>
            <ol className="mt-1 space-y-0.5 rounded-md bg-slate-50 p-2 font-mono text-slate-700">
              {step.log.map((entry, index) => (
                <li key={index} className="break-words">
                  <span className="text-slate-500">{t('details.steps.log_time', { seconds: seconds(entry.at, 2) })}</span> {entry.message}
                </li>
              ))}
            </ol>
          </details>
        ) : null}
        {step.hasScreenshot ? <StepScreenshot runId={runId} stepResultId={step.id} step={number} description={step.description} /> : null}
      </div>
    </li>
  );
}
