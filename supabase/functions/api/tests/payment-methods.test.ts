// /api/payment-methods: members read, admins manage; exactly one default at every moment.
import { assert, assertEquals } from './assert.ts';
import { auditRows, MISSING_ID, team, withDb } from './helpers.ts';

const year = new Date().getFullYear();
const card = (name = 'Företagskort', lastFour = '4242') => ({
  name,
  type: 'card',
  cardLastFour: lastFour,
  metadata: { holderName: 'Anna Admin', expiryMonth: 8, expiryYear: year + 2, provider: 'Visa' },
});
const bank = { name: 'Bankgiro', type: 'bank_account', bankAccount: '5050-1055', metadata: { provider: 'SEB' } };

function defaults(organizationId: string) {
  return withDb((sql) => sql<{ id: string }[]>`select id from public.payment_methods where organization_id = ${organizationId} and is_default`);
}

Deno.test('POST /api/payment-methods: the first method becomes the default, later ones do not', async () => {
  const { organizationId, admin } = await team();
  const first = await admin.client.post('/payment-methods', card());
  assertEquals(first.status, 201);
  assertEquals(Object.keys(first.body).sort(), ['bankAccount', 'cardLastFour', 'createdAt', 'id', 'isDefault', 'metadata', 'name', 'type']);
  assertEquals([first.body.isDefault, first.body.cardLastFour, first.body.bankAccount], [true, '4242', null]);
  assertEquals(first.body.metadata, card().metadata);
  const second = await admin.client.post('/payment-methods', bank);
  assertEquals([second.status, second.body.isDefault, second.body.bankAccount], [201, false, '5050-1055']);
  const invoice = await admin.client.post('/payment-methods', { name: 'Faktura', type: 'invoice' });
  assertEquals([invoice.status, invoice.body.metadata], [201, {}]);
  assertEquals((await defaults(organizationId)).map((r) => r.id), [first.body.id]);
  assertEquals((await auditRows(organizationId, 'payment_method_created')).length, 3);
});

Deno.test('GET /api/payment-methods lists the default first, to every member, never another organisation’s', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const { body: first } = await a.admin.client.post('/payment-methods', card('Kort'));
  const { body: second } = await a.admin.client.post('/payment-methods', bank);
  await b.admin.client.post('/payment-methods', card('Främmande'));
  await a.admin.client.put(`/payment-methods/${second.id}/default`);
  const response = await a.member.client.get('/payment-methods');
  assertEquals(response.status, 200);
  assertEquals(response.body.map((m: { id: string }) => m.id), [second.id, first.id]);
});

Deno.test('POST /api/payment-methods refuses card numbers, wrong expiry and fields of another type with 400, storing nothing', async () => {
  const { organizationId, admin } = await team();
  const cases: [unknown, string][] = [
    [{ ...card(), cardLastFour: '4242424242424242' }, 'cardLastFour'],
    [{ ...card(), cardNumber: '4242424242424242' }, 'cardNumber'],
    [{ ...card(), cardLastFour: '42a2' }, 'cardLastFour'],
    [{ ...card(), cardLastFour: '424' }, 'cardLastFour'],
    [{ ...card(), metadata: { expiryMonth: 13 } }, 'metadata.expiryMonth'],
    [{ ...card(), metadata: { expiryYear: year - 1 } }, 'metadata.expiryYear'],
    [{ ...card(), metadata: { cvc: '123' } }, 'metadata.cvc'],
    [{ ...bank, cardLastFour: '4242' }, 'cardLastFour'],
    [{ ...card(), bankAccount: '5050-1055' }, 'bankAccount'],
    [{ name: 'Faktura', type: 'invoice', metadata: { expiryYear: year + 1 } }, 'metadata.expiryYear'],
    [{ name: 'X', type: 'crypto' }, 'type'],
    [{ name: '', type: 'other' }, 'name'],
  ];
  for (const [body, field] of cases) {
    const response = await admin.client.post('/payment-methods', body);
    assertEquals(response.status, 400, JSON.stringify(body));
    assert(response.body.fields?.[field], `${field} in ${JSON.stringify(response.body)}`);
  }
  const [{ count }] = await withDb((sql) => sql`select count(*)::int as count from public.payment_methods where organization_id = ${organizationId}`);
  assertEquals(count, 0);
});

Deno.test('POST, PUT and DELETE /api/payment-methods refuse superusers and members with 403', async () => {
  const { admin, superuser, member } = await team();
  const { body: method } = await admin.client.post('/payment-methods', card());
  for (const actor of [superuser, member]) {
    assertEquals((await actor.client.post('/payment-methods', card())).body.code, 'admin_only');
    assertEquals((await actor.client.put(`/payment-methods/${method.id}`, card('Kapat'))).status, 403);
    assertEquals((await actor.client.delete(`/payment-methods/${method.id}`)).status, 403);
    assertEquals((await actor.client.put(`/payment-methods/${method.id}/default`)).status, 403);
  }
  const list = await member.client.get('/payment-methods');
  assertEquals(list.body.map((m: { name: string }) => m.name), ['Företagskort']);
});

