// The wizard's record step: the same real recorder as Track & Trace (the Kollega Recorder extension). The
// wizard keeps the phase and the recorded steps (idle → recording → done); coming back to the step keeps
// the earlier recording until a new one starts.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { RecordIcon, StopIcon } from '@/components/ui/icons';
import { InstallNotice } from '@/features/recording/components/install-notice';
import { useRecorder } from '@/features/recording/hooks/use-recorder';
import type { RecordedStep } from '@/features/recording/model';
import type { RecordingPhase } from '../model';

type RecordStepProps = { recorded: number; onChange: (phase: RecordingPhase, steps: RecordedStep[]) => void };

export function RecordStep({ recorded, onChange }: RecordStepProps) {
  const { t } = useTranslation('onboarding');
  const recorder = useRecorder();
  const { steps } = recorder;
  const fresh = recorder.status === 'stopped' && steps.length === 0;
  const count = fresh ? recorded : steps.length;
  const phase: RecordingPhase = recorder.status !== 'stopped' ? 'recording' : count > 0 ? 'done' : 'idle';
  useEffect(() => {
    if (!fresh) onChange(phase, steps);
  }, [onChange, phase, steps, fresh]);
  // Leaving the step (or closing the wizard) ends a recording it started.
  const { stop } = recorder;
  const recording = recorder.status !== 'stopped';
  useEffect(() => (recording ? stop : undefined), [recording, stop]);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t('steps.record.description')}</p>
      {recorder.installed ? null : <InstallNotice />}
      <div className="rounded-lg bg-slate-50 p-4">
        <p className="text-sm font-semibold text-slate-900" role="status">
          {phase === 'recording' ? t('steps.record.recording') : phase === 'done' ? t('steps.record.done') : null}{' '}
          <span className="font-normal text-slate-600">{t('steps.record.count', { count })}</span>
        </p>
      </div>
      {phase === 'recording' ? (
        <Button variant="destructive" onClick={recorder.stop}>
          <StopIcon className="size-4" />
          {t('steps.record.stop')}
        </Button>
      ) : (
        <Button onClick={() => recorder.start('')} disabled={!recorder.installed}>
          <RecordIcon className="size-4" />
          {phase === 'done' ? t('steps.record.restart') : t('steps.record.start')}
        </Button>
      )}
    </div>
  );
}
