// The wizard's state and its server calls: the recording saved as a draft workflow (leaving the record step),
// the kept suggestions saved as a new version (leaving the suggestions step), a test run started and
// followed (polled until it ends), and the activation.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { runQueryOptions } from '@/features/workflows/api/get-run';
import { createWorkflow } from '@/features/workflows/api/create-workflow';
import { invalidateWorkflows } from '@/features/workflows/api/invalidate-workflows';
import { runWorkflow } from '@/features/workflows/api/run-workflow';
import { saveDefinition } from '@/features/workflows/api/save-definition';
import { updateWorkflow } from '@/features/workflows/api/update-workflow';
import { type RecordedStep, recordedDurationMs, toDefinition } from '@/features/recording/model';
import { secretsQueryOptions } from '@/features/settings/api/get-secrets';
import { canGoBack, canGoNext, initialWizardState, type OnboardingDraft, type RecordingPhase, STEP_COUNT, STEP_IDS, type WizardState } from '../model';
import { applySuggestions, suggestionsFor } from '../suggestions';

export function useOnboardingWizard() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<WizardState>(initialWizardState);
  /** The definition last saved for the draft (JSON), so an unchanged one is not saved again. */
  const saved = useRef<string | null>(null);
  const stepId = STEP_IDS[state.stepIndex];

  const recorded = useMemo(() => toDefinition(state.steps), [state.steps]);
  const secrets = useQuery({ ...secretsQueryOptions(), enabled: stepId === 'suggestions' });
  const suggestions = useMemo(
    () => (secrets.data ? suggestionsFor(recorded, secrets.data.map((s) => s.name)) : []),
    [recorded, secrets.data],
  );
  const applied = useMemo(
    () => applySuggestions(recorded, suggestions.filter((s) => state.chosen.includes(s.id))),
    [recorded, suggestions, state.chosen],
  );
  const testRun = useQuery({ ...runQueryOptions(state.testRunId ?? ''), enabled: state.testRunId !== null });

  const update = (patch: Partial<OnboardingDraft>) => setState((s) => ({ ...s, draft: { ...s.draft, ...patch } }));
  const advance = () => setState((s) => ({ ...s, stepIndex: Math.min(s.stepIndex + 1, STEP_COUNT - 1) }));

  /** Creates the draft workflow (once) and saves the definition when it changed; a new definition needs a new test. */
  const save = useMutation({
    mutationFn: async () => {
      const definition = stepId === 'record' ? recorded : applied.definition;
      const id =
        state.workflowId ??
        (await createWorkflow({ name: state.draft.workflowName.trim(), description: state.draft.description.trim(), category: state.draft.category || undefined })).id;
      const json = JSON.stringify(definition);
      if (saved.current !== json) {
        await saveDefinition({ id, definition, source: 'recorder', recordedDurationMs: recordedDurationMs(state.steps) });
        saved.current = json;
        setState((s) => ({ ...s, testRunId: null }));
      }
      return id;
    },
    meta: { errorTitle: 'onboarding:toast.save_failed' },
    onSuccess: (workflowId) => {
      setState((s) => ({ ...s, workflowId }));
      advance();
      return invalidateWorkflows(queryClient);
    },
  });

  const next = () => {
    if (!canGoNext(state) || save.isPending) return;
    if (stepId === 'record' || stepId === 'suggestions') save.mutate();
    else advance();
  };
  const back = () => setState((s) => (canGoBack(s) ? { ...s, stepIndex: Math.max(s.stepIndex - 1, 0) } : s));

  /** The real recorder's state (the record step follows the Kollega Recorder extension); new steps drop the old choices. */
  const setRecording = useCallback(
    (recording: RecordingPhase, steps: RecordedStep[]) =>
      setState((s) => (s.recording === recording && s.steps === steps ? s : { ...s, recording, steps, chosen: s.steps === steps ? s.chosen : [] })),
    [],
  );

  const toggleSuggestion = (id: string, on: boolean) =>
    setState((s) => ({ ...s, chosen: on ? [...s.chosen, id] : s.chosen.filter((x) => x !== id) }));

  const startTest = useMutation({
    mutationFn: (workflowId: string) => runWorkflow({ id: workflowId, mode: 'test', inputs: applied.testInputs }),
    meta: { errorTitle: 'onboarding:toast.test_failed' },
    onSuccess: ({ executionId }) => setState((s) => ({ ...s, testRunId: executionId })),
  });

  const activate = useMutation({
    mutationFn: (workflowId: string) => updateWorkflow({ id: workflowId, input: { status: 'active' } }),
    meta: { errorTitle: 'onboarding:toast.activate_failed' },
    onSuccess: () => {
      setState((s) => ({ ...s, activated: true }));
      return invalidateWorkflows(queryClient);
    },
  });

  const reset = () => {
    saved.current = null;
    setState(initialWizardState());
  };

  return {
    state,
    suggestions,
    secretsLoading: secrets.isPending && stepId === 'suggestions',
    testInputs: applied.testInputs,
    testRun: testRun.data,
    saving: save.isPending,
    update,
    next,
    back,
    setRecording,
    toggleSuggestion,
    startTest: () => state.workflowId && startTest.mutate(state.workflowId),
    testStarting: startTest.isPending,
    activate: () => state.workflowId && activate.mutate(state.workflowId),
    activating: activate.isPending,
    reset,
  };
}

export type OnboardingWizard = ReturnType<typeof useOnboardingWizard>;
