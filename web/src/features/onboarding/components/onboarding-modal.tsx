// The six-step guided first workflow (SPEC §2 onboarding modal, §4 wizard): a real draft workflow, test run and activation.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { OnboardingWizard } from '../hooks/use-onboarding-wizard';
import { canGoBack, canGoNext, STEP_COUNT, STEP_IDS } from '../model';
import { ActivateStep } from './activate-step';
import { InfoStep } from './info-step';
import { PrepareStep } from './prepare-step';
import { RecordStep } from './record-step';
import { SuggestionsStep } from './suggestions-step';
import { WelcomeStep } from './welcome-step';

type OnboardingModalProps = {
  open: boolean;
  wizard: OnboardingWizard;
  onClose: () => void;
  onComplete: () => void;
};

export function OnboardingModal({ open, wizard, onClose, onComplete }: OnboardingModalProps) {
  const { t } = useTranslation('onboarding');
  const { state } = wizard;
  const stepId = STEP_IDS[state.stepIndex];
  const current = state.stepIndex + 1;
  const percent = Math.round((current / STEP_COUNT) * 100);
  const isLast = current === STEP_COUNT;

  return (
    <Dialog open={open} onClose={onClose} title={t('modal.title')} size="lg" closeButton>
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>{t('modal.step_of', { current, total: STEP_COUNT })}</span>
        <span>{t('modal.percent', { percent })}</span>
      </div>
      <ProgressBar className="mt-2" value={percent} label={t('modal.progress_label')} />
      <h3 className="mt-5 text-base font-semibold text-indigo-700">{t(`steps.${stepId}.title`)}</h3>
      <div className="mt-3 min-h-56">
        {stepId === 'welcome' ? <WelcomeStep /> : null}
        {stepId === 'info' ? <InfoStep draft={state.draft} onChange={wizard.update} /> : null}
        {stepId === 'prepare' ? <PrepareStep /> : null}
        {stepId === 'record' ? <RecordStep recorded={state.steps.length} onChange={wizard.setRecording} /> : null}
        {stepId === 'suggestions' ? (
          <SuggestionsStep suggestions={wizard.suggestions} loading={wizard.secretsLoading} chosen={state.chosen} onToggle={wizard.toggleSuggestion} />
        ) : null}
        {stepId === 'activate' ? (
          <ActivateStep
            workflowName={state.draft.workflowName}
            stepCount={state.steps.length}
            testInputs={wizard.testInputs}
            testRunId={state.testRunId}
            testRun={wizard.testRun}
            testStarting={wizard.testStarting}
            activated={state.activated}
            activating={wizard.activating}
            onTest={wizard.startTest}
            onActivate={wizard.activate}
          />
        ) : null}
      </div>
      <div className="mt-6 flex justify-between gap-3 border-t border-slate-100 pt-4">
        <Button variant="secondary" onClick={wizard.back} disabled={!canGoBack(state)}>
          {t('modal.back')}
        </Button>
        {isLast ? (
          <Button onClick={onComplete} disabled={!state.activated}>
            {t('modal.finish')}
          </Button>
        ) : (
          <Button onClick={wizard.next} disabled={!canGoNext(state)} isPending={wizard.saving} pendingLabel={t('modal.saving')}>
            {t('modal.next')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
