// POST /api/ai/test: "Testa": one decision on sample values (not recorded). 503 without a provider, 502
// when the provider gave no valid decision, 429 past the limit (10 per member per minute, 100 per
// organisation per hour); the screen shows the server's message.
import { useMutation } from '@tanstack/react-query';
import type { AiTestInput } from '@shared/schemas/tasks';
import type { AiTestResult } from '@shared/types/api';
import { apiRequest } from '@/lib/api-client';

export function testDecision(input: AiTestInput): Promise<AiTestResult> {
  return apiRequest<AiTestResult>('/api/ai/test', { method: 'POST', body: input });
}

export function useTestDecision() {
  return useMutation({ mutationFn: testDecision, meta: { errorTitle: 'ai_prompt:toast.test_failed' } });
}
