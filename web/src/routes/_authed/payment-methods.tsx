import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

export const Route = createFileRoute('/_authed/payment-methods')({
  staticData: { titleKey: 'pages.payment_methods' },
  component: PaymentMethodsPage,
});

function PaymentMethodsPage() {
  const { t } = useTranslation('shell');
  return <PagePlaceholder title={t('pages.payment_methods')} />;
}
