// The recording state machine (SPEC §4): stopped → recording (opens a 1200×800 window, clears the
// steps, adds a navigate step) ⇄ paused → stopped (stop or the window closed). While recording a
// simulated step is appended 2000 ms after the start, then every 3000–8000 ms.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FIRST_STEP_DELAY_MS,
  nextStepDelay,
  type RecordedStep,
  RECORDING_WINDOW_FEATURES,
  type RecorderStatus,
  renumber,
  SIMULATED_STEPS,
  startUrl,
  WINDOW_POLL_MS,
} from '../model';

type UseRecorderOptions = { random?: () => number };

export function useRecorder({ random = Math.random }: UseRecorderOptions = {}) {
  const { t } = useTranslation('recording');
  const [status, setStatus] = useState<RecorderStatus>('stopped');
  const [steps, setSteps] = useState<RecordedStep[]>([]);
  const [popupBlocked, setPopupBlocked] = useState(false);
  const windowRef = useRef<Window | null>(null);
  const stepTimer = useRef<number | undefined>(undefined);
  const pollTimer = useRef<number | undefined>(undefined);
  const simulatedCount = useRef(0);
  const idCounter = useRef(0);

  const newId = () => {
    idCounter.current += 1;
    return `step-${idCounter.current}`;
  };

  const appendSimulatedStep = useCallback(() => {
    const sample = SIMULATED_STEPS[simulatedCount.current % SIMULATED_STEPS.length];
    simulatedCount.current += 1;
    setSteps((current) => [
      ...current,
      {
        ...sample,
        id: newId(),
        stepNumber: current.length + 1,
        description: t(`steps.samples.${sample.action}`),
        timestamp: new Date().toISOString(),
        ...(sample.action === 'ai_decision' ? { aiPrompt: t('steps.samples.ai_decision') } : {}),
      },
    ]);
  }, [t]);

  const schedule = useCallback(
    (delay: number) => {
      window.clearTimeout(stepTimer.current);
      stepTimer.current = window.setTimeout(() => {
        appendSimulatedStep();
        schedule(nextStepDelay(random));
      }, delay);
    },
    [appendSimulatedStep, random],
  );

  const clearTimers = useCallback(() => {
    window.clearTimeout(stepTimer.current);
    window.clearInterval(pollTimer.current);
    stepTimer.current = undefined;
    pollTimer.current = undefined;
  }, []);

  const stop = useCallback(() => {
    clearTimers();
    windowRef.current = null;
    setStatus('stopped');
  }, [clearTimers]);

  const start = (typedUrl: string) => {
    const url = startUrl(typedUrl);
    const opened = window.open(url ?? 'about:blank', '_blank', RECORDING_WINDOW_FEATURES);
    if (!opened) {
      setPopupBlocked(true);
      return;
    }
    setPopupBlocked(false);
    clearTimers();
    windowRef.current = opened;
    simulatedCount.current = 0;
    setSteps([
      {
        id: newId(),
        stepNumber: 1,
        action: 'navigate',
        description: t('steps.navigate_to', { url: url ?? t('steps.blank_page') }),
        timestamp: new Date().toISOString(),
        ...(url ? { url } : {}),
      },
    ]);
    setStatus('recording');
    schedule(FIRST_STEP_DELAY_MS);
    pollTimer.current = window.setInterval(() => {
      if (windowRef.current?.closed) stop();
    }, WINDOW_POLL_MS);
  };

  const pause = () => {
    if (status !== 'recording') return;
    window.clearTimeout(stepTimer.current);
    setStatus('paused');
  };

  const resume = () => {
    if (status !== 'paused') return;
    setStatus('recording');
    schedule(nextStepDelay(random));
  };

  const showWindow = () => windowRef.current?.focus();

  const clearSteps = () => setSteps([]);
  const deleteStep = (id: string) => setSteps((current) => renumber(current.filter((step) => step.id !== id)));
  const updateStep = (id: string, patch: Pick<RecordedStep, 'description' | 'selector' | 'value'>) =>
    setSteps((current) => current.map((step) => (step.id === id ? { ...step, ...patch } : step)));

  useEffect(() => clearTimers, [clearTimers]);

  return {
    status,
    steps,
    popupBlocked,
    hasWindow: status !== 'stopped',
    start,
    pause,
    resume,
    stop,
    showWindow,
    clearSteps,
    deleteStep,
    updateStep,
  };
}
