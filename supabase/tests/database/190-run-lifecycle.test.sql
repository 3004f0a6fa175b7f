-- The life of a run after app.start_run (120): members pause, resume and stop runs of their organisation
-- (app.control_run) and retry failed ones (app.retry_run); the runner (role kollega_runner) claims, moves
-- and finishes them. Triggers keep the rest: a finished run never moves again except back to pending by a
-- retry (55000 run_finished); every failure but a person's stop lands once in the error queue, with the
-- step; a retry enqueues a new attempt and resolves the run's open errors; finished non-test runs update
-- the workflow's run_count and success_rate; run_completed / run_failed / run_retried are audited.
begin;
select plan(44);
select tests.create_actors();

-- The runner's own statements (runner/src/db.ts): claim a pending run, fail or complete a running one.
create function tests.runner_claims(p_run uuid) returns text language sql set search_path = '' as $$
  select r ->> 'status' from tests.as_runner(format(
    $q$ update public.runs set status = 'running', runner_id = 'runner-190', heartbeat_at = now(), started_at = coalesce(started_at, now())
        where id = %L and status = 'pending' returning status $q$, p_run)) r
$$;
create function tests.runner_fails(p_run uuid, p_step integer, p_error_type text, p_message text) returns text language sql set search_path = '' as $$
  select r ->> 'status' from tests.as_runner(format(
    $q$ update public.runs set status = 'failed', error_type = %L, error_message = %L, failed_step = %s, current_step = %s, finished_at = now()
        where id = %L and runner_id = 'runner-190' and status in ('running', 'paused') returning status $q$,
    p_error_type, p_message, p_step, p_step, p_run)) r
$$;
create function tests.runner_completes(p_run uuid) returns text language sql set search_path = '' as $$
  select r ->> 'status' from tests.as_runner(format(
    $q$ update public.runs set status = 'completed', completed_steps = step_count, current_step = null, finished_at = now()
        where id = %L and runner_id = 'runner-190' and status in ('running', 'paused') returning status $q$, p_run)) r
$$;

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b1900000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Felanmälningar', 'active', true),
  ('b1900000-0000-4000-8000-000000000002', tests.org_id('admin'), tests.uid('admin'), 'Statistikflödet', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b1900000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"click","description":"Registrera","selectors":["#reg"]},{"id":"s3","type":"screenshot","description":"Kvitto"}]}'),
  (tests.org_id('admin'), 'b1900000-0000-4000-8000-000000000002', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"click","description":"Hämta","selectors":["#get"]}]}');
update public.workflows set current_version = 1 where id in ('b1900000-0000-4000-8000-000000000001', 'b1900000-0000-4000-8000-000000000002');

-- pause, resume, stop (app.control_run)
select tests.authenticate_as('member');
select app.start_run('b1900000-0000-4000-8000-000000000001') as run1 \gset
select throws_ok(format($$ select app.control_run(%L, 'pause') $$, :'run1'), 'P0001', 'run_state_invalid',
  'a pending run cannot be paused');
select tests.clear_authentication();
select is(tests.runner_claims(:'run1'), 'running', 'the runner claims a pending run: it is running');
select tests.authenticate_as('member');
select is((app.control_run(:'run1', 'pause')).status::text, 'paused', 'a member pauses a running run of their organisation');
select is((app.control_run(:'run1', 'resume')).status::text, 'running', 'a member resumes a paused run');
select throws_ok(format($$ select app.control_run(%L, 'explode') $$, :'run1'), 'P0001', 'run_state_invalid',
  'a run knows only pause, resume and stop');
select tests.clear_authentication();
select from tests.as_runner(format($q$ update public.runs set status = 'paused', requires_manual_intervention = true where id = %L $q$, :'run1'));
select tests.authenticate_as('member');
select throws_ok(format($$ select app.control_run(%L, 'resume') $$, :'run1'), 'P0001', 'run_state_invalid',
  'a run waiting for a person''s decision is not resumed by control_run');
select tests.clear_authentication();
select from tests.as_runner(format($q$ update public.runs set status = 'running', requires_manual_intervention = false where id = %L $q$, :'run1'));
select tests.authenticate_as('outsider_admin');
select throws_ok(format($$ select app.control_run(%L, 'stop') $$, :'run1'), 'P0002', 'run_not_found',
  'an admin of another organisation cannot stop (nor learn of) organisation A''s run');
select tests.authenticate_as('deactivated');
select throws_ok(format($$ select app.control_run(%L, 'stop') $$, :'run1'), 'P0002', 'run_not_found',
  'a deactivated user cannot stop runs');
select tests.authenticate_as_anon();
select throws_ok(format($$ select app.control_run(%L, 'stop') $$, :'run1'), '42501', null, 'an anonymous visitor cannot stop runs');
select tests.clear_authentication();
select throws_ok(format($$ select tests.as_runner($q$ select app.control_run(%L, 'stop') $q$) $$, :'run1'), '42501', null,
  'the runner does not use the people''s controls');
