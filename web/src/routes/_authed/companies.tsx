import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '@/features/auth/api/get-user';
import { organizationsQueryOptions } from '@/features/companies/api/get-organizations';
import { CompaniesScreen } from '@/features/companies/components/companies-screen';

export const Route = createFileRoute('/_authed/companies')({
  staticData: { titleKey: 'pages.companies' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(organizationsQueryOptions()),
  component: CompaniesPage,
});

function CompaniesPage() {
  const user = useCurrentUser();
  return <CompaniesScreen canEdit={user.role === 'admin'} />;
}
