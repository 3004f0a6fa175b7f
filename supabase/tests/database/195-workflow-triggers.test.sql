-- workflow_schedules and workflow_webhooks: members see their organisation's schedules and which
-- workflows have a webhook; a workflow's editors (creator, superusers, admins) set schedules and create or
-- delete webhooks through the app.* functions only. A webhook keeps only the SHA-256 of its token (which
-- nobody can read back); app.trigger_webhook (the api's pool role, no user) starts a run with the request's
-- inputs. The runner (role kollega_runner) reads and moves every schedule and starts due runs through
-- app.start_scheduled_run; it cannot see webhooks.
begin;
select plan(63);
select tests.create_actors();


select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active, start_method) values
  ('b1950000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Medlemmens flöde', 'active', true, 'manual'),
  ('b1950000-0000-4000-8000-000000000002', tests.org_id('admin'), tests.uid('superuser'), 'Superns flöde', 'active', true, 'manual'),
  ('b1950000-0000-4000-8000-000000000003', tests.org_id('admin'), tests.uid('member'), 'Medlemmens utkast', 'draft', false, 'manual'),
  ('b1950000-0000-4000-8000-000000000004', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Utomståendes flöde', 'active', true, 'scheduled');
insert into public.workflow_versions (organization_id, workflow_id, version, definition)
select w.organization_id, w.id, 1,
       '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"click","description":"Skicka","selectors":["#send"]}]}'
from public.workflows w where w.id::text like 'b1950000-%';
update public.workflows set current_version = 1 where id::text like 'b1950000-%';
insert into public.workflow_schedules (workflow_id, organization_id, cron, next_run_at) values
  ('b1950000-0000-4000-8000-000000000004', tests.org_id('outsider_admin'), '0 6 * * *', now() + interval '1 day');
insert into public.workflow_webhooks (workflow_id, organization_id, token_hash, created_by) values
  ('b1950000-0000-4000-8000-000000000004', tests.org_id('outsider_admin'), extensions.digest('token-b-195', 'sha256'), tests.uid('outsider_admin'));

-- schedules: insert and update through app.set_workflow_schedule
select tests.authenticate_as('member');
select results_eq(
  $$ select cron, timezone, enabled, next_run_at, updated_by = auth.uid()
     from app.set_workflow_schedule('b1950000-0000-4000-8000-000000000001', '0 7 * * 1-5', 'Europe/Stockholm', true, '2026-12-01 06:00+00') $$,
  $$ values ('0 7 * * 1-5', 'Europe/Stockholm', true, '2026-12-01 06:00+00'::timestamptz, true) $$,
  'a member schedules their own workflow, in a time zone, with the next time the api computed');
select is((select start_method::text from public.workflows where id = 'b1950000-0000-4000-8000-000000000001'), 'scheduled',
  'a scheduled workflow starts by schedule');
select results_eq(
  $$ select metadata from public.audit_activities where action = 'schedule_set' and workflow_id = 'b1950000-0000-4000-8000-000000000001' $$,
  $$ values ('{"cron":"0 7 * * 1-5","timezone":"Europe/Stockholm","enabled":true,"inputs":{}}'::jsonb) $$,
  'setting a schedule writes one schedule_set audit row with the cron expression');
select throws_ok($$ select app.set_workflow_schedule('b1950000-0000-4000-8000-000000000002', '0 7 * * *', 'Europe/Stockholm', true, now()) $$,
  '42501', 'forbidden', 'a member cannot schedule a colleague''s workflow');
select throws_ok($$ select app.set_workflow_schedule('b1950000-0000-4000-8000-000000000001', '* *', 'Europe/Stockholm', true, now()) $$,
  '23514', null, 'a cron expression has at least five fields');
select throws_ok(format($$ insert into public.workflow_schedules (workflow_id, organization_id, cron) values ('b1950000-0000-4000-8000-000000000002', %L, '0 7 * * *') $$, tests.org_id('admin')),
  '42501', 'permission denied for table workflow_schedules', 'a member cannot write a schedule directly');
select throws_ok($$ update public.workflow_schedules set enabled = false $$, '42501', 'permission denied for table workflow_schedules',
  'a member cannot change a schedule directly');
select tests.authenticate_as('superuser');
select results_eq(
  $$ select cron, enabled, updated_by = auth.uid()
     from app.set_workflow_schedule('b1950000-0000-4000-8000-000000000001', '30 7 * * 1-5', 'Europe/Stockholm', false, '2026-12-01 06:30+00') $$,
  $$ values ('30 7 * * 1-5', false, true) $$,
  'a superuser changes the schedule of a colleague''s workflow (one schedule per workflow)');
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.workflow_schedules (workflow_id, organization_id, cron) values ('b1950000-0000-4000-8000-000000000002', %L, '0 7 * * *') $$, tests.org_id('admin')),
  '42501', 'permission denied for table workflow_schedules', 'an admin cannot write a schedule directly');
