import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '@/features/auth/api/get-user';
import { paymentMethodsQueryOptions } from '@/features/payment-methods/api/get-payment-methods';
import { PaymentMethodsScreen } from '@/features/payment-methods/components/payment-methods-screen';

export const Route = createFileRoute('/_authed/payment-methods')({
  staticData: { titleKey: 'pages.payment_methods' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(paymentMethodsQueryOptions()),
  component: PaymentMethodsPage,
});

function PaymentMethodsPage() {
  const user = useCurrentUser();
  return <PaymentMethodsScreen canManage={user.role === 'admin'} />;
}
