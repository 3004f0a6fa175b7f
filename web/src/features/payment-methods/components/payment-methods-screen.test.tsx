import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi } from '@/test/api-mock';
import { aPaymentMethod, never } from '@/test/fixtures';
import { renderWithQueryClient } from '@/test/render';
import { PaymentMethodsScreen } from './payment-methods-screen';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const card = aPaymentMethod();
const bank = aPaymentMethod({
  id: 'pm2',
  name: 'Lönekonto',
  type: 'bank_account',
  cardLastFour: null,
  bankAccount: '1234-5678901',
  isDefault: false,
  metadata: { provider: 'Nordea' },
});
const invoice = aPaymentMethod({ id: 'pm3', name: 'Månadsfaktura', type: 'invoice', cardLastFour: null, isDefault: false, metadata: {} });
const LIST = 'GET /api/payment-methods';

async function openAdd() {
  await userEvent.click(await screen.findByRole('button', { name: 'Lägg till betalningssätt' }));
  return screen.findByRole('dialog', { name: 'Lägg till betalningssätt' });
}

describe('PaymentMethodsScreen', () => {
  it('shows skeleton cards while loading', async () => {
    mockApi({ [LIST]: never });
    renderWithQueryClient(<PaymentMethodsScreen canManage />);
    const loading = await screen.findByRole('status', { name: 'Laddar betalningssätt' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows summary, default star, type badge, provider, holder and expiry; only admins get actions', async () => {
    mockApi({ [LIST]: () => json(200, [card, bank, invoice]) });
    const { unmount } = renderWithQueryClient(<PaymentMethodsScreen canManage />);
    const cardView = await screen.findByRole('article', { name: 'Företagskort' });
    expect(cardView).toHaveTextContent('•••• 4242');
    expect(cardView).toHaveTextContent('Standard');
    expect(cardView).toHaveTextContent('Kort');
    expect(cardView).toHaveTextContent('Visa');
    expect(cardView).toHaveTextContent('Anna Andersson');
    expect(cardView).toHaveTextContent('03/2030');
    expect(within(cardView).queryByRole('button', { name: /till standard/ })).not.toBeInTheDocument();
    const bankView = screen.getByRole('article', { name: 'Lönekonto' });
    expect(bankView).toHaveTextContent('1234-5678901');
    expect(bankView).toHaveTextContent('Bankkonto');
    expect(bankView).not.toHaveTextContent('Standard');
    expect(within(bankView).getByRole('button', { name: 'Gör Lönekonto till standard' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Månadsfaktura' })).toHaveTextContent('Faktura');
    unmount();

    mockApi({ [LIST]: () => json(200, [card, bank]) });
    renderWithQueryClient(<PaymentMethodsScreen canManage={false} />);
    const readOnly = await screen.findByRole('article', { name: 'Lönekonto' });
    expect(within(readOnly).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lägg till betalningssätt' })).not.toBeInTheDocument();
  });

  it('shows the empty state with a button to add the first one, and the error state', async () => {
    mockApi({ [LIST]: () => json(200, []) });
    const { unmount } = renderWithQueryClient(<PaymentMethodsScreen canManage />);
    expect(await screen.findByText('Inga betalningssätt')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lägg till ditt första betalningssätt' }));
    expect(await screen.findByRole('dialog', { name: 'Lägg till betalningssätt' })).toBeInTheDocument();
    unmount();
    mockApi({ [LIST]: () => json(500, { error: 'Nere', code: 'internal' }) });
    renderWithQueryClient(<PaymentMethodsScreen canManage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Kunde inte hämta betalningssätt');
  });

  it('validates the form by the SPEC rules and shows only the fields of the chosen type', async () => {
    const { calls } = mockApi({ [LIST]: () => json(200, [card]) });
    renderWithQueryClient(<PaymentMethodsScreen canManage />);
    const dialog = await openAdd();
    expect(within(dialog).getByLabelText('Typ')).toHaveValue('card');
    expect(within(dialog).queryByLabelText('Kontonummer')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Sista fyra siffrorna'), '42');
    await userEvent.type(within(dialog).getByLabelText('Utgångsmånad'), '13');
    await userEvent.type(within(dialog).getByLabelText('Utgångsår'), String(new Date().getFullYear() - 1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lägg till' }));
    expect(await within(dialog).findByText('Namn krävs')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Sista fyra siffrorna')).toHaveAccessibleDescription('Ange de fyra sista siffrorna');
    expect(within(dialog).getByLabelText('Utgångsmånad')).toHaveAccessibleDescription('Ange en månad mellan 1 och 12');
    expect(within(dialog).getByLabelText('Utgångsår')).toHaveAccessibleDescription('Ange innevarande år eller senare');

    await userEvent.selectOptions(within(dialog).getByLabelText('Typ'), 'bank_account');
    expect(within(dialog).queryByLabelText('Sista fyra siffrorna')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Utgångsmånad')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Kontonummer')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('adds a bank account without the card fields typed earlier, toasts and refetches', async () => {
    const { calls } = mockApi({
      [LIST]: () => json(200, [card]),
      'POST /api/payment-methods': () => json(201, bank),
    });
    renderWithQueryClient(<PaymentMethodsScreen canManage />);
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText('Namn'), 'Lönekonto');
    await userEvent.type(within(dialog).getByLabelText('Sista fyra siffrorna'), '1234');
    await userEvent.selectOptions(within(dialog).getByLabelText('Typ'), 'bank_account');
    await userEvent.type(within(dialog).getByLabelText('Kontonummer'), '1234-5678901');
    await userEvent.type(within(dialog).getByLabelText('Leverantör'), 'Nordea');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lägg till' }));
    expect(await screen.findByText('Betalningssätt tillagt')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Lönekonto',
      type: 'bank_account',
      cardLastFour: null,
      bankAccount: '1234-5678901',
      metadata: { holderName: null, provider: 'Nordea', expiryMonth: null, expiryYear: null },
    });
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits with the current values and toasts the update', async () => {
    const { calls } = mockApi({ [LIST]: () => json(200, [card]), [`PUT /api/payment-methods/${card.id}`]: () => json(200, card) });
    renderWithQueryClient(<PaymentMethodsScreen canManage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Redigera Företagskort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera betalningssätt' });
    expect(within(dialog).getByLabelText('Utgångsmånad')).toHaveValue(3);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Betalningssätt uppdaterat')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      cardLastFour: '4242',
      metadata: { expiryMonth: 3, expiryYear: 2030 },
    });
  });

  it('deletes after confirmation, and shows the failure toast with the server message', async () => {
    mockApi({
      [LIST]: () => json(200, [card, bank]),
      [`DELETE /api/payment-methods/${bank.id}`]: () => json(403, { error: 'Bara administratörer får göra detta', code: 'forbidden' }),
    });
    renderWithQueryClient(<PaymentMethodsScreen canManage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ta bort Lönekonto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort betalningssätt' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Fel vid borttagning');
    expect(toast).toHaveTextContent('Bara administratörer får göra detta');
  });

  it('sets a new default and says so (English)', async () => {
    await i18n.changeLanguage('en');
    const { calls } = mockApi({
      [LIST]: () => json(200, [card, bank]),
      [`PUT /api/payment-methods/${bank.id}/default`]: () => json(200, { ...bank, isDefault: true }),
    });
    renderWithQueryClient(<PaymentMethodsScreen canManage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make Lönekonto the default' }));
    expect(await screen.findByText('Default payment updated')).toBeInTheDocument();
    expect(screen.getByText('A new default payment method has been set.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT' && call.path.endsWith('/default'))).toBe(true);
  });
});