select isnt_empty($$ select app.set_workflow_schedule('b1950000-0000-4000-8000-000000000003', '0 8 * * *', 'Europe/Stockholm', true, now() - interval '1 minute') $$,
  'an admin schedules any workflow of their organisation');
select throws_ok($$ select app.set_workflow_schedule('b1950000-0000-4000-8000-000000000004', '0 7 * * *', 'Europe/Stockholm', true, now()) $$,
  'P0002', 'workflow_not_found', 'an admin cannot schedule another organisation''s workflow');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.set_workflow_schedule('b1950000-0000-4000-8000-000000000001', '0 7 * * *', 'Europe/Stockholm', true, now()) $$,
  'P0002', 'workflow_not_found', 'an admin of another organisation cannot schedule organisation A''s workflow');
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.set_workflow_schedule('b1950000-0000-4000-8000-000000000001', '0 7 * * *', 'Europe/Stockholm', true, now()) $$,
  'P0002', 'workflow_not_found', 'a deactivated user cannot schedule workflows');
select tests.authenticate_as_anon();
select throws_ok($$ select app.set_workflow_schedule('b1950000-0000-4000-8000-000000000001', '0 7 * * *', 'Europe/Stockholm', true, now()) $$,
  '42501', null, 'an anonymous visitor cannot schedule workflows');

-- schedules: select
select tests.authenticate_as('member');
select results_eq($$ select workflow_id from public.workflow_schedules order by workflow_id $$,
  array['b1950000-0000-4000-8000-000000000001'::uuid, 'b1950000-0000-4000-8000-000000000003'::uuid],
  'a member reads the schedules of their organisation and no others');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select workflow_id from public.workflow_schedules $$, array['b1950000-0000-4000-8000-000000000004'::uuid],
  'an admin of another organisation reads none of organisation A''s schedules');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.workflow_schedules $$, 'a deactivated user reads no schedules');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.workflow_schedules $$, '42501', null, 'an anonymous visitor cannot read schedules');

-- schedules: the runner's tick
select tests.clear_authentication();
select is((select count(*)::int from tests.as_runner($q$ select workflow_id from public.workflow_schedules where workflow_id::text like 'b1950000-%' $q$)), 3,
  'the runner reads the schedules of every organisation');
select throws_ok($$ select tests.as_runner($q$ insert into public.workflow_schedules (workflow_id, organization_id, cron)
                    select id, organization_id, '0 7 * * *' from public.workflows where id = 'b1950000-0000-4000-8000-000000000002' $q$) $$,
  '42501', 'permission denied for table workflow_schedules', 'the runner cannot create schedules');
select throws_ok($$ select tests.as_runner($q$ delete from public.workflow_schedules $q$) $$,
  '42501', 'permission denied for table workflow_schedules', 'the runner cannot delete schedules');
select (r ->> 'run_id') as scheduled_run from tests.as_runner($q$
  select app.start_scheduled_run('b1950000-0000-4000-8000-000000000004', '2026-12-02 06:00+00') as run_id $q$) r \gset
select results_eq(
  format($$ select trigger::text, status::text, started_by, organization_id from public.runs where id = %L $$, :'scheduled_run'),
  format($$ values ('schedule', 'pending', null::uuid, %L::uuid) $$, tests.org_id('outsider_admin')),
  'the runner starts the run of a due schedule, as the schedule, in the workflow''s organisation');
select results_eq(
  $$ select next_run_at, last_run_at = now() from public.workflow_schedules where workflow_id = 'b1950000-0000-4000-8000-000000000004' $$,
  $$ values ('2026-12-02 06:00+00'::timestamptz, true) $$,
  'starting a scheduled run moves the schedule to its next time');
select is((select count(*)::int from pgboss.job where data ->> 'runId' = :'scheduled_run' and state = 'created'), 1,
  'a scheduled run is enqueued like any other');
select is((select r ->> 'run_id' from tests.as_runner($q$
             select app.start_scheduled_run('b1950000-0000-4000-8000-000000000003', '2026-12-02 07:00+00') as run_id $q$) r), null,
  'a schedule of a draft starts no run');
select is((select next_run_at from public.workflow_schedules where workflow_id = 'b1950000-0000-4000-8000-000000000003'), '2026-12-02 07:00+00'::timestamptz,
  'a schedule of a draft still moves on to its next time');
