import { createFileRoute } from '@tanstack/react-router';
import { organizationsQueryOptions } from '@/features/companies/api/get-organizations';
import { CompaniesScreen } from '@/features/companies/components/companies-screen';
import { useCan } from '@/lib/permissions';

export const Route = createFileRoute('/_authed/companies')({
  staticData: { titleKey: 'pages.companies' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(organizationsQueryOptions()),
  component: CompaniesPage,
});

function CompaniesPage() {
  return <CompaniesScreen canEdit={useCan('organization.edit').allowed} />;
}
