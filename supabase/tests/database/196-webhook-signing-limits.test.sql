-- Webhook signing secrets and call limits (issue 21, item 8): the signing secret is readable by no API
-- role (members see only whether a webhook is signed); the workflow's editors turn signing on and off
-- through app.set_workflow_webhook_signing (audited); app.check_webhook_call, for the api function's pool
-- only, counts every call per token and per client address in Postgres, answers the wait once a limit is
-- passed, and otherwise whether the token is known and its signing secret.
begin;
select plan(21);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active, start_method) values
  ('b1960000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Medlemmens flöde', 'active', true, 'trigger'),
  ('b1960000-0000-4000-8000-000000000002', tests.org_id('admin'), tests.uid('superuser'), 'Superns flöde', 'active', true, 'trigger'),
  ('b1960000-0000-4000-8000-000000000003', tests.org_id('admin'), tests.uid('member'), 'Utan webhook', 'active', true, 'manual');
insert into public.workflow_webhooks (workflow_id, organization_id, token_hash, created_by) values
  ('b1960000-0000-4000-8000-000000000001', tests.org_id('admin'), extensions.digest('token-a-196', 'sha256'), tests.uid('member')),
  ('b1960000-0000-4000-8000-000000000002', tests.org_id('admin'), extensions.digest('token-b-196', 'sha256'), tests.uid('superuser'));

-- turning signing on and off
select tests.authenticate_as('member');
select is(app.set_workflow_webhook_signing('b1960000-0000-4000-8000-000000000001', 'whsec_' || repeat('a', 43)), true,
  'a member turns signing on for the webhook of their own workflow');
select throws_ok($$ select app.set_workflow_webhook_signing('b1960000-0000-4000-8000-000000000002', 'whsec_' || repeat('b', 43)) $$,
  '42501', 'forbidden', 'a member cannot turn signing on for a colleague''s workflow');
select is(app.set_workflow_webhook_signing('b1960000-0000-4000-8000-000000000003', 'whsec_' || repeat('c', 43)), false,
  'a workflow without a webhook: nothing to sign (false)');
select throws_ok($$ select app.set_workflow_webhook_signing('b1960000-0000-4000-8000-000000000001', 'not-a-secret') $$,
  '23514', null, 'a signing secret has the whsec_ form of 32 random bytes');
select results_eq($$ select workflow_id, signed from public.workflow_webhooks order by workflow_id $$,
  $$ values ('b1960000-0000-4000-8000-000000000001'::uuid, true), ('b1960000-0000-4000-8000-000000000002'::uuid, false) $$,
  'members see which webhooks are signed');
select throws_ok($$ select signing_secret from public.workflow_webhooks $$, '42501', null,
  'members cannot read signing secrets');
select throws_ok($$ select token_hash from public.workflow_webhooks $$, '42501', null,
  'nor token hashes');
select throws_ok($$ update public.workflow_webhooks set signing_secret = null $$, '42501', null,
  'nor change a webhook directly');
select tests.authenticate_as('admin');
select throws_ok($$ select signing_secret from public.workflow_webhooks $$, '42501', null,
  'an admin cannot read signing secrets either');
select is(app.set_workflow_webhook_signing('b1960000-0000-4000-8000-000000000002', null), true,
  'an admin turns signing off for any workflow of the organisation');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.set_workflow_webhook_signing('b1960000-0000-4000-8000-000000000001', null) $$,
  'P0002', 'workflow_not_found', 'an admin of another organisation cannot change signing');
select tests.clear_authentication();
select results_eq(
  $$ select action from public.audit_activities where workflow_id::text like 'b1960000-%' and action like 'webhook_signing%' order by action $$,
  $$ values ('webhook_signing_off'), ('webhook_signing_on') $$,
  'turning signing on and off is audited');

-- the limits and the lookup, as the api function's pool calls them
select results_eq(
  $$ select retry_after, known, signing_secret from app.check_webhook_call('token-a-196', '10.196.0.1', 3, 100) $$,
  $$ values (0, true, 'whsec_' || repeat('a', 43)) $$,
  'a known token within its limits: known, with its signing secret');
select results_eq(
  $$ select retry_after, known, signing_secret from app.check_webhook_call('no-such-token-196', '10.196.0.1', 3, 100) $$,
  $$ values (0, false, null::text) $$,
  'an unknown token: not known (and counted)');
select results_eq($$ select calls from private.webhook_calls where key = 'address:10.196.0.1' $$, $$ values (2) $$,
  'every call counts against the client address');
select results_eq(
  $$ select calls from private.webhook_calls where key = 'token:' || encode(extensions.digest('token-a-196', 'sha256'), 'hex') $$,
  $$ values (1) $$, 'and against the token, kept by its hash only');
select is((select count(*)::int from private.webhook_calls where key like '%token-a-196%'), 0, 'the token itself is stored nowhere');
select lives_ok($$ select app.check_webhook_call('token-a-196', '10.196.0.2', 3, 100) from generate_series(1, 2) $$,
  'two more calls reach the token limit of 3');
select ok((select retry_after between 1 and 60 and known is null from app.check_webhook_call('token-a-196', '10.196.0.3', 3, 100)),
  'the fourth call within the minute is over the token limit: wait up to a minute, nothing else answered');
update private.webhook_calls set window_start = now() - interval '61 seconds' where key like 'token:%';
select results_eq($$ select retry_after, known from app.check_webhook_call('token-a-196', '10.196.0.3', 3, 100) $$,
  $$ values (0, true) $$, 'a new minute starts a new count');

-- who may call the check
select tests.authenticate_as('admin');
select throws_ok($$ select * from app.check_webhook_call('token-a-196', '10.196.0.9', 60, 600) $$, '42501', null,
  'a signed-in user cannot call the webhook check (it answers signing secrets)');

select * from finish();
rollback;
