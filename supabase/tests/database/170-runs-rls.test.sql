-- runs, run_steps, run_screenshots: members read the runs, step results and screenshots of their
-- organisation and write none of them (runs start and change through the app.* functions: 120, 190);
-- only the runner (role kollega_runner) writes step results and screenshots and moves runs along, for
-- every organisation, and it deletes nothing. The runner reads workflows but not the audit trail or
-- profiles, and writes no workflow.
begin;
select plan(70);
select tests.create_actors();


-- Fixtures (as postgres): one running run of each organisation, each with one step and its screenshot.
select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b1700000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Flöde A', 'active', true),
  ('b1700000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Flöde B', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b1700000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"click","description":"Logga in","selectors":["#login"]},{"id":"s3","type":"screenshot","description":"Kvitto"}]}'),
  (tests.org_id('outsider_admin'), 'b1700000-0000-4000-8000-000000000002', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://b.example.se/"}]}');
update public.workflows set current_version = 1 where id in ('b1700000-0000-4000-8000-000000000001', 'b1700000-0000-4000-8000-000000000002');
insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, started_by, status, step_count, started_at, runner_id, heartbeat_at) values
  ('f1700000-0000-4000-8000-000000000001', tests.org_id('admin'), 'b1700000-0000-4000-8000-000000000001', 1, 'manual', tests.uid('member'), 'running', 3, now(), 'runner-1', now()),
  ('f1700000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), 'b1700000-0000-4000-8000-000000000002', 1, 'manual', tests.uid('outsider_admin'), 'running', 1, now(), 'runner-1', now());
insert into public.run_steps (id, organization_id, run_id, attempt, seq, step_index, step_id, step_type, description, status, has_screenshot) values
  ('e1700000-0000-4000-8000-000000000001', tests.org_id('admin'), 'f1700000-0000-4000-8000-000000000001', 1, 0, 0, 's1', 'navigate', 'Öppna', 'passed', true),
  ('e1700000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), 'f1700000-0000-4000-8000-000000000002', 1, 0, 0, 's1', 'navigate', 'Öppna', 'passed', true);
insert into public.run_screenshots (run_step_id, organization_id, jpeg) values
  ('e1700000-0000-4000-8000-000000000001', tests.org_id('admin'), '\xffd8ffe000a1'::bytea),
  ('e1700000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), '\xffd8ffe000b2'::bytea);

-- runs: select
select tests.authenticate_as('member');
select results_eq($$ select id from public.runs $$, array['f1700000-0000-4000-8000-000000000001'::uuid],
  'a member reads the runs of their organisation and no others');
select tests.authenticate_as('admin');
select results_eq($$ select id from public.runs $$, array['f1700000-0000-4000-8000-000000000001'::uuid],
  'an admin reads the runs of their organisation and no others');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select id from public.runs $$, array['f1700000-0000-4000-8000-000000000002'::uuid],
  'an admin of another organisation reads none of organisation A''s runs');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.runs $$, 'a deactivated user reads no runs');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.runs $$, '42501', null, 'an anonymous visitor cannot read runs');
select tests.clear_authentication();
select is((select count(*)::int from tests.as_runner($q$ select id from public.runs where id::text like 'f1700000-%' $q$)), 2,
  'the runner reads the runs of every organisation');

-- runs: insert (only app.start_run and the trigger functions create runs)
select tests.authenticate_as('member');
select throws_ok(format($$ insert into public.runs (organization_id, workflow_id, workflow_version, trigger, step_count)
                          values (%L, 'b1700000-0000-4000-8000-000000000001', 1, 'manual', 3) $$, tests.org_id('admin')),
  '42501', 'permission denied for table runs', 'a member cannot create a run directly');
select tests.authenticate_as('superuser');
select throws_ok(format($$ insert into public.runs (organization_id, workflow_id, workflow_version, trigger, step_count)
                          values (%L, 'b1700000-0000-4000-8000-000000000001', 1, 'manual', 3) $$, tests.org_id('admin')),
  '42501', 'permission denied for table runs', 'a superuser cannot create a run directly');
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.runs (organization_id, workflow_id, workflow_version, trigger, step_count)
                          values (%L, 'b1700000-0000-4000-8000-000000000001', 1, 'manual', 3) $$, tests.org_id('admin')),
  '42501', 'permission denied for table runs', 'an admin cannot create a run directly');
