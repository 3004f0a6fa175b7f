import type { PaymentMethod } from '@shared/types/api';
import type { TFunction } from 'i18next';

/** SPEC §2: a card's masked last four, a bank account's number, otherwise the name. */
export function paymentMethodSummary(method: PaymentMethod, t: TFunction<'payment_methods'>): string {
  if (method.type === 'card' && method.cardLastFour) return t('card.masked', { lastFour: method.cardLastFour });
  if (method.type === 'bank_account' && method.bankAccount) return method.bankAccount;
  return method.name;
}

/** MM/YYYY, when both parts are known. */
export function formatExpiry(month?: number | null, year?: number | null): string | null {
  if (month == null || year == null) return null;
  return `${String(month).padStart(2, '0')}/${year}`;
}
