-- organization_settings (issue 23): members read their organisation's settings; admins create and change them
-- (never another organisation's, never a lower role); every change is audited. What they drive: a run (not a
-- test) that fails for a technical reason is retried automatically from its failed step after a doubling
-- backoff, as often as retry_attempts allows; app.purge_expired_runs deletes finished runs older than
-- run_retention_days (not those with an error still waiting, not other organisations').
begin;
select plan(42);
select tests.create_actors();

-- select and insert
select tests.authenticate_as('member');
select throws_ok($$ insert into public.organization_settings (retry_attempts) values (2) $$,
  '42501', null, 'a member cannot create the settings of their organisation');
select tests.authenticate_as('superuser');
select throws_ok($$ insert into public.organization_settings (retry_attempts) values (2) $$,
  '42501', null, 'a superuser cannot create the settings of their organisation');
select tests.authenticate_as('outsider_admin');
select throws_ok(format($$ insert into public.organization_settings (organization_id, retry_attempts) values (%L, 2) $$, tests.org_id('admin')),
  '42501', null, 'an admin of another organisation cannot create this organisation''s settings');
select tests.authenticate_as('admin');
select lives_ok($$ insert into public.organization_settings (ai_threshold_default, retry_attempts, retry_backoff_seconds) values (80, 2, 30) $$,
  'an admin creates the settings of their organisation (it is theirs by default)');
select throws_ok($$ update public.organization_settings set ai_threshold_default = 101 $$, '23514', null,
  'the default AI threshold is 1–100');
select results_eq($$ select count(*)::int, bool_and(user_id = auth.uid() and metadata ->> 'retryAttempts' = '2')
     from public.audit_activities where action = 'organization_settings_updated' $$,
  $$ values (1, true) $$, 'creating the settings writes one audit row naming the admin and the values');
select tests.clear_authentication();
select is((select updated_by from public.organization_settings where organization_id = tests.org_id('admin')), tests.uid('admin'),
  'the settings remember the admin who last changed them');
select tests.authenticate_as('member');
select results_eq($$ select ai_threshold_default::int, retry_attempts::int from public.organization_settings $$, $$ values (80, 2) $$,
  'a member reads the settings of their organisation');
select tests.authenticate_as('outsider_admin');
select is_empty($$ select 1 from public.organization_settings $$, 'an admin of another organisation does not see them');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.organization_settings $$, '42501', null, 'an anonymous visitor cannot read settings');

-- update
select tests.authenticate_as('member');
select is_empty($$ update public.organization_settings set retry_attempts = 5 returning 1 $$, 'a member cannot change the settings');
select tests.authenticate_as('superuser');
select is_empty($$ update public.organization_settings set retry_attempts = 5 returning 1 $$, 'a superuser cannot change the settings');
select tests.authenticate_as('deactivated');
select is_empty($$ update public.organization_settings set retry_attempts = 5 returning 1 $$, 'a deactivated user cannot change the settings');
select tests.authenticate_as('outsider_admin');
select is_empty($$ update public.organization_settings set retry_attempts = 5 returning 1 $$, 'an admin of another organisation cannot change them');
select tests.authenticate_as('admin');
select isnt_empty($$ update public.organization_settings set run_retention_days = 30 returning 1 $$, 'an admin changes the settings of their organisation');
select throws_ok($$ update public.organization_settings set organization_id = gen_random_uuid() $$, '42501', null,
  'an admin cannot move the settings to another organisation');
select throws_ok($$ delete from public.organization_settings $$, '42501', null, 'nobody deletes the settings (they fall back to the defaults only by being changed)');
select tests.clear_authentication();

-- automatic retries of technical failures
create function tests.runner_fails(p_run uuid, p_error_type text) returns void language sql set search_path = '' as $$
  select from tests.as_runner(format(
    $q$ update public.runs set status = 'running', started_at = now() where id = %L $q$, p_run));
  select from tests.as_runner(format(
    $q$ update public.runs set status = 'failed', error_type = %L, error_message = 'x', failed_step = 1, current_step = 1, finished_at = now() where id = %L $q$,
    p_error_type, p_run));