select tests.authenticate_as('outsider_admin');
select throws_ok(format($$ insert into public.runs (organization_id, workflow_id, workflow_version, trigger, step_count)
                          values (%L, 'b1700000-0000-4000-8000-000000000001', 1, 'manual', 3) $$, tests.org_id('admin')),
  '42501', 'permission denied for table runs', 'an admin of another organisation cannot create a run in organisation A');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.runs (organization_id, workflow_id, workflow_version, trigger, step_count)
                    values (gen_random_uuid(), 'b1700000-0000-4000-8000-000000000001', 1, 'manual', 3) $$,
  '42501', null, 'an anonymous visitor cannot create runs');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ insert into public.runs (organization_id, workflow_id, workflow_version, trigger, step_count)
                    select organization_id, id, 1, 'manual', 3 from public.workflows where id = 'b1700000-0000-4000-8000-000000000001' $q$) $$,
  '42501', 'permission denied for table runs', 'the runner cannot create runs: it only executes the runs people, schedules and webhooks start');

-- runs: update
select tests.authenticate_as('member');
select throws_ok($$ update public.runs set status = 'completed', finished_at = now() $$, '42501', 'permission denied for table runs',
  'a member cannot move a run along directly');
select tests.authenticate_as('superuser');
select throws_ok($$ update public.runs set status = 'failed', error_type = 'stopped', finished_at = now() $$, '42501', null,
  'a superuser cannot change a run directly (stopping goes through app.control_run)');
select tests.authenticate_as('admin');
select throws_ok($$ update public.runs set requires_manual_intervention = true $$, '42501', null,
  'an admin cannot change a run directly');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ update public.runs set current_step = 2 $$, '42501', null, 'an admin of another organisation cannot change runs');
select tests.authenticate_as_anon();
select throws_ok($$ update public.runs set current_step = 2 $$, '42501', null, 'an anonymous visitor cannot change runs');
select tests.clear_authentication();
select results_eq(
  $$ select r ->> 'current_step', r ->> 'current_step_description' from tests.as_runner($q$
       update public.runs set current_step = 1, current_step_description = 'Logga in', heartbeat_at = now()
       where id = 'f1700000-0000-4000-8000-000000000001' and runner_id = 'runner-1' returning current_step, current_step_description $q$) r $$,
  $$ values ('1', 'Logga in') $$,
  'the runner records the step a run has reached and renews its heartbeat');

-- runs: delete (never through the API; runs go with their workflow)
select tests.authenticate_as('member');
select throws_ok($$ delete from public.runs $$, '42501', 'permission denied for table runs', 'a member cannot delete runs');
select tests.authenticate_as('admin');
select throws_ok($$ delete from public.runs $$, '42501', null, 'an admin cannot delete runs');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ delete from public.runs $$, '42501', null, 'an admin of another organisation cannot delete runs');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.runs $$, '42501', null, 'an anonymous visitor cannot delete runs');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ delete from public.runs where id = 'f1700000-0000-4000-8000-000000000001' $q$) $$,
  '42501', 'permission denied for table runs', 'the runner cannot delete runs');

-- run_steps: select
select tests.authenticate_as('member');
select results_eq($$ select id from public.run_steps $$, array['e1700000-0000-4000-8000-000000000001'::uuid],
  'a member reads the step results of their organisation and no others');
select tests.authenticate_as('superuser');
select results_eq($$ select id from public.run_steps $$, array['e1700000-0000-4000-8000-000000000001'::uuid],
  'a superuser reads the step results of their organisation and no others');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select id from public.run_steps $$, array['e1700000-0000-4000-8000-000000000002'::uuid],
  'an admin of another organisation reads none of organisation A''s step results');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.run_steps $$, 'a deactivated user reads no step results');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.run_steps $$, '42501', null, 'an anonymous visitor cannot read step results');
select tests.clear_authentication();
select is((select count(*)::int from tests.as_runner($q$ select id from public.run_steps where id::text like 'e1700000-%' $q$)), 2,
  'the runner reads the step results of every organisation');

-- run_steps: insert
select tests.authenticate_as('member');
select throws_ok(format($$ insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type)
                          values (%L, 'f1700000-0000-4000-8000-000000000001', 1, 1, 1, 's2', 'click') $$, tests.org_id('admin')),
  '42501', 'permission denied for table run_steps', 'a member cannot write a step result');
select tests.authenticate_as('superuser');
select throws_ok(format($$ insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type)
                          values (%L, 'f1700000-0000-4000-8000-000000000001', 1, 1, 1, 's2', 'click') $$, tests.org_id('admin')),
  '42501', 'permission denied for table run_steps', 'a superuser cannot write a step result');
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type)
                          values (%L, 'f1700000-0000-4000-8000-000000000001', 1, 1, 1, 's2', 'click') $$, tests.org_id('admin')),
  '42501', 'permission denied for table run_steps', 'an admin cannot write a step result');