select isnt_empty($$ select tests.as_runner($q$ update public.workflow_schedules set next_run_at = next_run_at + interval '1 day'
                    where workflow_id = 'b1950000-0000-4000-8000-000000000001' returning workflow_id $q$) $$,
  'the runner can move a schedule''s next time');
select tests.authenticate_as('admin');
select throws_ok($$ select app.start_scheduled_run('b1950000-0000-4000-8000-000000000001', now()) $$, '42501', null,
  'people cannot start scheduled runs: only the runner''s tick does');

-- schedules: delete through app.set_workflow_schedule with no cron
select tests.authenticate_as('member');
select throws_ok($$ delete from public.workflow_schedules $$, '42501', 'permission denied for table workflow_schedules',
  'a member cannot delete a schedule directly');
select throws_ok($$ select app.set_workflow_schedule('b1950000-0000-4000-8000-000000000002', null, null, null, null) $$,
  '42501', 'forbidden', 'a member cannot remove the schedule of a colleague''s workflow');
select isnt_empty($$ select app.set_workflow_schedule('b1950000-0000-4000-8000-000000000001', null, null, null, null) $$,
  'a member removes the schedule of their own workflow');
select results_eq($$ select workflow_id from public.workflow_schedules $$, array['b1950000-0000-4000-8000-000000000003'::uuid],
  'the removed schedule is gone');
select is((select count(*)::int from public.audit_activities where action = 'schedule_removed' and workflow_id = 'b1950000-0000-4000-8000-000000000001'), 1,
  'removing a schedule writes one schedule_removed audit row');

-- webhooks: create
select tests.authenticate_as('member');
select results_eq(
  $$ select workflow_id, organization_id, created_by = auth.uid(), last_used_at
     from app.create_workflow_webhook('b1950000-0000-4000-8000-000000000001', 'token-m-195') $$,
  format($$ values ('b1950000-0000-4000-8000-000000000001'::uuid, %L::uuid, true, null::timestamptz) $$, tests.org_id('admin')),
  'a member creates a webhook for their own workflow');
select tests.clear_authentication();
select ok((select token_hash = extensions.digest('token-m-195', 'sha256') and position(convert_to('token-m-195', 'UTF8') in token_hash) = 0
           from public.workflow_webhooks where workflow_id = 'b1950000-0000-4000-8000-000000000001'),
  'a webhook stores only the SHA-256 of its token, never the token');
select results_eq(
  $$ select w.start_method::text, (select count(*)::int from public.audit_activities a where a.action = 'webhook_created' and a.workflow_id = w.id)
     from public.workflows w where w.id = 'b1950000-0000-4000-8000-000000000001' $$,
  $$ values ('trigger', 1) $$,
  'a workflow with a webhook starts by trigger, and the creation is audited once');
select tests.authenticate_as('member');
select throws_ok($$ select app.create_workflow_webhook('b1950000-0000-4000-8000-000000000002', 'token-x-195') $$, '42501', 'forbidden',
  'a member cannot create a webhook for a colleague''s workflow');
select throws_ok(format($$ insert into public.workflow_webhooks (workflow_id, organization_id, token_hash) values ('b1950000-0000-4000-8000-000000000002', %L, '\x00') $$, tests.org_id('admin')),
  '42501', 'permission denied for table workflow_webhooks', 'a member cannot write a webhook directly');
select is((app.create_workflow_webhook('b1950000-0000-4000-8000-000000000003', 'token-d-195')).workflow_id, 'b1950000-0000-4000-8000-000000000003'::uuid,
  'a member creates a webhook for their own draft');
select tests.authenticate_as('admin');
select isnt_empty($$ select app.create_workflow_webhook('b1950000-0000-4000-8000-000000000002', 'token-s-195') $$,
  'an admin creates a webhook for any workflow of their organisation');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.create_workflow_webhook('b1950000-0000-4000-8000-000000000001', 'token-o-195') $$, 'P0002', 'workflow_not_found',
  'an admin of another organisation cannot create a webhook for organisation A''s workflow');
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.create_workflow_webhook('b1950000-0000-4000-8000-000000000001', 'token-z-195') $$, 'P0002', 'workflow_not_found',
  'a deactivated user cannot create webhooks');
select tests.authenticate_as_anon();
select throws_ok($$ select app.create_workflow_webhook('b1950000-0000-4000-8000-000000000001', 'token-a-195') $$, '42501', null,
  'an anonymous visitor cannot create webhooks');