select tests.authenticate_as('superuser');
select results_eq(
  format($$ select status::text, error_type, stopped_by, finished_at is not null, requires_manual_intervention from app.control_run(%L, 'stop') $$, :'run1'),
  format($$ values ('failed', 'stopped', %L::uuid, true, false) $$, tests.uid('superuser')),
  'a superuser stops a running run: it fails as stopped, in their name');
select tests.clear_authentication();
select is_empty(format($$ select 1 from public.error_queue_items where execution_id = %L $$, :'run1'),
  'a stopped run creates no error-queue item: a person''s stop is not an error');
select results_eq(
  format($$ select user_id, metadata ->> 'errorType' from public.audit_activities where action = 'run_failed' and execution_id = %L $$, :'run1'),
  format($$ values (%L::uuid, 'stopped') $$, tests.uid('superuser')),
  'the stop writes one run_failed audit row naming who stopped it');
select tests.authenticate_as('member');
select throws_ok(format($$ select app.control_run(%L, 'stop') $$, :'run1'), 'P0001', 'run_state_invalid',
  'a stopped run cannot be stopped again');
select tests.clear_authentication();
select throws_ok(format($$ select tests.as_runner($q$ update public.runs set status = 'running' where id = %L $q$) $$, :'run1'),
  '55000', 'run_finished', 'the runner cannot carry on a run a person stopped');

-- the runner fails a run: one error-queue item with the step
select tests.authenticate_as('member');
select app.start_run('b1900000-0000-4000-8000-000000000001', '{"lagenhet":"1203"}') as run2 \gset
select tests.clear_authentication();
select from tests.runner_claims(:'run2');
select from tests.as_runner(format(
  $q$ insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, status, error_type, error_message)
      select organization_id, id, 1, 1, 1, 's2', 'click', 'failed', 'element_not_found', 'Knappen hittades inte'
      from public.runs where id = %L $q$, :'run2'));
select is(tests.runner_fails(:'run2', 1, 'element_not_found', 'Knappen hittades inte'), 'failed', 'the runner fails a run at a step');
select results_eq(
  format($$ select workflow_id, step_id, step_index, error_type, error_message, status::text, priority::text
            from public.error_queue_items where execution_id = %L $$, :'run2'),
  $$ values ('b1900000-0000-4000-8000-000000000001'::uuid, 's2', 1, 'element_not_found', 'Knappen hittades inte', 'pending', 'medium') $$,
  'the failure creates exactly one pending error-queue item with the failed step''s id and index');
select results_eq(
  format($$ select user_id, metadata ->> 'errorType', metadata ->> 'step', metadata ->> 'attempt'
            from public.audit_activities where action = 'run_failed' and execution_id = %L $$, :'run2'),
  $$ values (null::uuid, 'element_not_found', '2', '1') $$,
  'the failure writes one run_failed audit row (by the system) with the error and the step, counted from 1');
select throws_ok(format($$ select tests.as_runner($q$ update public.runs set status = 'running' where id = %L $q$) $$, :'run2'),
  '55000', 'run_finished', 'a failed run cannot go back to running');
select throws_ok(format($$ select tests.as_runner($q$ update public.runs set status = 'pending', finished_at = null where id = %L $q$) $$, :'run2'),
  '55000', 'run_finished', 'a failed run goes back to pending only as a new attempt');
select tests.authenticate_as('member');
select is((select count(*)::int from public.error_queue_items where execution_id = :'run2'), 1,
  'a member sees the failed run in their organisation''s error queue');

-- retry (app.retry_run)
select tests.authenticate_as('outsider_admin');
select throws_ok(format($$ select app.retry_run(%L) $$, :'run2'), 'P0002', 'run_not_found',
  'an admin of another organisation cannot retry organisation A''s run');
select tests.authenticate_as('deactivated');
select throws_ok(format($$ select app.retry_run(%L) $$, :'run2'), 'P0002', 'run_not_found', 'a deactivated user cannot retry runs');
select tests.authenticate_as_anon();
select throws_ok(format($$ select app.retry_run(%L) $$, :'run2'), '42501', null, 'an anonymous visitor cannot retry runs');
select tests.clear_authentication();
select throws_ok(format($$ select tests.as_runner($q$ select app.retry_run(%L) $q$) $$, :'run2'), '42501', null,
  'the runner does not retry runs: people do');
select tests.authenticate_as('member');
select throws_ok(format($$ select app.retry_run(%L, 3) $$, :'run2'), 'P0001', 'step_out_of_range',
  'a retry starts at one of the workflow''s steps');
select results_eq(
  format($$ select status::text, attempt, start_step, completed_steps, error_type, failed_step, finished_at, started_by
            from app.retry_run(%L) $$, :'run2'),
  format($$ values ('pending', 2, 1, 1, null::text, null::integer, null::timestamptz, %L::uuid) $$, tests.uid('member')),
  'a member retries a failed run: a new pending attempt from the failed step, in their name');
