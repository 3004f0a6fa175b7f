// The wizard's record step: the same real recorder as Track & Trace (the Kollega Recorder extension). The
// wizard keeps the phase and the step count (idle → recording → done) for its next/back rules.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { RecordIcon, StopIcon } from '@/components/ui/icons';
import { InstallNotice } from '@/features/recording/components/install-notice';
import { useRecorder } from '@/features/recording/hooks/use-recorder';
import type { RecordingPhase } from '../model';

type RecordStepProps = { onChange: (phase: RecordingPhase, recordedSteps: number) => void };

export function RecordStep({ onChange }: RecordStepProps) {
  const { t } = useTranslation('onboarding');
  const recorder = useRecorder();
  const count = recorder.steps.length;
  const phase: RecordingPhase = recorder.status !== 'stopped' ? 'recording' : count > 0 ? 'done' : 'idle';
  useEffect(() => onChange(phase, count), [onChange, phase, count]);
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
