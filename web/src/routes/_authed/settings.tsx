import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '@/features/auth/api/get-user';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { SETTINGS_TABS, type SettingsTab } from '@/features/settings/tabs';
import { oneOf } from '@/lib/search-params';

export const Route = createFileRoute('/_authed/settings')({
  staticData: { titleKey: 'pages.settings' },
  validateSearch: (search: Record<string, unknown>): { tab?: SettingsTab } => ({ tab: oneOf(search.tab, SETTINGS_TABS) }),
  component: SettingsPage,
});

function SettingsPage() {
  const user = useCurrentUser();
  const { tab } = Route.useSearch();
  return <SettingsScreen user={user} initialTab={tab} />;
}
