// The dashboard (SPEC §2): greeting, home prompt, onboarding slot, figures, alerts, performance, shortcuts.
import type { ReactNode } from 'react';
import { AlertsList } from './alerts-list';
import { AttentionList } from './attention-list';
import { DashboardGreeting } from './dashboard-greeting';
import { FlowPerformanceList } from './flow-performance-list';
import { HomePrompt } from './home-prompt';
import { QuickActions } from './quick-actions';
import { StatTiles } from './stat-tiles';

type DashboardScreenProps = {
  fullName: string;
  organizationName: string;
  /** The onboarding card (and its modal), owned by the onboarding feature. */
  onboarding: ReactNode;
};

export function DashboardScreen({ fullName, organizationName, onboarding }: DashboardScreenProps) {
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <DashboardGreeting fullName={fullName} organizationName={organizationName} />
      <HomePrompt />
      {onboarding}
      <StatTiles />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <FlowPerformanceList />
          <AlertsList />
        </div>
        <div className="space-y-6">
          <AttentionList />
          <QuickActions />
        </div>
      </div>
    </div>
  );
}