Deno.test("PUT and DELETE /api/payment-methods answer 404 for another organisation's method and malformed ids", async () => {
  const [a, b] = await Promise.all([team(), team()]);
  const { body: foreign } = await b.admin.client.post('/payment-methods', card('Främmande'));
  for (const id of [foreign.id, MISSING_ID, 'undefined']) {
    assertEquals((await a.admin.client.put(`/payment-methods/${id}`, card('Kapat'))).status, 404, id);
    assertEquals((await a.admin.client.delete(`/payment-methods/${id}`)).status, 404, id);
    assertEquals((await a.admin.client.put(`/payment-methods/${id}/default`)).status, 404, id);
  }
  const [row] = await withDb((sql) => sql`select name, is_default from public.payment_methods where id = ${foreign.id}`);
  assertEquals([row.name, row.is_default], ['Främmande', true]);
});

Deno.test('PUT /api/payment-methods/:id edits a method (type change clears what no longer fits) and keeps the default', async () => {
  const { admin } = await team();
  const { body: method } = await admin.client.post('/payment-methods', card());
  const response = await admin.client.put(`/payment-methods/${method.id}`, { name: 'Nu bankgiro', type: 'bank_account', bankAccount: '123-4567' });
  assertEquals(response.status, 200);
  assertEquals([response.body.name, response.body.type, response.body.cardLastFour, response.body.bankAccount, response.body.isDefault], [
    'Nu bankgiro', 'bank_account', null, '123-4567', true,
  ]);
  assertEquals(response.body.metadata, {});
  assertEquals((await admin.client.put(`/payment-methods/${method.id}`, { ...card(), isDefault: false })).status, 400);
});

Deno.test('DELETE /api/payment-methods/:id of the default promotes the newest other method', async () => {
  const { organizationId, admin } = await team();
  const { body: first } = await admin.client.post('/payment-methods', card('Först'));
  await admin.client.post('/payment-methods', card('Mitten', '1111'));
  const { body: newest } = await admin.client.post('/payment-methods', bank);
  const response = await admin.client.delete(`/payment-methods/${first.id}`);
  assertEquals([response.status, response.text], [204, '']);
  assertEquals((await defaults(organizationId)).map((r) => r.id), [newest.id]);
  assertEquals((await admin.client.delete(`/payment-methods/${first.id}`)).status, 404);
});

Deno.test('PUT /api/payment-methods/:id/default: twenty concurrent calls for different methods leave exactly one default', async () => {
  const { organizationId, admin } = await team();
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) ids.push((await admin.client.post('/payment-methods', card(`Kort ${i}`, String(1000 + i)))).body.id);
  const responses = await Promise.all(ids.map((id) => admin.client.put(`/payment-methods/${id}/default`)));
  assertEquals(responses.map((r) => r.status), Array(20).fill(200));
  assert(responses.every((r, i) => r.body.id === ids[i] && r.body.isDefault === true));
  const current = await defaults(organizationId);
  assertEquals(current.length, 1);
  assert(ids.includes(current[0].id));
  const list = (await admin.client.get('/payment-methods')).body;
  assertEquals(list.filter((m: { isDefault: boolean }) => m.isDefault).length, 1);
  assertEquals(list[0].id, current[0].id);
});

Deno.test('concurrent set-default and delete calls never leave zero or two defaults', async () => {
  const { organizationId, admin } = await team();
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) ids.push((await admin.client.post('/payment-methods', card(`Kort ${i}`, String(2000 + i)))).body.id);
  const calls = ids.map((id, i) => i % 2 ? admin.client.put(`/payment-methods/${id}/default`) : admin.client.delete(`/payment-methods/${id}`));
  const statuses = (await Promise.all(calls)).map((r) => r.status);
  assert(statuses.every((s) => s === 200 || s === 204 || s === 404), statuses.join());
  assertEquals((await defaults(organizationId)).length, 1);
});

Deno.test('PUT /api/payment-methods/:id/default on the current default changes nothing', async () => {
  const { organizationId, admin } = await team();
  const { body: method } = await admin.client.post('/payment-methods', card());
  const response = await admin.client.put(`/payment-methods/${method.id}/default`);
  assertEquals([response.status, response.body.isDefault], [200, true]);
  assertEquals((await auditRows(organizationId, 'payment_method_default_changed')).length, 0);
});