-- webhooks: select
select tests.authenticate_as('member');
select results_eq($$ select workflow_id from public.workflow_webhooks order by workflow_id $$,
  array['b1950000-0000-4000-8000-000000000001'::uuid, 'b1950000-0000-4000-8000-000000000002'::uuid, 'b1950000-0000-4000-8000-000000000003'::uuid],
  'a member sees which workflows of their organisation have a webhook, and no others');
select throws_ok($$ select token_hash from public.workflow_webhooks $$, '42501', 'permission denied for table workflow_webhooks',
  'a member cannot read a webhook''s token hash');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select workflow_id from public.workflow_webhooks $$, array['b1950000-0000-4000-8000-000000000004'::uuid],
  'an admin of another organisation sees none of organisation A''s webhooks');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.workflow_webhooks $$, 'a deactivated user sees no webhooks');
select tests.authenticate_as_anon();
select throws_ok($$ select workflow_id from public.workflow_webhooks $$, '42501', null, 'an anonymous visitor cannot see webhooks');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ select workflow_id from public.workflow_webhooks $q$) $$,
  '42501', 'permission denied for table workflow_webhooks', 'the runner cannot see webhooks');

-- webhooks: app.trigger_webhook (the api's pool role; no user)
select tests.clear_authentication();
set local role service_role;
select app.trigger_webhook('token-m-195', '{"lagenhet":"1203"}') as hook_run \gset
select tests.clear_authentication();
select results_eq(
  format($$ select workflow_id, trigger::text, status::text, inputs, started_by from public.runs where id = %L $$, :'hook_run'),
  $$ values ('b1950000-0000-4000-8000-000000000001'::uuid, 'webhook', 'pending', '{"lagenhet":"1203"}'::jsonb, null::uuid) $$,
  'a call of a webhook starts a pending run of its workflow with the request''s inputs');
select results_eq(
  format($$ select (select count(*)::int from pgboss.job where data ->> 'runId' = %L and state = 'created'),
                   (select count(*)::int from public.audit_activities where action = 'workflow_executed' and execution_id = %L and metadata ->> 'trigger' = 'webhook'),
                   (select last_used_at = now() from public.workflow_webhooks where workflow_id = 'b1950000-0000-4000-8000-000000000001') $$,
         :'hook_run', :'hook_run'),
  $$ values (1, 1, true) $$,
  'the webhook''s run is enqueued and audited as executed by webhook, and the webhook''s last use is recorded');
set local role service_role;
select is(app.trigger_webhook('token-fel-195', '{}'), null, 'an unknown token starts nothing');
select throws_ok($$ select app.trigger_webhook('token-d-195', '{}') $$, 'P0001', 'workflow_not_active',
  'a webhook of a draft starts no run');
select tests.authenticate_as('member');
select throws_ok($$ select app.trigger_webhook('token-m-195', '{}') $$, '42501', null,
  'a member cannot call a webhook through the database');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ select app.trigger_webhook('token-m-195', '{}') $q$) $$, '42501', null,
  'the runner cannot call webhooks');

-- webhooks: a new token replaces the old one
select tests.authenticate_as('member');
select is((app.create_workflow_webhook('b1950000-0000-4000-8000-000000000001', 'token-m2-195')).last_used_at, null,
  'a member makes a new token for their workflow''s webhook');
select tests.clear_authentication();
set local role service_role;
select is(app.trigger_webhook('token-m-195', '{}'), null, 'the previous token no longer starts runs');

-- webhooks: delete
select tests.authenticate_as('member');
select throws_ok($$ delete from public.workflow_webhooks $$, '42501', 'permission denied for table workflow_webhooks',
  'a member cannot delete webhooks directly');
select throws_ok($$ select app.delete_workflow_webhook('b1950000-0000-4000-8000-000000000002') $$, '42501', 'forbidden',
  'a member cannot delete the webhook of a colleague''s workflow');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.delete_workflow_webhook('b1950000-0000-4000-8000-000000000001') $$, 'P0002', 'workflow_not_found',
  'an admin of another organisation cannot delete organisation A''s webhooks');
select tests.authenticate_as('member');
select is(app.delete_workflow_webhook('b1950000-0000-4000-8000-000000000001'), true, 'a member deletes the webhook of their own workflow');
select is(app.delete_workflow_webhook('b1950000-0000-4000-8000-000000000001'), false, 'deleting a webhook that is gone reports false');
select tests.clear_authentication();
set local role service_role;
select is(app.trigger_webhook('token-m2-195', '{}'), null, 'a deleted webhook starts nothing');

select * from finish();
rollback;
