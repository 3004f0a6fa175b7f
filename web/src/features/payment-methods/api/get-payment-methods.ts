import { queryOptions } from '@tanstack/react-query';
import type { PaymentMethod } from '@shared/types/api';
import { apiGet } from '@/lib/api-client';

export function getPaymentMethods({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentMethod[]> {
  return apiGet<PaymentMethod[]>('/api/payment-methods', { signal });
}

export function paymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) => getPaymentMethods({ signal }),
  });
}
