import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

export const Route = createFileRoute('/_authed/workflows')({
  staticData: { titleKey: 'pages.workflows' },
  component: WorkflowsPage,
});

function WorkflowsPage() {
  const { t } = useTranslation('shell');
  return <PagePlaceholder title={t('pages.workflows')} />;
}
