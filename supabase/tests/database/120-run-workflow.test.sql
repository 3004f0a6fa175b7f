-- app.start_run (POST /api/workflows/{id}/run; replaced app.run_workflow): any active member of the
-- workflow's organisation starts a run of its current version; a run of a workflow that is not active is
-- a test run only; a workflow without steps cannot run. The run is created pending together with its job
-- in pg-boss's queue run-workflow, stamped on the workflow (not counted until it ends) and audited once as
-- workflow_executed (never as workflow_updated). What happens after the start: 190-run-lifecycle.
begin;
select plan(28);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b1200000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('admin'), 'Aktivt flöde', 'active', true),
  ('b1200000-0000-4000-8000-000000000002', tests.org_id('admin'), tests.uid('member'), 'Utkast', 'draft', false),
  ('b1200000-0000-4000-8000-000000000003', tests.org_id('admin'), tests.uid('admin'), 'Tomt flöde', 'active', true),
  ('b1200000-0000-4000-8000-000000000004', tests.org_id('admin'), tests.uid('admin'), 'Osparat flöde', 'active', true),
  ('b1200000-0000-4000-8000-000000000005', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Utomståendes flöde', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b1200000-0000-4000-8000-000000000001', 1, '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"}]}'),
  (tests.org_id('admin'), 'b1200000-0000-4000-8000-000000000001', 2,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"click","description":"Skicka","selectors":["#send"]}]}'),
  (tests.org_id('admin'), 'b1200000-0000-4000-8000-000000000002', 1, '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"}]}'),
  (tests.org_id('admin'), 'b1200000-0000-4000-8000-000000000003', 1, '{"version":1,"steps":[]}'),
  (tests.org_id('outsider_admin'), 'b1200000-0000-4000-8000-000000000005', 1, '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://b.example.se/"}]}');
update public.workflows set current_version = case when id = 'b1200000-0000-4000-8000-000000000001' then 2 else 1 end
where id in ('b1200000-0000-4000-8000-000000000001', 'b1200000-0000-4000-8000-000000000002', 'b1200000-0000-4000-8000-000000000003', 'b1200000-0000-4000-8000-000000000005');

-- member: allowed once, denied once
select tests.authenticate_as('member');
select app.start_run('b1200000-0000-4000-8000-000000000001', '{"lagenhet":"1203"}') as member_run \gset
select results_eq(
  format($$ select status::text, trigger::text, started_by, workflow_version, step_count, inputs, attempt, organization_id
            from public.runs where id = %L $$, :'member_run'),
  format($$ values ('pending', 'manual', %L::uuid, 2, 2, '{"lagenhet":"1203"}'::jsonb, 1, %L::uuid) $$, tests.uid('member'), tests.org_id('admin')),
  'a member starts a run of an active workflow: pending, manual, in their name, of the current version with its inputs');
select results_eq(
  format($$ select user_id, workflow_id, metadata from public.audit_activities where action = 'workflow_executed' and execution_id = %L $$, :'member_run'),
  format($$ values (%L::uuid, 'b1200000-0000-4000-8000-000000000001'::uuid, '{"trigger":"manual","version":2}'::jsonb) $$, tests.uid('member')),
  'the start writes one workflow_executed audit row naming the member, the workflow, the run and its version');
select results_eq(
  $$ select run_count, last_run_at = now() from public.workflows where id = 'b1200000-0000-4000-8000-000000000001' $$,
  $$ values (0, true) $$,
  'the start is stamped on the workflow, which counts the run only when it ends');
select is_empty($$ select 1 from public.audit_activities where action = 'workflow_updated' and metadata -> 'changedFields' ?| array['last_run_at', 'run_count'] $$,
  'the stamp is not audited as an edit of the workflow');
select throws_ok($$ select app.start_run('b1200000-0000-4000-8000-000000000002') $$, 'P0001', 'workflow_not_active',
  'a member cannot run a draft (without asking for a test run)');
select throws_ok($$ select app.start_run('b1200000-0000-4000-8000-000000000001', '["inte ett objekt"]') $$, '23514', null,
  'a run''s inputs are an object');
select throws_ok($$ update public.workflows set run_count = 99 where id = 'b1200000-0000-4000-8000-000000000001' $$, '42501', null,
  'a member still cannot write run statistics directly');

-- the job
select tests.clear_authentication();
select results_eq(
  format($$ select name, state::text, data, retry_limit from pgboss.job where data ->> 'runId' = %L $$, :'member_run'),
  format($$ values ('run-workflow', 'created', jsonb_build_object('runId', %L::text, 'attempt', 1), 0) $$, :'member_run'),
  'a started run has exactly one pending job in queue run-workflow carrying its id and attempt 1, never retried by the queue');
