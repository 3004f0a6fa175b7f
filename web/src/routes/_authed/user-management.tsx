import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

export const Route = createFileRoute('/_authed/user-management')({
  staticData: { titleKey: 'pages.user_management' },
  component: UserManagementPage,
});

function UserManagementPage() {
  const { t } = useTranslation('shell');
  return <PagePlaceholder title={t('pages.user_management')} />;
}
