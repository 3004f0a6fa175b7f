import { createFileRoute } from '@tanstack/react-router';
import { InstallExtensionScreen } from '@/features/recording/components/install-extension-screen';

export const Route = createFileRoute('/_authed/recorder-extension')({
  staticData: { titleKey: 'pages.recorder_extension' },
  component: InstallExtensionScreen,
});
