// The dashboard (SPEC §2): greeting, home prompt, onboarding slot, measured figures, alerts, what waits
// for a person, flow performance, shortcuts. Lists owned by other features come in from the route.
import type { ErrorQueueItem, HumanTask, Run, WorkflowPerformance } from '@shared/types/api';
import type { ReactNode } from 'react';
import type { ListQuery } from '../types';
import { AlertsList } from './alerts-list';
import { AttentionList } from './attention-list';
import { DashboardGreeting } from './dashboard-greeting';
import { FlowPerformanceList } from './flow-performance-list';
import type { RunNow } from './flow-performance-row';
import { HomePrompt } from './home-prompt';
import { QuickActions } from './quick-actions';
import { StatTiles } from './stat-tiles';

type DashboardScreenProps = {
  fullName: string;
  organizationName: string;
  /** Whether the user may manage users (admins): the team management shortcut shows only then. */
  canManageUsers: boolean;
  /** The onboarding card (and its modal), owned by the onboarding feature. */
  onboarding: ReactNode;
  /** The workflows feature's performance list and its "run now". */
  performance: ListQuery<WorkflowPerformance>;
  onRunNow: RunNow;
  /** The error queue's items (pending ones become alerts). */
  pendingErrors: ListQuery<ErrorQueueItem>;
  /** Recent failed runs (those of the last 24 hours become alerts). */
  failedRuns: ListQuery<Run>;
  /** Open human tasks: runs waiting for a person's decision or manual step. */
  waitingTasks: ListQuery<HumanTask>;
};

export function DashboardScreen({
  fullName,
  organizationName,
  canManageUsers,
  onboarding,
  performance,
  onRunNow,
  pendingErrors,
  failedRuns,
  waitingTasks,
}: DashboardScreenProps) {
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <DashboardGreeting fullName={fullName} organizationName={organizationName} />
      <HomePrompt />
      {onboarding}
      <StatTiles />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <FlowPerformanceList performance={performance} onRunNow={onRunNow} />
          <AlertsList pendingErrors={pendingErrors} failedRuns={failedRuns} />
        </div>
        <div className="min-w-0 space-y-6">
          <AttentionList waitingTasks={waitingTasks} />
          <QuickActions canManageUsers={canManageUsers} />
        </div>
      </div>
    </div>
  );
}
