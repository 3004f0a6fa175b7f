import { createFileRoute } from '@tanstack/react-router';
import { auditActivitiesQueryOptions } from '@/features/audit-trail/api/get-audit-activities';
import { AuditTrailScreen } from '@/features/audit-trail/components/audit-trail-screen';

export const Route = createFileRoute('/_authed/audit-trail')({
  staticData: { titleKey: 'pages.audit_trail' },
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(auditActivitiesQueryOptions()),
  component: AuditTrailScreen,
});
