// Test, then activate (SPEC §4): "Kör test" starts a real test run of the saved draft, followed here until it
// ends (its status, the step it is on, what went wrong in plain words); "Aktivera" only after a completed test.
import type { RunDetail } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RunErrorExplanation } from '@/components/run-error/run-error-explanation';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { isRunActive } from '@/features/workflows/api/get-run';

type ActivateStepProps = {
  workflowName: string;
  stepCount: number;
  testInputs: Record<string, string>;
  testRunId: string | null;
  testRun: RunDetail | undefined;
  testStarting: boolean;
  activated: boolean;
  activating: boolean;
  onTest: () => void;
  onActivate: () => void;
};

export function ActivateStep(props: ActivateStepProps) {
  const { workflowName, stepCount, testInputs, testRunId, testRun, testStarting, activated, activating, onTest, onActivate } = props;
  const { t } = useTranslation('onboarding');
  const running = testRunId !== null && isRunActive(testRun);
  const inputs = Object.entries(testInputs);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t('steps.activate.description')}</p>
      <p className="text-sm font-medium text-slate-900">{t('steps.activate.summary', { name: workflowName.trim(), steps: stepCount })}</p>
      {inputs.length ? (
        <p className="text-sm text-slate-600">
          {t('steps.activate.test_inputs', { inputs: inputs.map(([name, value]) => `${name} = ${value}`).join(', ') })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={onTest} disabled={running || activated} isPending={testStarting || running} pendingLabel={t('steps.activate.testing')}>
          {testRun && !running ? t('steps.activate.test_again') : t('steps.activate.test')}
        </Button>
        <Button onClick={onActivate} disabled={testRun?.status !== 'completed' || activated} isPending={activating} pendingLabel={t('steps.activate.deploying')}>
          {t('steps.activate.activate')}
        </Button>
      </div>
      <div role="status" className="space-y-2 text-sm">
        {testRun ? <TestRunStatus run={testRun} /> : null}
        {activated ? (
          <p className="flex items-center gap-2 font-medium text-emerald-700">
            <CheckCircleIcon className="size-5" />
            {t('steps.activate.deploy_success')}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function TestRunStatus({ run }: { run: RunDetail }) {
  const { t } = useTranslation('onboarding');
  const link = (
    <Link to="/workflow-execution/$runId" params={{ runId: run.id }} className="text-indigo-700 underline">
      {t('steps.activate.open_run')}
    </Link>
  );
  if (run.status === 'completed') {
    return (
      <p className="flex items-center gap-2 font-medium text-emerald-700">
        <CheckCircleIcon className="size-5" />
        {t('steps.activate.test_success', { steps: run.completedSteps })} {link}
      </p>
    );
  }
  if (isRunActive(run)) {
    return (
      <div className="space-y-1 text-slate-700">
        <p>
          {t(`steps.activate.run_status.${run.status}` as 'steps.activate.run_status.running')}{' '}
          {t('steps.activate.progress', { done: run.completedSteps, total: run.stepCount })}
          {run.currentStepDescription ? ` · ${run.currentStepDescription}` : ''}
        </p>
        <ProgressBar value={run.progress} label={t('steps.activate.progress_label')} />
      </div>
    );
  }
  return (
    <div className="space-y-1 text-red-700">
      <p className="font-medium">
        {run.status === 'stopped'
          ? t('steps.activate.test_stopped')
          : t('steps.activate.test_failed', { step: (run.failedStep ?? run.currentStep ?? 0) + 1 })}{' '}
        {link}
      </p>
      {run.status === 'failed' ? <RunErrorExplanation errorType={run.errorType} errorMessage={run.errorMessage} /> : null}
    </div>
  );
}
