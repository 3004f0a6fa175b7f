// The batches card: running the failed rows again asks first when the server refuses because a failed row had
// already sent data to the site (409 batch_retry_resends_data), and sends `resend` only once the person agrees.
import type { BatchSummary } from '@shared/types/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi, page } from '@/test/api-mock';
import { renderWithQueryClient } from '@/test/render';
import { BatchesCard } from './batches-card';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const batch: BatchSummary = {
  id: 'b1',
  workflowId: 'w1',
  status: 'completed',
  concurrency: 2,
  format: 'csv',
  fileName: 'fakturor.csv',
  createdAt: '2026-11-28T08:00:00Z',
  finishedAt: '2026-11-28T08:05:00Z',
  counts: { total: 4, pending: 0, running: 0, completed: 2, failed: 2, skipped: 0, waiting: 0 },
};

const reason =
  '2 av de misslyckade raderna skickade redan data till webbplatsen innan de misslyckades. Körs de igen från början kan webbplatsen få samma uppgifter två gånger (till exempel ett formulär som sparas två gånger). Kontrollera vad webbplatsen tog emot (resultatfilen visar vilka rader som misslyckades) och kör igen ändå om det behövs.';

function mockBatches() {
  return mockApi({
    'GET /api/workflows/w1/batches?limit=5': () => json(200, page([batch])),
    'POST /api/batches/b1/retry-failed': (call) =>
      (call.body as { resend?: boolean } | undefined)?.resend
        ? json(200, { retried: 2, batch: { ...batch, status: 'running' } })
        : json(409, { error: reason, code: 'batch_retry_resends_data' }),
  });
}

describe('batches card', () => {
  it('asks before running failed rows again that had sent data; Avbryt sends nothing, "Kör igen ändå" sends resend', async () => {
    const { calls } = mockBatches();
    renderWithQueryClient(<BatchesCard workflowId="w1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Kör misslyckade igen (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Köra misslyckade rader igen ändå?' });
    expect(dialog).toHaveAccessibleDescription(reason);
    // The refusal is the dialog's to say: no error toast.
    expect(screen.queryByText('Körningslistan kunde inte ändras')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Kör misslyckade igen (2)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kör igen ändå' }));
    expect(await screen.findByText('Misslyckade rader startade igen')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const retries = calls.filter((call) => call.path === '/api/batches/b1/retry-failed');
    expect(retries.map((call) => call.body)).toEqual([undefined, undefined, { resend: true }]);
  });

  it('in English', async () => {
    await i18n.changeLanguage('en');
    mockBatches();
    renderWithQueryClient(<BatchesCard workflowId="w1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry failed (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run the failed rows again anyway?' });
    expect(within(dialog).getByRole('button', { name: 'Run again anyway' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});
