// POST /api/payment-methods and PUT /api/payment-methods/{id} (SPEC §3, §5). Never a card number:
// only the last four digits, and only for cards; a bank account only for bank accounts; expiry only for cards.
import { z } from 'zod';
import { optionalText, requiredText } from './common.ts';

export const PAYMENT_METHOD_TYPES = ['card', 'bank_account', 'invoice', 'other'] as const;
export const paymentMethodTypeSchema = z.enum(PAYMENT_METHOD_TYPES, { message: 'payment_type_required' });

const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v), schema.nullable());

export const paymentMethodSchema = z
  .strictObject({
    name: requiredText('name_required'),
    type: paymentMethodTypeSchema.default('card'),
    cardLastFour: z
      .string()
      .trim()
      .regex(/^\d{0,4}$/, 'card_last_four_invalid')
      .nullish()
      .transform((v) => (v ? v : null)),
    bankAccount: optionalText(64),
    metadata: z
      .strictObject({
        holderName: optionalText(200),
        expiryMonth: optionalNumber(z.number({ message: 'expiry_month_invalid' }).int('expiry_month_invalid').min(1, 'expiry_month_invalid').max(12, 'expiry_month_invalid')),
        expiryYear: optionalNumber(z.number({ message: 'expiry_year_invalid' }).int('expiry_year_invalid').max(2999, 'expiry_year_invalid')),
        provider: optionalText(200),
      })
      .partial()
      .default({}),
  })
  .superRefine((v, ctx) => {
    if (v.cardLastFour !== null && v.type !== 'card') ctx.addIssue({ code: 'custom', path: ['cardLastFour'], message: 'card_last_four_only_card' });
    if (v.cardLastFour !== null && v.cardLastFour.length !== 4) ctx.addIssue({ code: 'custom', path: ['cardLastFour'], message: 'card_last_four_invalid' });
    if (v.bankAccount !== null && v.type !== 'bank_account') ctx.addIssue({ code: 'custom', path: ['bankAccount'], message: 'bank_account_only_bank' });
    const { expiryMonth, expiryYear } = v.metadata;
    if (v.type !== 'card' && (expiryMonth != null || expiryYear != null)) {
      ctx.addIssue({ code: 'custom', path: ['metadata', expiryMonth != null ? 'expiryMonth' : 'expiryYear'], message: 'expiry_only_card' });
    }
    if (expiryYear != null && expiryYear < new Date().getFullYear()) {
      ctx.addIssue({ code: 'custom', path: ['metadata', 'expiryYear'], message: 'expiry_year_invalid' });
    }
  });
export type PaymentMethodInput = z.input<typeof paymentMethodSchema>;
export type PaymentMethodPayload = z.output<typeof paymentMethodSchema>;
