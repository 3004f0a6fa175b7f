import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi } from '@/test/api-mock';
import { anError, never } from '@/test/fixtures';
import { renderWithQueryClient } from '@/test/render';
import { ErrorQueueScreen } from './error-queue-screen';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const pendingItems = [
  anError(),
  anError({ id: 'e2', errorType: 'network_error', errorMessage: 'Servern svarade inte', stepId: 'steg-3' }),
  anError({ id: 'e3', errorType: 'element_not_found', errorMessage: 'Knappen Spara saknas' }),
  anError({ id: 'e4', errorType: 'timeout', errorMessage: 'Tog för lång tid' }),
  anError({ id: 'e5', errorType: 'captcha_blocked_page', errorMessage: 'Captcha visades' }),
  anError({ id: 'e6', status: 'resolved', errorMessage: 'Redan löst' }),
];

describe('ErrorQueueScreen', () => {
  it('shows 5 skeleton rows while loading and the static figures', async () => {
    mockApi({ 'GET /api/error-queue': never });
    renderWithQueryClient(<ErrorQueueScreen canModerate={false} />);
    const loading = await screen.findByRole('status', { name: 'Laddar fel' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(5);
    const stats = screen.getByLabelText('Översikt av felkön');
    expect(stats).toHaveTextContent('Lösta idag12');
    expect(stats).toHaveTextContent('Genomsnittlig lösningstid8min');
    expect(stats).toHaveTextContent('Automatisk återhämtning85%');
  });

  it('lists only pending items with their type labels and counts them', async () => {
    mockApi({ 'GET /api/error-queue': () => json(200, pendingItems) });
    renderWithQueryClient(<ErrorQueueScreen canModerate={false} />);
    const list = await screen.findByRole('list', { name: 'Aktiva fel' });
    const rows = within(list).getAllByRole('article');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Valideringsfel: Fältet Belopp saknas',
      'Nätverksfel: Servern svarade inte',
      'Element ej hittad: Knappen Spara saknas',
      'Timeout: Tog för lång tid',
      'captcha blocked page: Captcha visades',
    ]);
    expect(screen.queryByText('Redan löst')).not.toBeInTheDocument();
    expect(screen.getByText('Väntande fel').nextElementSibling).toHaveTextContent('5');
    expect(rows[1]).toHaveTextContent('steg-3');
    expect(screen.queryByRole('button', { name: 'Ignorera' })).not.toBeInTheDocument();
  });

  it('shows the empty state when nothing is pending', async () => {
    mockApi({ 'GET /api/error-queue': () => json(200, [anError({ status: 'resolved' })]) });
    renderWithQueryClient(<ErrorQueueScreen canModerate={false} />);
    expect(await screen.findByText('Inga aktiva fel')).toBeInTheDocument();
    expect(screen.getByText('Alla arbetsflöden körs smidigt!')).toBeInTheDocument();
  });

  it('shows the failure when the queue cannot be loaded', async () => {
    mockApi({ 'GET /api/error-queue': () => json(500, { error: 'Tekniskt fel', code: 'internal' }) });
    renderWithQueryClient(<ErrorQueueScreen canModerate={false} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Kunde inte hämta felkön');
    expect(alert).toHaveTextContent('Tekniskt fel');
  });

  it('resolves an error, says so and refetches the list', async () => {
    let resolved = false;
    const { calls } = mockApi({
      'GET /api/error-queue': () => json(200, [anError({ status: resolved ? 'resolved' : 'pending' })]),
      [`POST /api/error-queue/${anError().id}/resolve`]: () => {
        resolved = true;
        return json(200, anError({ status: 'resolved' }));
      },
    });
    renderWithQueryClient(<ErrorQueueScreen canModerate={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Lös' }));
    expect(await screen.findByText('Fel löst')).toBeInTheDocument();
    expect(screen.getByText('Felet har markerats som löst.')).toBeInTheDocument();
    expect(await screen.findByText('Inga aktiva fel')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/error-queue')).toHaveLength(2);
  });

  it('shows the failure toast with the server message when resolving fails (English)', async () => {
    await i18n.changeLanguage('en');
    mockApi({
      'GET /api/error-queue': () => json(200, [anError()]),
      [`POST /api/error-queue/${anError().id}/resolve`]: () => json(404, { error: 'Not found', code: 'not_found' }),
    });
    renderWithQueryClient(<ErrorQueueScreen canModerate={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Could not resolve error');
    expect(toast).toHaveTextContent('Not found');
    expect(screen.getByRole('article', { name: 'Validation error: Fältet Belopp saknas' })).toBeInTheDocument();
  });

  it('opens the details dialog and lets a moderator escalate', async () => {
    const { calls } = mockApi({
      'GET /api/error-queue': () => json(200, [anError()]),
      [`POST /api/error-queue/${anError().id}/escalate`]: () => json(200, anError({ status: 'in_progress', priority: 'high' })),
    });
    renderWithQueryClient(<ErrorQueueScreen canModerate />);
    await userEvent.click(await screen.findByRole('button', { name: 'Visa detaljer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feldetaljer' });
    expect(dialog).toHaveTextContent('exec-0001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Eskalera' }));
    expect(await screen.findByText('Fel eskalerat')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/escalate'))?.body).toEqual({ priority: 'high' });
  });
});
