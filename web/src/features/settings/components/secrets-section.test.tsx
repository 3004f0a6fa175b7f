// Settings → Automation → Secrets over a mocked API: names and times listed, add and replace with a
// write-only value, delete after confirming, and a read-only list for plain users.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SecretInfo } from '@shared/types/api';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
});

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const secret = (name: string, updatedAt = '2025-03-14T09:22:00Z', origins = ['https://bank.example']): SecretInfo => ({ name, origins, createdAt: '2025-03-01T08:00:00Z', updatedAt });
const SECRET_VALUE = 'hemligt-Lösen0rd!';

async function openSecrets(role: 'admin' | 'user', routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/user': () => json(200, { ...demoUser, role }),
    'GET /api/secrets': () => json(200, [secret('PORTAL_PASSWORD'), secret('BANK_API_KEY')]),
    ...routes,
  });
  renderApp('/settings?tab=automation');
  const list = await screen.findByRole('list', { name: 'Sparade hemligheter' });
  return { ...api, list };
}

describe('secrets', () => {
  it('opens on the Automation tab from a link and lists the names with when they changed', async () => {
    const { list } = await openSecrets('admin');
    expect(screen.getByRole('tab', { name: 'Automation' })).toHaveAttribute('aria-selected', 'true');
    const [portal, bank] = within(list).getAllByRole('listitem');
    expect(portal).toHaveTextContent('PORTAL_PASSWORD');
    expect(portal).toHaveTextContent(`Ändrad ${formatDateTime('2025-03-14T09:22:00Z')}`);
    expect(bank).toHaveTextContent('BANK_API_KEY');
  });

  it('adds a secret with a password-type value that is cleared after saving and never shown', async () => {
    const { calls } = await openSecrets('admin', {
      'POST /api/secrets': (call) => json(201, secret((call.body as { name: string }).name)),
    });
    const value = screen.getByLabelText('Värde');
    expect(value).toHaveAttribute('type', 'password');
    await userEvent.type(screen.getByLabelText('Namn'), 'INVOICE_TOKEN');
    await userEvent.type(value, SECRET_VALUE);
    await userEvent.click(screen.getByRole('button', { name: 'Spara hemlighet' }));
    expect(await screen.findByText('Hemligheten sparad')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'INVOICE_TOKEN', value: SECRET_VALUE });
    await waitFor(() => expect(screen.getByLabelText('Värde')).toHaveValue(''));
    expect(screen.getByLabelText('Namn')).toHaveValue('');
    expect(document.body.innerHTML).not.toContain(SECRET_VALUE);
  });

  it('refuses a name the workflows could not use, without a call', async () => {
    const { calls } = await openSecrets('admin');
    await userEvent.type(screen.getByLabelText('Namn'), 'bank lösen');
    await userEvent.type(screen.getByLabelText('Värde'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Spara hemlighet' }));
    expect(await screen.findByText(/Använd versaler A–Z, siffror och _/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('replaces the value of an existing secret from its row', async () => {
    const { calls } = await openSecrets('admin', {
      'POST /api/secrets': () => json(201, secret('PORTAL_PASSWORD', '2025-03-15T10:00:00Z')),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Byt värde för PORTAL_PASSWORD' }));
    expect(screen.getByLabelText('Namn')).toHaveValue('PORTAL_PASSWORD');
    await waitFor(() => expect(screen.getByLabelText('Värde')).toHaveFocus());
    await userEvent.type(screen.getByLabelText('Värde'), SECRET_VALUE);
    await userEvent.click(screen.getByRole('button', { name: 'Byt värde' }));
    expect(await screen.findByText('Hemligheten sparad')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'PORTAL_PASSWORD', value: SECRET_VALUE });
  });

  it('deletes a secret after confirming', async () => {
    const { calls } = await openSecrets('admin', {
      'DELETE /api/secrets/BANK_API_KEY': () => new Response(null, { status: 204 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort BANK_API_KEY' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ta bort hemlighet' });
    expect(confirm).toHaveTextContent('Vill du ta bort BANK_API_KEY?');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    expect(await screen.findByText('Hemligheten borttagen')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/secrets/BANK_API_KEY')).toBe(true);
  });

  it('shows plain users the names only, with a note', async () => {
    await openSecrets('user');
    expect(screen.getByText('Bara administratörer och superanvändare kan lägga till, byta och ta bort hemligheter.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Värde')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ta bort (PORTAL_PASSWORD|BANK_API_KEY)/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Byt värde/ })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/secrets': () => json(200, []) });
    renderApp('/settings?tab=automation');
    expect(await screen.findByRole('heading', { name: 'Secrets' })).toBeInTheDocument();
    expect(await screen.findByText('No secrets yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save secret' })).toBeInTheDocument();
  });
});
