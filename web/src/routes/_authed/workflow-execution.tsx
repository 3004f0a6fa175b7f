import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

export const Route = createFileRoute('/_authed/workflow-execution')({
  staticData: { titleKey: 'pages.workflow_execution' },
  component: WorkflowExecutionPage,
});

function WorkflowExecutionPage() {
  const { t } = useTranslation('shell');
  return <PagePlaceholder title={t('pages.workflow_execution')} />;
}
