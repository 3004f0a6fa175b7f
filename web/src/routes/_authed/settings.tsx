import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '@/features/auth/api/get-user';
import { SettingsScreen } from '@/features/settings/components/settings-screen';

export const Route = createFileRoute('/_authed/settings')({
  staticData: { titleKey: 'pages.settings' },
  component: SettingsPage,
});

function SettingsPage() {
  const user = useCurrentUser();
  return <SettingsScreen user={user} />;
}
