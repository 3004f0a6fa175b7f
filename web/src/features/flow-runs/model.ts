// What a run's status allows (docs/automation.md "Runs", the server's app.control_run / app.retry_run) and how
// often the run screens ask whether anything changed (useLiveRuns).
import type { Run } from '@shared/types/api';

export type RunAction = 'pause' | 'resume' | 'stop' | 'retry' | 'continue_attended';

/** Runs per page of flow management; "show more" asks for this many more. */
export const RUNS_PAGE_SIZE = 50;

/** How often (ms) the run screens ask whether anything changed: a run under way is shown at most a second behind. */
export const LIVE_INTERVAL_MS = 1000;

/**
 * The actions a run offers: pause a running one, resume a paused one (not one waiting for a person: their
 * decision resumes it), stop anything not finished, retry a failed one. Completed runs offer none, nor do runs a
 * decision stopped (the decision was taken; they are reviewed in the error queue). A run in a person's own
 * browser that paused (by itself or by a person) or waits for a browser is continued in a browser
 * (`continue_attended`, POST /api/runs/{id}/attended), never resumed on the servers, which refuse it.
 */
export function availableActions(run: Pick<Run, 'status' | 'requiresManualIntervention'> & Partial<Pick<Run, 'mode'>>): RunAction[] {
  if (run.mode === 'attended' && (run.status === 'pending' || (run.status === 'paused' && !run.requiresManualIntervention)))
    return ['continue_attended', 'stop'];
  switch (run.status) {
    case 'running':
      return ['pause', 'stop'];
    case 'paused':
      return run.requiresManualIntervention ? ['stop'] : ['resume', 'stop'];
    case 'pending':
      return ['stop'];
    case 'failed':
      return ['retry'];
    case 'completed':
    case 'stopped':
      return [];
  }
}

/** The step a retry starts from unless the person picks another: the failed one, else the current one, else the first. */
export function defaultRetryStep(run: Pick<Run, 'failedStep' | 'currentStep' | 'stepCount'>): number {
  const step = run.failedStep ?? run.currentStep ?? 0;
  return Math.min(Math.max(step, 0), Math.max(run.stepCount - 1, 0));
}
