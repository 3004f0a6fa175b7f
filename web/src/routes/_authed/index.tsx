import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from './-dashboard-page';

// The same page as /dashboard (SPEC §2: / and /dashboard are the dashboard).
export const Route = createFileRoute('/_authed/')({
  staticData: { titleKey: 'pages.dashboard' },
  component: DashboardPage,
});
