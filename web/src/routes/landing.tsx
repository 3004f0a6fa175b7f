import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '@/features/landing/components/landing-page';
import { i18n } from '@/lib/i18n';

export const Route = createFileRoute('/landing')({
  // The page's texts load alongside its chunk rather than after it.
  loader: () => i18n.loadNamespaces('landing'),
  component: LandingPage,
});
