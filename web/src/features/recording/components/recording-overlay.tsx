// The floating status panel: recording / paused / stopped and the step count; controls while active.
import { useTranslation } from 'react-i18next';
import { PauseIcon, PlayIcon, StopIcon } from '@/components/ui/icons';
import type { RecorderStatus } from '../model';

type RecordingOverlayProps = {
  status: RecorderStatus;
  stepCount: number;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
};

const dots: Record<RecorderStatus, string> = {
  recording: 'bg-red-500 motion-safe:animate-pulse',
  paused: 'bg-amber-400',
  stopped: 'bg-slate-400',
};

export function RecordingOverlay({ status, stepCount, onPause, onResume, onStop }: RecordingOverlayProps) {
  const { t } = useTranslation('recording');
  const buttonClasses = 'rounded-full p-2 text-white hover:bg-white/15';
  return (
    <aside
      aria-label={t('overlay.label')}
      className="fixed right-6 bottom-6 z-40 flex items-center gap-3 rounded-full bg-slate-900 py-2 pr-2 pl-4 text-sm text-white shadow-xl"
    >
      <span className={`size-2.5 rounded-full ${dots[status]}`} aria-hidden="true" />
      <span role="status" className="font-medium">
        {t(`status.${status}`)} · {t('overlay.steps', { count: stepCount })}
      </span>
      {status === 'recording' ? (
        <button type="button" className={buttonClasses} onClick={onPause} aria-label={t('controls.pause')}>
          <PauseIcon className="size-4" />
        </button>
      ) : null}
      {status === 'paused' ? (
        <button type="button" className={buttonClasses} onClick={onResume} aria-label={t('controls.resume')}>
          <PlayIcon className="size-4" />
        </button>
      ) : null}
      {status === 'stopped' ? null : (
        <button type="button" className={buttonClasses} onClick={onStop} aria-label={t('controls.stop')}>
          <StopIcon className="size-4" />
        </button>
      )}
    </aside>
  );
}
