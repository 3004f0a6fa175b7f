// The dashboard page of both / and /dashboard (SPEC §2): the dashboard screen with what other features
// own: the onboarding card, the workflows' performance list and "run now", the error queue's items and
// the runs that failed and the tasks that wait for a person.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCurrentUser } from '@/features/auth/api/get-user';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { DASHBOARD_REFRESH_MS } from '@/features/dashboard/types';
import { errorQueueQueryOptions } from '@/features/error-queue/api/get-error-queue';
import { runsQueryOptions } from '@/features/flow-runs/api/get-runs';
import { tasksQueryOptions } from '@/features/flow-runs/api/get-tasks';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';
import { workflowPerformanceQueryOptions } from '@/features/workflows/api/get-workflow-performance';
import { useRunWorkflow } from '@/features/workflows/api/run-workflow';
import { useCan } from '@/lib/permissions';

/** How many of the latest failed runs the dashboard looks at. */
const RECENT_RUNS = 20;

export function DashboardPage() {
  const user = useCurrentUser();
  const canManageUsers = useCan('user.manage').allowed;
  const navigate = useNavigate();
  const runWorkflow = useRunWorkflow();
  const performance = useQuery(workflowPerformanceQueryOptions());
  const pendingErrors = useQuery({ ...errorQueueQueryOptions(), refetchInterval: DASHBOARD_REFRESH_MS });
  const failedRuns = useQuery({ ...runsQueryOptions({ status: 'failed', limit: RECENT_RUNS }), refetchInterval: DASHBOARD_REFRESH_MS });
  const waitingTasks = useQuery({ ...tasksQueryOptions(), refetchInterval: DASHBOARD_REFRESH_MS });

  return (
    <DashboardScreen
      fullName={user.fullName}
      organizationName={user.organizationName}
      canManageUsers={canManageUsers}
      onboarding={<OnboardingCard onComplete={() => void navigate({ to: '/workflows' })} />}
      performance={performance}
      onRunNow={(workflowId, onStarted) => runWorkflow.mutate(workflowId, { onSuccess: onStarted })}
      pendingErrors={pendingErrors}
      failedRuns={failedRuns}
      waitingTasks={waitingTasks}
    />
  );
}
