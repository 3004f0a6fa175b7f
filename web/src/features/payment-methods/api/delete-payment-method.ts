import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentMethodsQueryOptions } from './get-payment-methods';

export function deletePaymentMethod(id: string): Promise<void> {
  return apiRequest<void>(`/api/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    meta: { errorTitle: 'payment_methods:toast.delete_failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions().queryKey }),
  });
}