select tests.authenticate_as('member');
select throws_ok($$ select 1 from pgboss.job $$, '42501', null, 'a member cannot see the job queue');
select throws_ok($$ insert into pgboss.job (name, data) values ('run-workflow', '{}') $$, '42501', null, 'a member cannot enqueue jobs');

-- test runs and workflows without steps
select app.start_run('b1200000-0000-4000-8000-000000000002', '{}', true) as test_run \gset
select results_eq(format($$ select trigger::text, status::text from public.runs where id = %L $$, :'test_run'), $$ values ('test', 'pending') $$,
  'a member starts a test run of their draft');
select tests.authenticate_as('superuser');
select throws_ok($$ select app.start_run('b1200000-0000-4000-8000-000000000003') $$, 'P0001', 'workflow_has_no_steps',
  'a workflow whose current definition has no steps cannot run');
select throws_ok($$ select app.start_run('b1200000-0000-4000-8000-000000000004', '{}', true) $$, 'P0001', 'workflow_has_no_steps',
  'a workflow that was never saved cannot run, not even as a test');

-- superuser and admin: allowed; a workflow that does not exist is not found
select isnt(app.start_run('b1200000-0000-4000-8000-000000000001'), null, 'a superuser starts a run of an active workflow');
select throws_ok($$ select app.start_run(gen_random_uuid()) $$, 'P0002', 'workflow_not_found',
  'a run of a workflow that does not exist is not found');
select tests.authenticate_as('admin');
select isnt(app.start_run('b1200000-0000-4000-8000-000000000001'), null, 'an admin starts a run of an active workflow');
select throws_ok($$ select app.start_run('b1200000-0000-4000-8000-000000000005') $$, 'P0002', 'workflow_not_found',
  'an admin cannot run (nor learn of) a workflow of another organisation');

-- outsider_admin: their own workflow only
select tests.authenticate_as('outsider_admin');
select isnt(app.start_run('b1200000-0000-4000-8000-000000000005'), null, 'an admin of another organisation runs their own workflow');
select throws_ok($$ select app.start_run('b1200000-0000-4000-8000-000000000001') $$, 'P0002', 'workflow_not_found',
  'an admin of another organisation cannot run organisation A''s workflow');

-- deactivated, anon and the runner: never
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.start_run('b1200000-0000-4000-8000-000000000001') $$, '42501', 'forbidden',
  'a deactivated user cannot run workflows');
select tests.authenticate_as_anon();
select throws_ok($$ select app.start_run('b1200000-0000-4000-8000-000000000001') $$, '42501', null,
  'an anonymous visitor cannot run workflows');
select tests.clear_authentication();
select ok(not has_function_privilege('kollega_runner', 'app.start_run(uuid, jsonb, boolean)', 'execute'),
  'the runner cannot start runs by hand');

-- totals
select is((select count(*)::int from public.runs where workflow_id = 'b1200000-0000-4000-8000-000000000001'), 3,
  'three runs of the active workflow were created, all pending');
select is((select count(*)::int from pgboss.job j join public.runs r on j.data ->> 'runId' = r.id::text
           where r.organization_id in (tests.org_id('admin'), tests.org_id('outsider_admin'))), 5,
  'every run, and only a run, got a job');
select is((select count(*)::int from public.audit_activities where action = 'workflow_executed'
           and organization_id in (tests.org_id('admin'), tests.org_id('outsider_admin'))), 5,
  'every run, and only a run, wrote a workflow_executed audit row');

-- the seeded demo organisation: Ulla (user) and the seeded drafts, Olle's organisation
create function tests.authenticate_as_id(p_id uuid) returns void language sql set search_path = '' as $$
  select set_config('role', 'authenticated', true),
         set_config('request.jwt.claims', jsonb_build_object('sub', p_id, 'role', 'authenticated')::text, true);
$$;
select tests.authenticate_as_id('a0000000-0000-4000-8000-000000000003');
select throws_ok($$ select app.start_run('b0000000-0000-4000-8000-000000000006') $$, 'P0001', 'workflow_not_active',
  'in the demo data, the draft "Inläsning av leverantörsfakturor" cannot run except as a test');
select throws_ok($$ select app.start_run('b0000000-0000-4000-8000-000000000008', '{}', true) $$, 'P0001', 'workflow_has_no_steps',
  'in the demo data, the draft "Kvartalsrapport vakanser" has no steps and cannot run, not even as a test');
select throws_ok($$ select app.start_run('b0000000-0000-4000-8000-000000000009') $$, 'P0002', 'workflow_not_found',
  'in the demo data, the other organisation''s workflow is not found');

select * from finish();
rollback;
