// The steps of every attempt, each attempt in order of execution (earlier attempts stay in the log).
import type { RunStep } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { RunStepRow } from './run-step-row';

export function RunAttemptSteps({ runId, steps }: { runId: string; steps: RunStep[] }) {
  const { t } = useTranslation('flow_runs');
  const attempts = [...new Set(steps.map((step) => step.attempt))].sort((a, b) => a - b);
  if (attempts.length === 0) {
    return (
      <Card title={t('details.steps.title')}>
        <p className="text-sm text-slate-600">{t('details.steps.empty')}</p>
      </Card>
    );
  }
  return (
    <>
      {attempts.map((attempt) => (
        <Card key={attempt} title={attempts.length > 1 ? t('details.steps.attempt', { attempt }) : t('details.steps.title')}>
          <ol aria-label={t('details.steps.attempt', { attempt })} className="divide-y divide-slate-100">
            {steps
              .filter((step) => step.attempt === attempt)
              .sort((a, b) => a.seq - b.seq)
              .map((step) => (
                <RunStepRow key={step.id} runId={runId} step={step} />
              ))}
          </ol>
        </Card>
      ))}
    </>
  );
}
