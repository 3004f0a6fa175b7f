import { createFileRoute } from '@tanstack/react-router';
import { MarketplaceScreen } from '@/features/marketplace/components/marketplace-screen';

export const Route = createFileRoute('/_authed/marketplace')({
  staticData: { titleKey: 'pages.marketplace' },
  component: MarketplaceScreen,
});
