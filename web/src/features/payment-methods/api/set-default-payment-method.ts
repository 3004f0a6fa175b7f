import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { paymentMethodsQueryOptions } from './get-payment-methods';

export function setDefaultPaymentMethod(id: string): Promise<PaymentMethod> {
  return apiRequest<PaymentMethod>(`/api/payment-methods/${encodeURIComponent(id)}/default`, { method: 'PUT' });
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    meta: { errorTitle: 'payment_methods:toast.default_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions().queryKey }),
  });
}
