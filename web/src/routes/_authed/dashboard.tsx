import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from './-dashboard-page';

export const Route = createFileRoute('/_authed/dashboard')({
  staticData: { titleKey: 'pages.dashboard' },
  component: DashboardPage,
});
