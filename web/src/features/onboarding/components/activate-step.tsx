// Test (3 s) then activation (2 s); activation only after a successful test (SPEC §4).
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import type { Phase } from '../model';

type ActivateStepProps = {
  workflowName: string;
  recordedSteps: number;
  test: Phase;
  deploy: Phase;
  onTest: () => void;
  onActivate: () => void;
};

export function ActivateStep({ workflowName, recordedSteps, test, deploy, onTest, onActivate }: ActivateStepProps) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t('steps.activate.description')}</p>
      <p className="text-sm font-medium text-slate-900">{t('steps.activate.summary', { name: workflowName.trim(), steps: recordedSteps })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={onTest} disabled={test !== 'idle'} isPending={test === 'running'} pendingLabel={t('steps.activate.testing')}>
          {t('steps.activate.test')}
        </Button>
        <Button onClick={onActivate} disabled={test !== 'success' || deploy !== 'idle'} isPending={deploy === 'running'} pendingLabel={t('steps.activate.deploying')}>
          {t('steps.activate.activate')}
        </Button>
      </div>
      <div role="status" className="space-y-1 text-sm font-medium text-emerald-700">
        {test === 'success' ? (
          <p className="flex items-center gap-2">
            <CheckCircleIcon className="size-5" />
            {t('steps.activate.test_success')}
          </p>
        ) : null}
        {deploy === 'success' ? (
          <p className="flex items-center gap-2">
            <CheckCircleIcon className="size-5" />
            {t('steps.activate.deploy_success')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