$$;
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b3000000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('admin'), 'Hyresavier', 'active', true),
  ('b3000000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Andras flöde', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b3000000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"click","description":"Skicka","selectors":["#send"]}]}'),
  (tests.org_id('outsider_admin'), 'b3000000-0000-4000-8000-000000000002', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"click","description":"Skicka","selectors":["#send"]}]}');
update public.workflows set current_version = 1 where id in ('b3000000-0000-4000-8000-000000000001', 'b3000000-0000-4000-8000-000000000002');

select tests.authenticate_as('member');
select app.start_run('b3000000-0000-4000-8000-000000000001') as run1 \gset
select app.start_run('b3000000-0000-4000-8000-000000000001', '{}', true) as test1 \gset
select app.start_run('b3000000-0000-4000-8000-000000000001') as run2 \gset
select tests.authenticate_as('outsider_admin');
select app.start_run('b3000000-0000-4000-8000-000000000002') as other1 \gset
select tests.clear_authentication();

select tests.runner_fails(:'run1', 'timeout');
select results_eq(format($$ select status::text, attempt, start_step, error_type from public.runs where id = %L $$, :'run1'),
  $$ values ('pending', 2, 1, null::text) $$,
  'a run that timed out goes back to pending as attempt 2, from the step that failed');
select results_eq(format($$ select round(extract(epoch from start_after - now()))::int from pgboss.job where data ->> 'runId' = %L and data ->> 'attempt' = '2' $$, :'run1'),
  $$ values (30) $$, 'its queue job starts after the backoff (30 s)');
select is((select status::text from public.error_queue_items where execution_id = :'run1'), 'resolved',
  'the error item of the failure that was retried is resolved');
select results_eq(format($$ select metadata ->> 'attempt', metadata ->> 'delaySeconds', user_id from public.audit_activities where action = 'run_retried_automatically' and execution_id = %L $$, :'run1'),
  $$ values ('2', '30', null::uuid) $$, 'the audit trail names the automatic retry, its attempt and wait, and no person');
select tests.runner_fails(:'run1', 'navigation_failed');
select results_eq(format($$ select status::text, attempt from public.runs where id = %L $$, :'run1'), $$ values ('pending', 3) $$,
  'a second technical failure is retried again');
select results_eq(format($$ select round(extract(epoch from start_after - now()))::int from pgboss.job where data ->> 'runId' = %L and data ->> 'attempt' = '3' $$, :'run1'),
  $$ values (60) $$, 'the second retry waits twice as long');
select tests.runner_fails(:'run1', 'timeout');
select results_eq(format($$ select status::text, attempt from public.runs where id = %L $$, :'run1'), $$ values ('failed', 3) $$,
  'after retry_attempts (2) retries the run stays failed');
select is((select count(*)::int from public.error_queue_items where execution_id = :'run1' and status = 'pending'), 1,
  'and its last failure waits in the error queue');
select tests.runner_fails(:'test1', 'timeout');
select is((select status::text from public.runs where id = :'test1'), 'failed', 'a test run is never retried automatically');
select tests.runner_fails(:'run2', 'element_not_found');
select is((select status::text from public.runs where id = :'run2'), 'failed', 'a failure that is not technical (the page changed) is not retried');
select tests.runner_fails(:'other1', 'timeout');
select is((select status::text from public.runs where id = :'other1'), 'failed', 'an organisation without settings gets no automatic retries');

-- a technical failure in a click that had started may already have sent the form: a person decides, no retry
select tests.authenticate_as('member');
select app.start_run('b3000000-0000-4000-8000-000000000001') as run3 \gset
select app.start_run('b3000000-0000-4000-8000-000000000001') as run4 \gset
select tests.clear_authentication();
insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, status) values
  (tests.org_id('admin'), :'run3', 1, 0, 0, 's1', 'navigate', 'passed'),
  (tests.org_id('admin'), :'run3', 1, 1, 1, 's2', 'click', 'running'),
  (tests.org_id('admin'), :'run4', 1, 0, 0, 's1', 'navigate', 'passed');
select tests.runner_fails(:'run3', 'runner_lost');
select results_eq(format($$ select status::text, attempt from public.runs where id = %L $$, :'run3'), $$ values ('failed', 1) $$,
  'a runner lost during a click that had started: the run is not retried (the click may have sent the form)');
