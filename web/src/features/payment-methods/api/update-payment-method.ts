import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodPayload } from '@shared/schemas/payment-methods';
import type { PaymentMethod } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';
import { paymentMethodsQueryOptions } from './get-payment-methods';

export function updatePaymentMethod({ id, input }: { id: string; input: PaymentMethodPayload }): Promise<PaymentMethod> {
  return apiRequest<PaymentMethod>(`/api/payment-methods/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    meta: { errorTitle: 'payment_methods:toast.update_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions().queryKey }),
  });
}
