// The simulated recording: idle → recording (one more step every 2 s, up to 8) → done.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { RecordIcon, StopIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { MAX_RECORDED_STEPS, type RecordingPhase } from '../model';

type RecordStepProps = {
  phase: RecordingPhase;
  recordedSteps: number;
  onStart: () => void;
  onStop: () => void;
};

export function RecordStep({ phase, recordedSteps, onStart, onStop }: RecordStepProps) {
  const { t } = useTranslation('onboarding');
  const count = t('steps.record.count', {
    count: recordedSteps,
    max: MAX_RECORDED_STEPS,
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t('steps.record.description')}</p>
      <div className="rounded-lg bg-slate-50 p-4">
        <p className="text-sm font-semibold text-slate-900" role="status">
          {phase === 'recording' ? t('steps.record.recording') : phase === 'done' ? t('steps.record.done') : null}{' '}
          <span className="font-normal text-slate-600">{count}</span>
        </p>
        <ProgressBar className="mt-3" value={(recordedSteps / MAX_RECORDED_STEPS) * 100} label={count} />
      </div>
      {phase === 'recording' ? (
        <Button variant="destructive" onClick={onStop}>
          <StopIcon className="size-4" />
          {t('steps.record.stop')}
        </Button>
      ) : (
        <Button onClick={onStart}>
          <RecordIcon className="size-4" />
          {phase === 'done' ? t('steps.record.restart') : t('steps.record.start')}
        </Button>
      )}
    </div>
  );
}
