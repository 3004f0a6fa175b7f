// The onboarding wizard (SPEC §4 onboarding wizard): a first workflow for real. The recording is saved as a
// draft workflow when the record step is left, the suggestions (computed from its steps, ./suggestions.ts)
// that the user keeps become a new version, "Kör test" starts a test run that the last step follows, and
// "Aktivera" activates the workflow.
import type { WORKFLOW_CATEGORIES } from '@shared/schemas/workflows';
import type { RecordedStep } from '@/features/recording/model';

export const STEP_IDS = ['welcome', 'info', 'prepare', 'record', 'suggestions', 'activate'] as const;
export type StepId = (typeof STEP_IDS)[number];
export const STEP_COUNT = STEP_IDS.length;

export type OnboardingDraft = {
  workflowName: string;
  description: string;
  category: WorkflowCategory | '';
};

export type WorkflowCategory = (typeof WORKFLOW_CATEGORIES)[number];

export type RecordingPhase = 'idle' | 'recording' | 'done';

export type WizardState = {
  stepIndex: number;
  draft: OnboardingDraft;
  recording: RecordingPhase;
  steps: RecordedStep[];
  /** The draft workflow, once the recording is saved. */
  workflowId: string | null;
  /** Suggestions the user keeps (ids from ./suggestions.ts). */
  chosen: string[];
  /** The test run started from the last step. */
  testRunId: string | null;
  activated: boolean;
};

export function initialWizardState(): WizardState {
  return {
    stepIndex: 0,
    draft: { workflowName: '', description: '', category: '' },
    recording: 'idle',
    steps: [],
    workflowId: null,
    chosen: [],
    testRunId: null,
    activated: false,
  };
}

/** The workflow-information step: trimmed name and description, and a category. */
export function isInfoComplete(draft: OnboardingDraft): boolean {
  return draft.workflowName.trim() !== '' && draft.description.trim() !== '' && draft.category !== '';
}

export function canGoNext(state: WizardState): boolean {
  if (state.stepIndex >= STEP_COUNT - 1) return false;
  switch (STEP_IDS[state.stepIndex]) {
    case 'info':
      return isInfoComplete(state.draft);
    case 'record':
      return state.recording !== 'recording' && state.steps.length >= 1;
    default:
      return true;
  }
}

export function canGoBack(state: WizardState): boolean {
  if (state.stepIndex === 0) return false;
  return state.recording !== 'recording';
}
