import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

export const Route = createFileRoute('/_authed/audit-trail')({
  staticData: { titleKey: 'pages.audit_trail' },
  component: AuditTrailPage,
});

function AuditTrailPage() {
  const { t } = useTranslation('shell');
  return <PagePlaceholder title={t('pages.audit_trail')} />;
}
