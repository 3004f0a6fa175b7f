// The live view's cursor is asked every second; asking must not re-render the screen that uses it (on a list of
// 50 runs each re-render cost the browser about 100 ms of work a second while nothing changed). Only a moved
// cursor does anything: it marks the runs stale, and the screens that show them refetch.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { json, mockApi } from '@/test/api-mock';
import { useLiveRuns } from './use-live-runs';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('asks for the cursor every second without re-rendering, and refetches the runs only when it moved', async () => {
  let cursor = 'c1';
  let runsFetched = 0;
  const { calls } = mockApi({
    'GET /api/runs/changes': () => json(200, { cursor }),
  });
  let renders = 0;
  function Screen() {
    renders++;
    useLiveRuns();
    return null;
  }
  function Runs() {
    useQuery({ queryKey: [...queryKeys.runs, 'list'], queryFn: async () => ++runsFetched });
    return null;
  }
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Screen />
      <Runs />
    </QueryClientProvider>,
  );
  const asked = () => calls.filter((c) => c.path === '/api/runs/changes').length;
  await waitFor(() => expect(asked()).toBeGreaterThanOrEqual(3), { timeout: 4_000 });
  // One render at mount (two under React's development checks at most): none for the answers that changed nothing.
  expect(renders).toBeLessThanOrEqual(2);
  expect(runsFetched).toBe(1);

  cursor = 'c2';
  const before = asked();
  await waitFor(() => expect(runsFetched).toBe(2), { timeout: 3_000 });
  expect(asked()).toBeGreaterThan(before);
  expect(renders).toBeLessThanOrEqual(2);
}, 10_000);
