import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';

export type ResetPasswordResult = { ok: boolean; error?: string };

export function resetPassword(input: ResetPasswordInput): Promise<ResetPasswordResult> {
  return apiRequest<ResetPasswordResult>('/api/reset-password', { method: 'POST', body: input });
}

/** Failures are shown in the screen's alert (SPEC §8), not as a toast: no errorTitle. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
