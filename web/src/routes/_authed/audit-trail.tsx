import { createFileRoute } from '@tanstack/react-router';
import { recentActivityQueryOptions } from '@/features/audit-trail/api/get-recent-activity';
import { AuditTrailScreen } from '@/features/audit-trail/components/audit-trail-screen';

export const Route = createFileRoute('/_authed/audit-trail')({
  staticData: { titleKey: 'pages.audit_trail' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(recentActivityQueryOptions()),
  component: AuditTrailScreen,
});