select tests.clear_authentication();
select results_eq(
  format($$ select state::text, data ->> 'attempt' from pgboss.job where name = 'run-workflow' and data ->> 'runId' = %L order by (data ->> 'attempt')::int $$, :'run2'),
  $$ values ('created', '1'), ('created', '2') $$,
  'the retry enqueues a job for the new attempt');
select results_eq(
  format($$ select status::text, resolved_by from public.error_queue_items where execution_id = %L $$, :'run2'),
  format($$ values ('resolved', %L::uuid) $$, tests.uid('member')),
  'the retry resolves the run''s pending error-queue item, in the name of the member who retried');
select results_eq(
  format($$ select metadata from public.audit_activities where action = 'run_retried' and execution_id = %L $$, :'run2'),
  $$ values ('{"attempt":2,"fromStep":2}'::jsonb) $$,
  'the retry writes one run_retried audit row with the attempt and the step it starts from');
select tests.authenticate_as('member');
select throws_ok(format($$ select app.retry_run(%L) $$, :'run2'), 'P0001', 'run_state_invalid', 'only a failed run can be retried');
select tests.authenticate_as('admin');
select is((app.retry_run(:'run1', 0)).attempt, 2, 'an admin retries a stopped run from its first step');

-- the second attempt fails again: a new error-queue item
select tests.clear_authentication();
select from tests.runner_claims(:'run2');
select from tests.runner_fails(:'run2', 2, 'timeout', 'Sidan laddades inte');
select results_eq(
  format($$ select step_id, step_index, status::text from public.error_queue_items where execution_id = %L order by step_index $$, :'run2'),
  $$ values ('s2', 1, 'resolved'), ('s3', 2, 'pending') $$,
  'a retried run that fails again gets a new pending error-queue item for the step it failed at');

-- workflow statistics
select tests.authenticate_as('admin');
select app.start_run('b1900000-0000-4000-8000-000000000002') as run_a \gset
select tests.clear_authentication();
select from tests.runner_claims(:'run_a');
select is(tests.runner_completes(:'run_a'), 'completed', 'the runner completes a run');
select results_eq($$ select run_count, success_rate from public.workflows where id = 'b1900000-0000-4000-8000-000000000002' $$,
  $$ values (1, 100.00::numeric) $$,
  'a completed run is counted on its workflow, whose success rate is 100 %');
select results_eq(
  format($$ select count(*)::int, min(metadata ->> 'attempt') from public.audit_activities where action = 'run_completed' and execution_id = %L $$, :'run_a'),
  $$ values (1, '1') $$,
  'the completion writes one run_completed audit row');
select is_empty(format($$ select 1 from public.error_queue_items where execution_id = %L $$, :'run_a'),
  'a completed run creates no error-queue item');
select throws_ok(format($$ select tests.as_runner($q$ update public.runs set status = 'running' where id = %L $q$) $$, :'run_a'),
  '55000', 'run_finished', 'a completed run cannot go back to running');
select throws_ok(format($$ select tests.as_runner($q$ update public.runs set status = 'failed' where id = %L $q$) $$, :'run_a'),
  '55000', 'run_finished', 'a completed run cannot turn into a failed one');
select tests.authenticate_as('admin');
select throws_ok(format($$ select app.retry_run(%L) $$, :'run_a'), 'P0001', 'run_state_invalid', 'a completed run cannot be retried');
select app.start_run('b1900000-0000-4000-8000-000000000002') as run_b \gset
select tests.clear_authentication();
select from tests.runner_claims(:'run_b');
select from tests.runner_fails(:'run_b', 0, 'network_error', 'Servern svarade inte');
select results_eq($$ select run_count, success_rate from public.workflows where id = 'b1900000-0000-4000-8000-000000000002' $$,
  $$ values (2, 50.00::numeric) $$,
  'a failed run is counted too, and the success rate is the share of finished runs that completed');
select tests.authenticate_as('admin');
select app.start_run('b1900000-0000-4000-8000-000000000002', '{}', true) as run_t \gset
select tests.clear_authentication();
select from tests.runner_claims(:'run_t');
select from tests.runner_fails(:'run_t', 1, 'element_not_found', 'Testet föll');
select results_eq($$ select run_count, success_rate from public.workflows where id = 'b1900000-0000-4000-8000-000000000002' $$,
  $$ values (2, 50.00::numeric) $$,
  'a test run leaves the workflow''s statistics alone');
select is((select priority::text from public.error_queue_items where execution_id = :'run_t'), 'low',
  'a failed test run is queued as a low-priority error');
select is_empty($$ select 1 from public.audit_activities where action = 'workflow_updated'
                   and workflow_id = 'b1900000-0000-4000-8000-000000000002'
                   and metadata -> 'changedFields' ?| array['last_run_at', 'run_count', 'success_rate'] $$,
  'run statistics are not audited as an edit of the workflow');

select * from finish();
rollback;