select tests.authenticate_as('outsider_admin');
select throws_ok(format($$ insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type)
                          values (%L, 'f1700000-0000-4000-8000-000000000001', 1, 1, 1, 's2', 'click') $$, tests.org_id('admin')),
  '42501', null, 'an admin of another organisation cannot write a step result into organisation A');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type)
                    values (gen_random_uuid(), 'f1700000-0000-4000-8000-000000000001', 1, 1, 1, 's2', 'click') $$,
  '42501', null, 'an anonymous visitor cannot write step results');
select tests.clear_authentication();
select results_eq(
  $$ select r ->> 'status', r ->> 'step_id' from tests.as_runner($q$
       insert into public.run_steps (id, organization_id, run_id, attempt, seq, step_index, step_id, step_type, description)
       select 'e1700000-0000-4000-8000-000000000003', organization_id, id, 1, 1, 1, 's2', 'click', 'Logga in'
       from public.runs where id = 'f1700000-0000-4000-8000-000000000001'
       returning status, step_id $q$) r $$,
  $$ values ('running', 's2') $$,
  'the runner writes the result of the step it is executing, running until it ends');
select throws_ok($$ select tests.as_runner($q$
       insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type)
       select organization_id, id, 1, 1, 2, 's3', 'screenshot' from public.runs where id = 'f1700000-0000-4000-8000-000000000001' $q$) $$,
  '23505', null, 'a run''s attempt has one step result per sequence number');

-- run_steps: update
select tests.authenticate_as('member');
select throws_ok($$ update public.run_steps set status = 'passed' $$, '42501', 'permission denied for table run_steps',
  'a member cannot change a step result');
select tests.authenticate_as('admin');
select throws_ok($$ update public.run_steps set status = 'skipped' $$, '42501', null, 'an admin cannot change a step result');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ update public.run_steps set status = 'skipped' $$, '42501', null, 'an admin of another organisation cannot change step results');
select tests.authenticate_as_anon();
select throws_ok($$ update public.run_steps set status = 'skipped' $$, '42501', null, 'an anonymous visitor cannot change step results');
select tests.clear_authentication();
select results_eq(
  $$ select r ->> 'status', r ->> 'duration_ms', r ->> 'has_screenshot' from tests.as_runner($q$
       update public.run_steps set status = 'passed', finished_at = now(), duration_ms = 1200, has_screenshot = true,
              log = '[{"at":"2026-11-23T10:00:00Z","message":"selector #login"}]'
       where id = 'e1700000-0000-4000-8000-000000000003' returning status, duration_ms, has_screenshot $q$) r $$,
  $$ values ('passed', '1200', 'true') $$,
  'the runner finishes a step result with its outcome, duration and log');

-- run_steps: delete
select tests.authenticate_as('member');
select throws_ok($$ delete from public.run_steps $$, '42501', 'permission denied for table run_steps', 'a member cannot delete step results');
select tests.authenticate_as('admin');
select throws_ok($$ delete from public.run_steps $$, '42501', null, 'an admin cannot delete step results');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.run_steps $$, '42501', null, 'an anonymous visitor cannot delete step results');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ delete from public.run_steps where id = 'e1700000-0000-4000-8000-000000000003' $q$) $$,
  '42501', 'permission denied for table run_steps', 'the runner cannot delete step results: the step log of a run is kept');

-- run_screenshots: select
select tests.authenticate_as('member');
select results_eq($$ select run_step_id, jpeg from public.run_screenshots $$,
  $$ values ('e1700000-0000-4000-8000-000000000001'::uuid, '\xffd8ffe000a1'::bytea) $$,
  'a member reads the screenshots of their organisation and no others');
select tests.authenticate_as('superuser');
select results_eq($$ select run_step_id from public.run_screenshots $$, array['e1700000-0000-4000-8000-000000000001'::uuid],
  'a superuser reads the screenshots of their organisation and no others');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select run_step_id from public.run_screenshots $$, array['e1700000-0000-4000-8000-000000000002'::uuid],
  'an admin of another organisation reads none of organisation A''s screenshots');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.run_screenshots $$, 'a deactivated user reads no screenshots');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.run_screenshots $$, '42501', null, 'an anonymous visitor cannot read screenshots');
select tests.clear_authentication();
select is((select count(*)::int from tests.as_runner($q$ select run_step_id from public.run_screenshots where run_step_id::text like 'e1700000-%' $q$)), 2,
  'the runner reads the screenshots of every organisation');

-- run_screenshots: insert
select tests.authenticate_as('member');
select throws_ok(format($$ insert into public.run_screenshots (run_step_id, organization_id, jpeg)
                          values ('e1700000-0000-4000-8000-000000000003', %L, '\xffd8'::bytea) $$, tests.org_id('admin')),
  '42501', 'permission denied for table run_screenshots', 'a member cannot add a screenshot');
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.run_screenshots (run_step_id, organization_id, jpeg)
                          values ('e1700000-0000-4000-8000-000000000003', %L, '\xffd8'::bytea) $$, tests.org_id('admin')),
  '42501', 'permission denied for table run_screenshots', 'an admin cannot add a screenshot');
