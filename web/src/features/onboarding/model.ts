// The onboarding wizard (SPEC §3 onboarding draft, §4 onboarding wizard, §9 constants). Client only.

export const STEP_IDS = ['welcome', 'info', 'prepare', 'record', 'ai', 'activate'] as const;
export type StepId = (typeof STEP_IDS)[number];
export const STEP_COUNT = STEP_IDS.length;

export const CATEGORIES = ['data_entry', 'report_generation', 'email_processing', 'file_management', 'system_integration', 'other'] as const;
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'as_needed'] as const;
export const SUGGESTION_TYPES = ['error_handling', 'data_validation', 'notification'] as const;

export type Category = (typeof CATEGORIES)[number];
export type Frequency = (typeof FREQUENCIES)[number];
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];

/** Test 3 s; deployment 2 s (the recording is real: the Kollega Recorder extension). */
export const TEST_MS = 3000;
export const DEPLOY_MS = 2000;

export type AiSuggestion = { id: string; type: SuggestionType; applied: boolean };

export type OnboardingDraft = {
  workflowName: string;
  description: string;
  category: Category | '';
  frequency: Frequency | '';
  recordedSteps: number;
  aiSuggestions: AiSuggestion[];
};

export type Phase = 'idle' | 'running' | 'success';
export type RecordingPhase = 'idle' | 'recording' | 'done';

export type WizardState = {
  stepIndex: number;
  draft: OnboardingDraft;
  recording: RecordingPhase;
  test: Phase;
  deploy: Phase;
};

export function initialWizardState(): WizardState {
  return {
    stepIndex: 0,
    draft: {
      workflowName: '',
      description: '',
      category: '',
      frequency: '',
      recordedSteps: 0,
      aiSuggestions: SUGGESTION_TYPES.map((type, index) => ({ id: `suggestion-${index + 1}`, type, applied: true })),
    },
    recording: 'idle',
    test: 'idle',
    deploy: 'idle',
  };
}

/** The workflow-information step: trimmed name and description, a category and a frequency. */
export function isInfoComplete(draft: OnboardingDraft): boolean {
  return draft.workflowName.trim() !== '' && draft.description.trim() !== '' && draft.category !== '' && draft.frequency !== '';
}

export function canGoNext(state: WizardState): boolean {
  if (state.stepIndex >= STEP_COUNT - 1) return false;
  switch (STEP_IDS[state.stepIndex]) {
    case 'info':
      return isInfoComplete(state.draft);
    case 'record':
      return state.recording !== 'recording' && state.draft.recordedSteps >= 1;
    default:
      return true;
  }
}

export function canGoBack(state: WizardState): boolean {
  if (state.stepIndex === 0) return false;
  if (state.recording === 'recording') return false;
  return state.deploy !== 'running';
}

export const canActivate = (state: WizardState) => state.test === 'success' && state.deploy === 'idle';
export const canFinish = (state: WizardState) => state.deploy === 'success';
