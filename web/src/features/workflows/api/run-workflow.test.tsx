// "Run now" from any screen (dashboard included) refreshes what shows a workflow's last run: the
// /workflows list, the performance figures, flow management and the dashboard tiles.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { queryKeys } from '@/lib/query-keys';
import { json, mockApi } from '@/test/api-mock';
import { workflowsQueryOptions } from './get-workflows';
import { useRunWorkflow } from './run-workflow';

describe('useRunWorkflow', () => {
  it('invalidates the /workflows list, the performance list, runs and dashboard tiles through the shared keys', async () => {
    mockApi({ 'POST /api/workflows/w1/run': () => json(202, { executionId: 'e1' }) });
    const queryClient = createQueryClient();
    const keys = [workflowsQueryOptions().queryKey, queryKeys.workflowPerformance, queryKeys.runCounts, queryKeys.dashboardStats, queryKeys.auditActivities];
    for (const key of keys) queryClient.setQueryData(key, []);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useRunWorkflow(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync('w1');
    });
    expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, true, true]);
  });
});
