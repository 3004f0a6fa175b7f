// /api/organization-settings: every member reads the organisation's settings (the defaults until an admin saves
// them), only admins change them; /api/user/profile: a person renames themself. The database's list of
// technical error types (automatic retries) is the shared one.
import { TECHNICAL_ERROR_TYPES } from '../../_shared/run-types.ts';
import { assertEquals } from './assert.ts';
import { auditRows, team, withDb } from './helpers.ts';

const settings = { aiThresholdDefault: 85, retryAttempts: 2, retryBackoffSeconds: 120, runRetentionDays: 90, pauseLimitHours: 48, siteConcurrency: 2 };

Deno.test('GET /api/organization-settings gives every member the defaults until an admin saves, then the saved values, audited', async () => {
  const [a, b] = await Promise.all([team(), team()]);
  assertEquals((await a.member.client.get('/organization-settings')).body, { aiThresholdDefault: 95, retryAttempts: 0, retryBackoffSeconds: 60, runRetentionDays: null, pauseLimitHours: 24, siteConcurrency: 4 });
  const saved = await a.admin.client.put('/organization-settings', settings);
  assertEquals([saved.status, saved.body], [200, settings]);
  assertEquals((await a.member.client.get('/organization-settings')).body, settings);
  assertEquals((await b.member.client.get('/organization-settings')).body.aiThresholdDefault, 95);
  const [audit] = await auditRows(a.organizationId, 'organization_settings_updated');
  assertEquals(audit.user_id, a.admin.id);
  // A client that leaves the pause limit and the site cap out keeps them.
  const { pauseLimitHours: _kept, siteConcurrency: _cap, ...withoutLimit } = settings;
  assertEquals((await a.admin.client.put('/organization-settings', { ...withoutLimit, retryAttempts: 1 })).body, { ...settings, retryAttempts: 1 });
});

Deno.test('PUT /api/organization-settings refuses superusers and members with 403 and bad values with 400', async () => {
  const { superuser, member, admin } = await team();
  assertEquals((await superuser.client.put('/organization-settings', settings)).status, 403);
  assertEquals((await member.client.put('/organization-settings', settings)).status, 403);
  const bad = await admin.client.put('/organization-settings', { ...settings, retryAttempts: 9, runRetentionDays: 1, pauseLimitHours: 0, siteConcurrency: 0 });
  assertEquals(bad.status, 400);
  assertEquals(Object.keys(bad.body.fields).sort(), ['pauseLimitHours', 'retryAttempts', 'runRetentionDays', 'siteConcurrency']);
  assertEquals((await admin.client.get('/organization-settings')).body.retryAttempts, 0);
});

Deno.test('PUT /api/user/profile saves the caller\'s own name and nothing else', async () => {
  const { member, admin } = await team();
  const response = await member.client.put('/user/profile', { fullName: '  Berit Nilsson ' });
  assertEquals([response.status, response.body], [200, { fullName: 'Berit Nilsson' }]);
  assertEquals((await member.client.get('/user')).body.fullName, 'Berit Nilsson');
  assertEquals((await admin.client.get('/user')).body.fullName === 'Berit Nilsson', false);
  assertEquals((await member.client.put('/user/profile', { fullName: 'Berit', role: 'admin' })).status, 400);
});

Deno.test('the database retries automatically exactly the technical error types the shared list names', async () => {
  const types = await withDb(async (sql) => (await sql<{ t: string[] }[]>`select private.technical_error_types() as t`)[0].t);
  assertEquals([...types].sort(), [...TECHNICAL_ERROR_TYPES].sort());
});
