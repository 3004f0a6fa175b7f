import { createFileRoute } from '@tanstack/react-router';
import { TrackTraceScreen } from '@/features/recording/components/track-trace-screen';

export const Route = createFileRoute('/_authed/track-trace')({
  staticData: { titleKey: 'pages.track_trace' },
  component: () => <TrackTraceScreen />,
});
