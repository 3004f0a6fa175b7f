import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

export const Route = createFileRoute('/_authed/error-queue')({
  staticData: { titleKey: 'pages.error_queue' },
  component: ErrorQueuePage,
});

function ErrorQueuePage() {
  const { t } = useTranslation('shell');
  return <PagePlaceholder title={t('pages.error_queue')} />;
}
