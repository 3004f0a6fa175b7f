import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodPayload } from '@shared/schemas/payment-methods';
import type { PaymentMethod } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { paymentMethodsQueryOptions } from './get-payment-methods';

export function createPaymentMethod(input: PaymentMethodPayload): Promise<PaymentMethod> {
  return apiRequest<PaymentMethod>('/api/payment-methods', { method: 'POST', body: input });
}

export function useCreatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentMethod,
    meta: { errorTitle: 'payment_methods:toast.add_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions().queryKey }),
  });
}
