// The wizard's state and its timers. Every timer is cancelled on reset (the modal closing) and unmount.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  canActivate,
  canGoBack,
  canGoNext,
  DEPLOY_MS,
  initialWizardState,
  MAX_RECORDED_STEPS,
  type OnboardingDraft,
  RECORD_STEP_MS,
  STEP_COUNT,
  TEST_MS,
  type WizardState,
} from '../model';

export function useOnboardingWizard() {
  const [state, setState] = useState<WizardState>(initialWizardState);
  const recordTimer = useRef<number | undefined>(undefined);
  const phaseTimers = useRef<number[]>([]);

  const clearTimers = useCallback(() => {
    window.clearInterval(recordTimer.current);
    recordTimer.current = undefined;
    for (const id of phaseTimers.current) window.clearTimeout(id);
    phaseTimers.current = [];
  }, []);

  useEffect(() => clearTimers, [clearTimers]);

  const update = (patch: Partial<OnboardingDraft>) => setState((s) => ({ ...s, draft: { ...s.draft, ...patch } }));

  const next = () => setState((s) => (canGoNext(s) ? { ...s, stepIndex: Math.min(s.stepIndex + 1, STEP_COUNT - 1) } : s));
  const back = () => setState((s) => (canGoBack(s) ? { ...s, stepIndex: Math.max(s.stepIndex - 1, 0) } : s));

  const stopRecording = () => {
    window.clearInterval(recordTimer.current);
    recordTimer.current = undefined;
    setState((s) => (s.recording === 'recording' ? { ...s, recording: 'done' } : s));
  };

  const startRecording = () => {
    window.clearInterval(recordTimer.current);
    setState((s) => ({ ...s, recording: 'recording', draft: { ...s.draft, recordedSteps: 0 } }));
    recordTimer.current = window.setInterval(() => {
      setState((s) => {
        const recordedSteps = Math.min(s.draft.recordedSteps + 1, MAX_RECORDED_STEPS);
        const finished = recordedSteps >= MAX_RECORDED_STEPS;
        return { ...s, recording: finished ? 'done' : 'recording', draft: { ...s.draft, recordedSteps } };
      });
    }, RECORD_STEP_MS);
  };

  // The interval stops itself once the simulated recording is done.
  useEffect(() => {
    if (state.recording !== 'recording') {
      window.clearInterval(recordTimer.current);
      recordTimer.current = undefined;
    }
  }, [state.recording]);

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

  return { state, update, next, back, startRecording, stopRecording, startTest, activate, toggleSuggestion, reset };
}

export type OnboardingWizard = ReturnType<typeof useOnboardingWizard>;
