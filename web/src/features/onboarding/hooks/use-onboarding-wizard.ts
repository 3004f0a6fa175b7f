// The wizard's state and its test and deployment timers. Every timer is cancelled on reset (the modal closing) and unmount.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  canActivate,
  canGoBack,
  canGoNext,
  DEPLOY_MS,
  initialWizardState,
  type OnboardingDraft,
  type RecordingPhase,
  STEP_COUNT,
  TEST_MS,
  type WizardState,
} from '../model';

export function useOnboardingWizard() {
  const [state, setState] = useState<WizardState>(initialWizardState);
  const phaseTimers = useRef<number[]>([]);

  const clearTimers = useCallback(() => {
    for (const id of phaseTimers.current) window.clearTimeout(id);
    phaseTimers.current = [];
  }, []);

  useEffect(() => clearTimers, [clearTimers]);

  const update = (patch: Partial<OnboardingDraft>) => setState((s) => ({ ...s, draft: { ...s.draft, ...patch } }));

  const next = () => setState((s) => (canGoNext(s) ? { ...s, stepIndex: Math.min(s.stepIndex + 1, STEP_COUNT - 1) } : s));
  const back = () => setState((s) => (canGoBack(s) ? { ...s, stepIndex: Math.max(s.stepIndex - 1, 0) } : s));

  /** The real recorder's state (the record step follows the Kollega Recorder extension). */
  const setRecording = useCallback(
    (recording: RecordingPhase, recordedSteps: number) =>
      setState((s) =>
        s.recording === recording && s.draft.recordedSteps === recordedSteps
          ? s
          : { ...s, recording, draft: { ...s.draft, recordedSteps } },
      ),
    [],
  );

  const later = (ms: number, apply: (s: WizardState) => WizardState) => {
    phaseTimers.current.push(window.setTimeout(() => setState(apply), ms));
  };

  const startTest = () => {
    if (state.test !== 'idle') return;
    setState((s) => ({ ...s, test: 'running' }));
    later(TEST_MS, (s) => ({ ...s, test: 'success' }));
  };

  const activate = () => {
    if (!canActivate(state)) return;
    setState((s) => ({ ...s, deploy: 'running' }));
    later(DEPLOY_MS, (s) => ({ ...s, deploy: 'success' }));
  };

  const toggleSuggestion = (id: string, applied: boolean) =>
    setState((s) => ({
      ...s,
      draft: { ...s.draft, aiSuggestions: s.draft.aiSuggestions.map((x) => (x.id === id ? { ...x, applied } : x)) },
    }));

  const reset = () => {
    clearTimers();
    setState(initialWizardState());
  };

  return { state, update, next, back, setRecording, startTest, activate, toggleSuggestion, reset };
}

export type OnboardingWizard = ReturnType<typeof useOnboardingWizard>;
