import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi } from '@/test/api-mock';
import { anOrganization, never } from '@/test/fixtures';
import { renderWithQueryClient } from '@/test/render';
import { CompaniesScreen } from './companies-screen';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const org = anOrganization({ domain: 'kollega.se' });
const PUT = `PUT /api/admin/organizations/${org.id}`;

async function openEdit() {
  await userEvent.click(await screen.findByRole('button', { name: 'Redigera Kollega Demo AB' }));
  return screen.findByRole('dialog', { name: 'Redigera företag' });
}

describe('CompaniesScreen', () => {
  it('shows 6 skeleton cards while loading', async () => {
    mockApi({ 'GET /api/admin/organizations': never });
    renderWithQueryClient(<CompaniesScreen canEdit />);
    const loading = await screen.findByRole('status', { name: 'Laddar företag' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(6);
  });

  it('shows the card with every field and the country badge; no edit button for non-admins', async () => {
    mockApi({ 'GET /api/admin/organizations': () => json(200, [org]) });
    renderWithQueryClient(<CompaniesScreen canEdit={false} />);
    const card = await screen.findByRole('article', { name: 'Kollega Demo AB' });
    for (const text of ['5566778899', 'Storgatan 1', 'Stockholm', '11122', 'info@kollega.se', '0812345678', 'kollega.se', 'Sverige']) {
      expect(card).toHaveTextContent(text);
    }
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the error state and the empty state', async () => {
    mockApi({ 'GET /api/admin/organizations': () => json(500, { error: 'Nere', code: 'internal' }) });
    const { unmount } = renderWithQueryClient(<CompaniesScreen canEdit />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Kunde inte hämta företag');
    unmount();
    mockApi({ 'GET /api/admin/organizations': () => json(200, []) });
    renderWithQueryClient(<CompaniesScreen canEdit />);
    expect(await screen.findByText('Inga företag hittades')).toBeInTheDocument();
  });

  it('shows the SPEC messages under the fields and does not call the server', async () => {
    const { calls } = mockApi({ 'GET /api/admin/organizations': () => json(200, [org]) });
    renderWithQueryClient(<CompaniesScreen canEdit />);
    const dialog = await openEdit();
    expect(within(dialog).getByLabelText('Organisationsnummer')).toHaveAttribute('readonly');
    for (const label of ['Företagsnamn', 'Adress', 'Stad', 'Postnummer', 'Land', 'Telefon']) {
      await userEvent.clear(within(dialog).getByLabelText(label));
    }
    await userEvent.clear(within(dialog).getByLabelText('E-post'));
    await userEvent.type(within(dialog).getByLabelText('E-post'), 'inte-en-adress');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara ändringar' }));
    expect(await within(dialog).findByText('Företagsnamn krävs')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Adress')).toHaveAccessibleDescription('Adress krävs');
    expect(within(dialog).getByLabelText('Stad')).toHaveAccessibleDescription('Stad krävs');
    expect(within(dialog).getByLabelText('Postnummer')).toHaveAccessibleDescription('Postnummer krävs');
    expect(within(dialog).getByLabelText('Land')).toHaveAccessibleDescription('Land krävs');
    expect(within(dialog).getByLabelText('E-post')).toHaveAccessibleDescription('Ogiltig e-postadress');
    expect(within(dialog).getByLabelText('Telefon')).toHaveAccessibleDescription('Telefonnummer krävs');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('saves ("Sparar..." meanwhile), toasts, closes and refetches; an empty domain is sent as null', async () => {
    let release: (response: Response) => void = () => undefined;
    const { calls } = mockApi({
      'GET /api/admin/organizations': () => json(200, [org]),
      [PUT]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderWithQueryClient(<CompaniesScreen canEdit />);
    const dialog = await openEdit();
    await userEvent.clear(within(dialog).getByLabelText('Företagsnamn'));
    await userEvent.type(within(dialog).getByLabelText('Företagsnamn'), 'Kollega Förvaltning AB');
    await userEvent.clear(within(dialog).getByLabelText('Domän (valfritt)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara ändringar' }));
    expect(await within(dialog).findByRole('button', { name: 'Sparar...' })).toBeDisabled();
    release(json(200, { ...org, name: 'Kollega Förvaltning AB', domain: null }));
    expect(await screen.findByText('Företag uppdaterat')).toBeInTheDocument();
    expect(screen.getByText('Företagsinformationen har uppdaterats.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Kollega Förvaltning AB',
      address: 'Storgatan 1',
      city: 'Stockholm',
      postalCode: '11122',
      country: 'Sverige',
      email: 'info@kollega.se',
      phone: '0812345678',
      domain: null,
    });
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });

  it('shows the failure toast with the server message and keeps the dialog open (English)', async () => {
    await i18n.changeLanguage('en');
    mockApi({
      'GET /api/admin/organizations': () => json(200, [org]),
      [PUT]: () => json(403, { error: 'Only administrators may do this', code: 'forbidden' }),
    });
    renderWithQueryClient(<CompaniesScreen canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Kollega Demo AB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit company' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Update failed');
    expect(toast).toHaveTextContent('Only administrators may do this');
    expect(screen.getByRole('dialog', { name: 'Edit company' })).toBeInTheDocument();
  });
});
