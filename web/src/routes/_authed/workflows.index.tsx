import { createFileRoute } from '@tanstack/react-router';
import { workflowsQueryOptions } from '@/features/workflows/api/get-workflows';
import { WorkflowsScreen } from '@/features/workflows/components/workflows-screen';

export const Route = createFileRoute('/_authed/workflows/')({
  staticData: { titleKey: 'pages.workflows' },
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(workflowsQueryOptions()),
  component: WorkflowsScreen,
});
