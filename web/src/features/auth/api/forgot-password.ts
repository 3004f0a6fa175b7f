import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';

export function forgotPassword(input: ForgotPasswordInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/forgot-password', { method: 'POST', body: input });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: forgotPassword,
    meta: { errorTitle: 'auth:toast.forgot_failed' },
  });
}
