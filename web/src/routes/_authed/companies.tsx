import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

export const Route = createFileRoute('/_authed/companies')({
  staticData: { titleKey: 'pages.companies' },
  component: CompaniesPage,
});

function CompaniesPage() {
  const { t } = useTranslation('shell');
  return <PagePlaceholder title={t('pages.companies')} />;
}
