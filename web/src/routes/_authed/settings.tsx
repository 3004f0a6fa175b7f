import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

export const Route = createFileRoute('/_authed/settings')({
  staticData: { titleKey: 'pages.settings' },
  component: SettingsPage,
});

function SettingsPage() {
  const { t } = useTranslation('shell');
  return <PagePlaceholder title={t('pages.settings')} />;
}
