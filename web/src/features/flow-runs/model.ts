// Flow runs and improvement suggestions: demonstration data and the client-side transitions of
// SPEC §4 (flow run status). Texts are locale keys under `flow_runs:demo`.

export const RUN_STATUSES = ['running', 'paused', 'completed', 'failed', 'pending'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export type DemoErrorKey = 'element_missing';

export type DemoRunKey = 'invoices' | 'rent' | 'reports' | 'contracts' | 'cases' | 'onboarding';

export type FlowRun = {
  id: string;
  workflowId: string;
  /** Names the run's texts: workflow name and current step. */
  key: DemoRunKey;
  status: RunStatus;
  progress: number;
  /** 'demo': the run's own current step text; 'restarting': 'Startar om...'. */
  currentStep: 'demo' | 'restarting';
  startedAt: string;
  estimatedCompletion: string | null;
  stepCount: number;
  completedSteps: number;
  aiConfidence: number;
  /** Key of the error text under `flow_runs:demo.errors`, null when there is none. */
  errorMessage: DemoErrorKey | null;
  requiresManualIntervention: boolean;
};

export type RunAction = 'pause' | 'resume' | 'retry' | 'stop';

/** running → paused (Pausa); paused → running (Fortsätt); failed → running from 0 (Försök igen); running|paused → failed (Stoppa). */
export function transition(run: FlowRun, action: RunAction): FlowRun {
  switch (action) {
    case 'pause':
      return run.status === 'running' ? { ...run, status: 'paused' } : run;
    case 'resume':
      return run.status === 'paused' ? { ...run, status: 'running' } : run;
    case 'retry':
      return run.status === 'failed'
        ? { ...run, status: 'running', progress: 0, completedSteps: 0, currentStep: 'restarting', errorMessage: null }
        : run;
    case 'stop':
      return run.status === 'running' || run.status === 'paused' ? { ...run, status: 'failed' } : run;
  }
}

/** The actions a run offers in its status; completed runs offer none. */
export function availableActions(status: RunStatus): RunAction[] {
  switch (status) {
    case 'running':
      return ['pause', 'stop'];
    case 'paused':
      return ['resume', 'stop'];
    case 'failed':
      return ['retry'];
    default:
      return [];
  }
}

export function countByStatus(runs: FlowRun[]): Record<RunStatus | 'total', number> {
  const counts = { running: 0, paused: 0, completed: 0, failed: 0, pending: 0, total: runs.length };
  for (const run of runs) counts[run.status] += 1;
  return counts;
}

const minutes = (n: number, from: number) => new Date(from + n * 60_000).toISOString();

export function demoRuns(now = Date.now()): FlowRun[] {
  const base = { currentStep: 'demo' as const, errorMessage: null, requiresManualIntervention: false };
  return [
    { ...base, id: 'run-1001', workflowId: 'wf-invoices', key: 'invoices', status: 'running', progress: 65, startedAt: minutes(-12, now), estimatedCompletion: minutes(6, now), stepCount: 12, completedSteps: 8, aiConfidence: 96 },
    { ...base, id: 'run-1002', workflowId: 'wf-onboarding', key: 'onboarding', status: 'running', progress: 40, startedAt: minutes(-8, now), estimatedCompletion: minutes(14, now), stepCount: 10, completedSteps: 4, aiConfidence: 78, requiresManualIntervention: true },
    { ...base, id: 'run-1003', workflowId: 'wf-rent', key: 'rent', status: 'paused', progress: 30, startedAt: minutes(-35, now), estimatedCompletion: null, stepCount: 10, completedSteps: 3, aiConfidence: 92 },
    { ...base, id: 'run-1004', workflowId: 'wf-reports', key: 'reports', status: 'completed', progress: 100, startedAt: minutes(-90, now), estimatedCompletion: minutes(-60, now), stepCount: 8, completedSteps: 8, aiConfidence: 98 },
    { ...base, id: 'run-1005', workflowId: 'wf-contracts', key: 'contracts', status: 'failed', progress: 45, startedAt: minutes(-20, now), estimatedCompletion: null, stepCount: 11, completedSteps: 5, aiConfidence: 88, errorMessage: 'element_missing' },
    { ...base, id: 'run-1006', workflowId: 'wf-cases', key: 'cases', status: 'pending', progress: 0, startedAt: minutes(0, now), estimatedCompletion: minutes(25, now), stepCount: 6, completedSteps: 0, aiConfidence: 90 },
  ];
}

export type ImprovementSuggestion = {
  id: string;
  key: 'invoices' | 'cases';
  confidence: number;
  type: 'timing' | 'automation';
  applied: boolean;
};

export function demoSuggestions(): ImprovementSuggestion[] {
  return [
    { id: 'suggestion-1', key: 'invoices', confidence: 89, type: 'timing', applied: false },
    { id: 'suggestion-2', key: 'cases', confidence: 94, type: 'automation', applied: false },
  ];
}