select tests.authenticate_as('outsider_admin');
select throws_ok(format($$ insert into public.run_screenshots (run_step_id, organization_id, jpeg)
                          values ('e1700000-0000-4000-8000-000000000003', %L, '\xffd8'::bytea) $$, tests.org_id('admin')),
  '42501', null, 'an admin of another organisation cannot add a screenshot to organisation A');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.run_screenshots (run_step_id, organization_id, jpeg)
                    values ('e1700000-0000-4000-8000-000000000003', gen_random_uuid(), '\xffd8'::bytea) $$,
  '42501', null, 'an anonymous visitor cannot add screenshots');
select tests.clear_authentication();
select isnt_empty(
  $$ select tests.as_runner($q$ insert into public.run_screenshots (run_step_id, organization_id, jpeg)
       select id, organization_id, '\xffd8ffe000c3'::bytea from public.run_steps where id = 'e1700000-0000-4000-8000-000000000003'
       returning run_step_id $q$) $$,
  'the runner stores the screenshot of a step');
select throws_ok($$ update public.run_screenshots set jpeg = convert_to(repeat('x', 102401), 'UTF8')
                    where run_step_id = 'e1700000-0000-4000-8000-000000000003' $$,
  '23514', null, 'a screenshot is at most 100 KB');

-- run_screenshots: update
select tests.authenticate_as('member');
select throws_ok($$ update public.run_screenshots set jpeg = '\x00'::bytea $$, '42501', 'permission denied for table run_screenshots',
  'a member cannot replace a screenshot');
select tests.authenticate_as('admin');
select throws_ok($$ update public.run_screenshots set jpeg = '\x00'::bytea $$, '42501', null, 'an admin cannot replace a screenshot');
select tests.clear_authentication();
select throws_ok(
  $$ select tests.as_runner($q$ update public.run_screenshots set jpeg = '\xffd8ffe000d4'::bytea
       where run_step_id = 'e1700000-0000-4000-8000-000000000003' $q$) $$,
  '42501', 'permission denied for table run_screenshots', 'the runner cannot replace a screenshot either: a step''s screenshot is written once');

-- run_screenshots: delete
select tests.authenticate_as('member');
select throws_ok($$ delete from public.run_screenshots $$, '42501', 'permission denied for table run_screenshots', 'a member cannot delete screenshots');
select tests.authenticate_as('admin');
select throws_ok($$ delete from public.run_screenshots $$, '42501', null, 'an admin cannot delete screenshots');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.run_screenshots $$, '42501', null, 'an anonymous visitor cannot delete screenshots');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ delete from public.run_screenshots $q$) $$,
  '42501', 'permission denied for table run_screenshots', 'the runner cannot delete screenshots');

-- what else the runner may and may not touch
select isnt_empty($$ select tests.as_runner($q$ select id from public.workflows where id = 'b1700000-0000-4000-8000-000000000002' $q$) $$,
  'the runner reads the workflows of every organisation');
select throws_ok($$ select tests.as_runner($q$ update public.workflows set name = 'Kapat' $q$) $$,
  '42501', 'permission denied for table workflows', 'the runner cannot change workflows');
select throws_ok($$ select tests.as_runner($q$ insert into public.workflows (organization_id, name) select organization_id, 'Smuggel' from public.runs limit 1 $q$) $$,
  '42501', 'permission denied for table workflows', 'the runner cannot create workflows');
select throws_ok($$ select tests.as_runner($q$ select 1 from public.audit_activities $q$) $$,
  '42501', 'permission denied for table audit_activities', 'the runner cannot read the audit trail');
select throws_ok($$ select tests.as_runner($q$ select 1 from public.profiles $q$) $$,
  '42501', 'permission denied for table profiles', 'the runner cannot read people''s profiles');

-- runs, step results and screenshots go with their workflow
select tests.authenticate_as('admin');
delete from public.workflows where id = 'b1700000-0000-4000-8000-000000000001';
select tests.clear_authentication();
select is_empty(
  $$ select 1 from public.runs where id = 'f1700000-0000-4000-8000-000000000001'
     union all select 1 from public.run_steps where run_id = 'f1700000-0000-4000-8000-000000000001'
     union all select 1 from public.run_screenshots where run_step_id in ('e1700000-0000-4000-8000-000000000001', 'e1700000-0000-4000-8000-000000000003') $$,
  'deleting a workflow deletes its runs, their step results and their screenshots');

select * from finish();
rollback;
