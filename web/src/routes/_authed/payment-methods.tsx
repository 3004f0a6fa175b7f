import { createFileRoute } from '@tanstack/react-router';
import { paymentMethodsQueryOptions } from '@/features/payment-methods/api/get-payment-methods';
import { PaymentMethodsScreen } from '@/features/payment-methods/components/payment-methods-screen';
import { useCan } from '@/lib/permissions';

export const Route = createFileRoute('/_authed/payment-methods')({
  staticData: { titleKey: 'pages.payment_methods' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(paymentMethodsQueryOptions()),
  component: PaymentMethodsPage,
});

function PaymentMethodsPage() {
  return <PaymentMethodsScreen canManage={useCan('payment_method.manage').allowed} />;
}
