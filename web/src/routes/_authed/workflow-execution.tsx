import { createFileRoute } from '@tanstack/react-router';
import { FlowManagementScreen } from '@/features/flow-runs/components/flow-management-screen';

export const Route = createFileRoute('/_authed/workflow-execution')({
  staticData: { titleKey: 'pages.workflow_execution' },
  component: FlowManagementScreen,
});
