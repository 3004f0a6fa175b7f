// Payment methods (SPEC §2, §5): members read them; admins add, edit, delete and choose the default.
// Exactly one default per organisation: the first becomes default and deleting the default promotes
// another (triggers), switching is app.set_default_payment_method (atomic under concurrency).
// Card numbers are never accepted: only the last four digits (the shared schema and a check constraint).
import { Hono } from 'hono';
import { HttpError } from '../../_shared/http.ts';
import { type PaymentMethodPayload, paymentMethodSchema } from '../../_shared/schemas/payment-methods.ts';
import { PAYMENT_METHOD_COLUMNS } from '../../_shared/statements.ts';
import type { PaymentMethod } from '../../_shared/types/api.ts';
import { type AppEnv, readJson, requireSession } from '../middleware.ts';
import { asCaller, deniedOrMissing, pathId } from '../resource.ts';

/** The metadata keys that have a value (the table allows exactly these four keys). */
function metadataOf(input: PaymentMethodPayload): Record<string, string | number> {
  return Object.fromEntries(Object.entries(input.metadata).filter(([, value]) => value !== null && value !== undefined)) as Record<
    string,
    string | number
  >;
}

export const paymentMethodRoutes = new Hono<AppEnv>();

paymentMethodRoutes.get('/payment-methods', requireSession, async (c) => {
  const rows = await asCaller(c, (tx) =>
    tx<PaymentMethod[]>`
      select ${tx.unsafe(PAYMENT_METHOD_COLUMNS)} from public.payment_methods
      order by is_default desc, created_at, id
      limit 500`
  );
  return c.json(rows);
});

paymentMethodRoutes.post('/payment-methods', requireSession, async (c) => {
  const input = await readJson(c, paymentMethodSchema);
  const [row] = await asCaller(c, (tx) =>
    tx<PaymentMethod[]>`
      insert into public.payment_methods (name, type, card_last_four, bank_account, metadata)
      values (${input.name}, ${input.type}, ${input.cardLastFour}, ${input.bankAccount}, ${tx.json(metadataOf(input))})
      returning ${tx.unsafe(PAYMENT_METHOD_COLUMNS)}`
  ).catch((error) => {
    // An insert refused by RLS (not an admin) is a 42501: say who may do it.
    throw error instanceof HttpError && error.status === 403 ? new HttpError(403, 'admin_only') : error;
  });
  return c.json(row, 201);
});

paymentMethodRoutes.put('/payment-methods/:id', requireSession, async (c) => {
  const id = pathId(c);
  const input = await readJson(c, paymentMethodSchema);
  const row = await asCaller(c, async (tx) => {
    const [updated] = await tx<PaymentMethod[]>`
      update public.payment_methods
      set name = ${input.name}, type = ${input.type}, card_last_four = ${input.cardLastFour},
          bank_account = ${input.bankAccount}, metadata = ${tx.json(metadataOf(input))}
      where id = ${id}
      returning ${tx.unsafe(PAYMENT_METHOD_COLUMNS)}`;
    return updated ?? deniedOrMissing(tx, 'public.payment_methods', id, new HttpError(403, 'admin_only'));
  });
  return c.json(row);
});

paymentMethodRoutes.delete('/payment-methods/:id', requireSession, async (c) => {
  const id = pathId(c);
  await asCaller(c, async (tx) => {
    const [deleted] = await tx`delete from public.payment_methods where id = ${id} returning id`;
    return deleted ?? deniedOrMissing(tx, 'public.payment_methods', id, new HttpError(403, 'admin_only'));
  });
  return c.body(null, 204);
});

paymentMethodRoutes.put('/payment-methods/:id/default', requireSession, async (c) => {
  const id = pathId(c);
  const row = await asCaller(c, async (tx) => {
    const [method] = await tx<PaymentMethod[]>`
      select ${tx.unsafe(PAYMENT_METHOD_COLUMNS)} from app.set_default_payment_method(${id})`;
    return method;
  }).catch((error) => {
    throw error instanceof HttpError && error.status === 403 ? new HttpError(403, 'admin_only') : error;
  });
  return c.json(row);
});
