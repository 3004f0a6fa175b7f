// Settings → Automation → Secrets over a mocked API: names, sites and times listed, a warning for secrets
// without sites, add and replace with a write-only value and the sites it may be typed on, change only the
// sites, delete after confirming, and a read-only list for plain users.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SecretInfo } from '@shared/types/api';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
});

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const secret = (name: string, updatedAt = '2025-03-14T09:22:00Z', origins = ['https://bank.example']): SecretInfo => ({ name, origins, createdAt: '2025-03-01T08:00:00Z', updatedAt });
const SECRET_VALUE = 'hemligt-Lösen0rd!';

async function openSecrets(role: 'admin' | 'user', routes: Parameters<typeof mockApi>[0] = {}, listName = 'Sparade hemligheter') {
  const api = mockApi({
    'GET /api/user': () => json(200, { ...demoUser, role }),
    'GET /api/secrets': () => json(200, [secret('PORTAL_PASSWORD'), secret('BANK_API_KEY')]),
    ...routes,
  });
  renderApp('/settings?tab=automation');
  const list = await screen.findByRole('list', { name: listName });
  return { ...api, list };
}

describe('secrets', () => {
  it('opens on the Automation tab from a link and lists the names with when they changed', async () => {
    const { list } = await openSecrets('admin');
    expect(screen.getByRole('tab', { name: 'Automation' })).toHaveAttribute('aria-selected', 'true');
    const [portal, bank] = within(list).getAllByRole('listitem');
    expect(portal).toHaveTextContent('PORTAL_PASSWORD');
    expect(portal).toHaveTextContent(`Ändrad ${formatDateTime('2025-03-14T09:22:00Z')}`);
    expect(portal).toHaveTextContent('Skrivs bara in på https://bank.example');
    expect(bank).toHaveTextContent('BANK_API_KEY');
    expect(screen.queryByText(/saknar webbplatser/)).not.toBeInTheDocument();
  });

  it('warns on each secret without sites and says above the list how many lack them and what to do', async () => {
    const { list } = await openSecrets('admin', {
      'GET /api/secrets': () => json(200, [secret('PORTAL_PASSWORD', undefined, []), secret('BANK_API_KEY')]),
    });
    const [portal, bank] = within(list).getAllByRole('listitem');
    expect(portal).toHaveTextContent('Inga webbplatser');
    expect(portal).toHaveTextContent('Körningar kan inte använda den förrän webbplatser har angetts.');
    expect(bank).not.toHaveTextContent('Inga webbplatser');
    const notice = screen.getByText('1 hemlighet saknar webbplatser').parentElement!;
    expect(notice).toHaveTextContent('Välj Ändra webbplatser på raden');
  });

  it('tells plain users that an administrator must name the sites, in both languages', async () => {
    await openSecrets('user', {
      'GET /api/secrets': () => json(200, [secret('PORTAL_PASSWORD', undefined, []), secret('BANK_API_KEY', undefined, [])]),
    });
    expect(screen.getByText('2 hemligheter saknar webbplatser').parentElement).toHaveTextContent(
      'Körningar kan inte använda dem förrän en administratör eller superanvändare har angett var de får skrivas in.',
    );
    await i18n.changeLanguage('en');
    expect(await screen.findByText('2 secrets have no sites')).toBeInTheDocument();
    expect(screen.getByText(/until an administrator or superuser names where they may be typed/)).toBeInTheDocument();
    expect(screen.getAllByText('No sites')).toHaveLength(2);
  });

  it('adds a secret with a password-type value that is cleared after saving and never shown', async () => {
    const { calls } = await openSecrets('admin', {
      'POST /api/secrets': (call) => json(201, secret((call.body as { name: string }).name)),
    });
    const value = screen.getByLabelText('Värde');
    expect(value).toHaveAttribute('type', 'password');
    await userEvent.type(screen.getByLabelText('Namn'), 'INVOICE_TOKEN');
    await userEvent.type(value, SECRET_VALUE);
    await userEvent.type(screen.getByLabelText('Webbplatser'), 'https://Faktura.Example.se/{enter}http://127.0.0.1:8080');
    await userEvent.click(screen.getByRole('button', { name: 'Spara hemlighet' }));
    expect(await screen.findByText('Hemligheten sparad')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'INVOICE_TOKEN',
      value: SECRET_VALUE,
      origins: ['https://faktura.example.se', 'http://127.0.0.1:8080'],
    });
    await waitFor(() => expect(screen.getByLabelText('Värde')).toHaveValue(''));
    expect(screen.getByLabelText('Namn')).toHaveValue('');
    expect(screen.getByLabelText('Webbplatser')).toHaveValue('');
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

  it('refuses a secret without sites or with a site that is not an address, in the language of the user, without a call', async () => {
    const { calls } = await openSecrets('admin');
    await userEvent.type(screen.getByLabelText('Namn'), 'INVOICE_TOKEN');
    await userEvent.type(screen.getByLabelText('Värde'), SECRET_VALUE);
    expect(screen.getByText(/En per rad, till exempel https:\/\/bank.se/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Spara hemlighet' }));
    expect(await screen.findByText('Ange minst en webbplats där hemligheten får skrivas in (t.ex. https://bank.se)')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Webbplatser'), 'https://bank.example{enter}bank.se/logga-in');
    expect(
      await screen.findByText('Skriv webbplatsen som https://namn.se: med http:// eller https://, utan sökväg efter namnet'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Webbplatser')).toHaveAttribute('aria-invalid', 'true');
    await i18n.changeLanguage('en');
    await userEvent.click(screen.getByRole('button', { name: 'Save secret' }));
    expect(await screen.findByText('Write the site as https://name.example: with http:// or https://, and nothing after the name')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('replaces the value of an existing secret from its row', async () => {
    const { calls } = await openSecrets('admin', {
      'POST /api/secrets': () => json(201, secret('PORTAL_PASSWORD', '2025-03-15T10:00:00Z')),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Byt värde för PORTAL_PASSWORD' }));
    expect(screen.getByLabelText('Namn')).toHaveValue('PORTAL_PASSWORD');
    expect(screen.getByLabelText('Webbplatser')).toHaveValue('https://bank.example');
    await waitFor(() => expect(screen.getByLabelText('Värde')).toHaveFocus());
    await userEvent.type(screen.getByLabelText('Värde'), SECRET_VALUE);
    await userEvent.click(screen.getByRole('button', { name: 'Byt värde' }));
    expect(await screen.findByText('Hemligheten sparad')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'PORTAL_PASSWORD', value: SECRET_VALUE, origins: ['https://bank.example'] });
  });

  it('changes only the sites of a secret: checked first, sent as PATCH while the button shows it saving', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls } = await openSecrets('admin', {
      'GET /api/secrets': () => json(200, [secret('PORTAL_PASSWORD', undefined, []), secret('BANK_API_KEY')]),
      'PATCH /api/secrets/PORTAL_PASSWORD': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Ändra webbplatser för PORTAL_PASSWORD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webbplatser för PORTAL_PASSWORD' });
    expect(dialog).toHaveTextContent('Värdet ändras inte.');
    const sites = within(dialog).getByLabelText('Webbplatser');
    expect(sites).toHaveValue('');
    await userEvent.type(sites, 'ftp://portal.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara webbplatser' }));
    expect(await within(dialog).findByText(/Skriv webbplatsen som https:\/\/namn.se/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.clear(sites);
    await userEvent.type(sites, 'https://portal.example, https://login.portal.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara webbplatser' }));
    expect(await within(dialog).findByRole('button', { name: 'Sparar...' })).toBeDisabled();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/api/secrets/PORTAL_PASSWORD');
    expect(patch?.body).toEqual({ origins: ['https://portal.example', 'https://login.portal.example'] });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    answer(json(200, secret('PORTAL_PASSWORD', undefined, ['https://portal.example', 'https://login.portal.example'])));
    expect(await screen.findByText('Webbplatserna sparade')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the sites a secret has when changing them, in English', async () => {
    await i18n.changeLanguage('en');
    await openSecrets('admin', {}, 'Saved secrets');
    await userEvent.click(screen.getByRole('button', { name: 'Change the sites of BANK_API_KEY' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sites for BANK_API_KEY' });
    expect(within(dialog).getByLabelText('Sites')).toHaveValue('https://bank.example');
    expect(within(dialog).getByRole('button', { name: 'Save sites' })).toBeInTheDocument();
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
    expect(
      screen.getByText('Bara administratörer och superanvändare kan lägga till, byta och ta bort hemligheter och ändra deras webbplatser.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Skrivs bara in på https://bank.example')).toHaveLength(2);
    expect(screen.queryByLabelText('Värde')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Webbplatser')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ändra webbplatser/ })).not.toBeInTheDocument();
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
