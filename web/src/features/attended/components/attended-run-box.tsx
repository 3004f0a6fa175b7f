// On a run that executes in a person's own browser: why it paused (in the person's words: "Du avbröt felsökningen
// i Chrome", "Tillägget startades om"…) and what to do, that it waits for a browser, or that a "Logga in själv"
// step waits for the person to sign in in the tab. The continue button is the run's actions' (RunActions). On a
// run card (no steps given) only a pause or a wait is said.
import type { Run, RunStep } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';

export function AttendedRunBox({ run }: { run: Pick<Run, 'mode' | 'status' | 'pauseReason'> & { steps?: RunStep[] } }) {
  const { t } = useTranslation('attended');
  if (run.mode !== 'attended') return null;
  if (run.status === 'paused' && run.pauseReason) {
    return (
      <Alert variant="warning" title={t('box.paused_title')}>
        <p className="font-medium">{t(`pause_reason.${run.pauseReason}`)}</p>
        <p>{t(`pause_advice.${run.pauseReason}`)}</p>
      </Alert>
    );
  }
  if (run.status === 'pending') {
    return (
      <Alert variant="warning" title={t('box.pending_title')}>
        {t('box.pending_description')}
      </Alert>
    );
  }
  if (run.status !== 'running' || !run.steps) return null;
  const login = run.steps.findLast((step) => step.status === 'running' && step.stepType === 'login');
  return login ? (
    <Alert variant="warning" title={t('box.login_title')}>
      {t('box.login_description', { step: login.description })}
    </Alert>
  ) : (
    <div role="status" className="rounded-lg bg-violet-50 p-4 text-sm text-violet-900 ring-1 ring-violet-200 ring-inset">
      <p className="font-semibold">{t('box.running_title')}</p>
      <p className="mt-1">{t('box.running_description')}</p>
    </div>
  );
}