select is((select count(*)::int from public.error_queue_items where execution_id = :'run3' and status = 'pending'), 1,
  'its failure waits in the error queue for a person');
select results_eq(format($$ select metadata ->> 'step', metadata ->> 'stepType', user_id from public.audit_activities where action = 'run_retry_withheld' and execution_id = %L $$, :'run3'),
  $$ values ('2', 'click', null::uuid) $$, 'the audit trail says why it was not retried');
select tests.runner_fails(:'run4', 'runner_lost');
select results_eq(format($$ select status::text, attempt from public.runs where id = %L $$, :'run4'), $$ values ('pending', 2) $$,
  'lost before the click began (only the navigate had run): retried from the click');

-- a step the retry would run again on the failed step's page had sent data (a form saved with fetch): no retry
select tests.authenticate_as('member');
select app.start_run('b3000000-0000-4000-8000-000000000001') as run5 \gset
select app.start_run('b3000000-0000-4000-8000-000000000001') as run6 \gset
select tests.clear_authentication();
insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, status, sent_data) values
  (tests.org_id('admin'), :'run5', 1, 0, 0, 's1', 'navigate', 'passed', false),
  (tests.org_id('admin'), :'run5', 1, 1, 1, 's2', 'change', 'failed', true),
  (tests.org_id('admin'), :'run6', 1, 0, 0, 's1', 'click', 'passed', true),
  (tests.org_id('admin'), :'run6', 1, 1, 1, 's2', 'navigate', 'failed', false);
select tests.runner_fails(:'run5', 'timeout');
select results_eq(format($$ select status::text, attempt from public.runs where id = %L $$, :'run5'), $$ values ('failed', 1) $$,
  'a timeout on a page whose steps had sent data: the run is not retried (the retry would send it again)');
select results_eq(format($$ select metadata ->> 'step', metadata ->> 'sentStep', metadata ->> 'reason' from public.audit_activities where action = 'run_retry_withheld' and execution_id = %L $$, :'run5'),
  $$ values ('2', '2', 'a step the retry would run again already sent data to the site') $$, 'the audit trail names the step that sent data');
select tests.runner_fails(:'run6', 'navigation_failed');
select results_eq(format($$ select status::text, attempt from public.runs where id = %L $$, :'run6'), $$ values ('pending', 2) $$,
  'data sent on an earlier page (before the failed step''s navigate) does not withhold the retry: that page does not run again');

-- the error queue's priority says what the run did: data sent before the failure is for a person to check first
select is((select priority::text from public.error_queue_items where execution_id = :'run5' and status = 'pending'), 'high',
  'a failure after the site had received data from the attempt waits as high priority');
select is((select priority::text from public.error_queue_items where execution_id = :'run2' and status = 'pending'), 'medium',
  'a failure before anything was sent waits as medium priority');
select is((select priority::text from public.error_queue_items where execution_id = :'test1' and status = 'pending'), 'low',
  'a test run''s failure waits as low priority');

-- retention
update public.runs set created_at = now() - interval '40 days' where id in (:'test1', :'run1', :'other1');
update public.error_queue_items set status = 'resolved' where execution_id = :'test1';
select tests.authenticate_as('admin');
select throws_ok($$ select app.purge_expired_runs() $$, '42501', null, 'a member or admin cannot call the purge');
select tests.clear_authentication();
select is((select (r ->> 'n')::int from tests.as_runner('select app.purge_expired_runs() as n') r), 1,
  'the runner''s purge deletes one run: the old test run of the organisation keeping 30 days');
select results_eq(format($$ select id from public.runs where id in (%L, %L, %L, %L) order by id $$, :'test1', :'run1', :'other1', :'run2'),
  format($$ select unnest(array[%L, %L, %L]::uuid[]) order by 1 $$, :'run1', :'other1', :'run2'),
  'kept: the old run whose error still waits, another organisation''s old run (no retention) and a recent run');
select ok((select count(*) from public.audit_activities where execution_id = :'test1') > 0, 'the audit trail keeps its rows of purged runs');

select * from finish();
rollback;
