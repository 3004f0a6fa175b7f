import { createFileRoute } from '@tanstack/react-router';
import { TrackTraceScreen } from '@/features/recording/components/track-trace-screen';
import { text } from '@/lib/search-params';

export const Route = createFileRoute('/_authed/track-trace')({
  staticData: { titleKey: 'pages.track_trace' },
  // ?workflowId= preselects the workflow the recording is saved to (set after creating a workflow).
  validateSearch: (search: Record<string, unknown>): { workflowId?: string } => ({
    workflowId: text(search.workflowId) || undefined,
  }),
  component: TrackTracePage,
});

function TrackTracePage() {
  const { workflowId } = Route.useSearch();
  return <TrackTraceScreen key={workflowId} workflowId={workflowId} />;
}
