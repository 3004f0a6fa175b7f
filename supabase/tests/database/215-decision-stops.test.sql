-- A run that a decision stopped (20261126004100, 20261126004200; docs/automation.md "Runs"): the runner ends it
-- `stopped` (error type stopped_by_decision, failed_step = the decision step), never `completed`. It is finished
-- (finished_at, never moves again, no retry), audited as run_stopped with the option and who chose it, lands in
-- the error queue as a high-priority stopped_by_decision item (low for a test run) that a member marks reviewed,
-- and counts in the workflow's statistics as a finished run that is no success. A person's Stop is unchanged.
begin;
select plan(17);
select tests.create_actors();

-- The runner's own statements (runner/src/db.ts): claim, record the decision step, end the run.
create function tests.claim_215(p_run uuid) returns void language sql set search_path = '' as $$
  select from tests.as_runner(format(
    $q$ update public.runs set status = 'running', runner_id = 'runner-215', heartbeat_at = now(), started_at = now()
        where id = %L and status = 'pending' returning id $q$, p_run))
$$;
create function tests.record_decision_215(p_run uuid, p_decision jsonb) returns void language sql set search_path = '' as $$
  select from tests.as_runner(format(
    $q$ insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, status, decision)
        select organization_id, id, attempt, 1, 1, 's2', 'ai_decision', 'passed', %L::jsonb from public.runs where id = %L returning id $q$,
    p_decision, p_run))
$$;
create function tests.finish_215(p_run uuid, p_status text) returns text language sql set search_path = '' as $$
  select r ->> 'status' from tests.as_runner(format(
    $q$ update public.runs set status = %L, error_type = case when %L = 'stopped' then 'stopped_by_decision' end,
          error_message = case when %L = 'stopped' then 'the decision in step 2 stopped the run for review: "Nej, avvisa" chosen by a person' end,
          failed_step = case when %L = 'stopped' then 1 end, completed_steps = case when %L = 'completed' then step_count else 2 end,
          finished_at = now(), requires_manual_intervention = false
        where id = %L and runner_id = 'runner-215' and status in ('running', 'paused') returning status $q$,
    p_status, p_status, p_status, p_status, p_status, p_run)) r
$$;

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2150000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Fakturaattest', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2150000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"ai_decision","description":"Attestera?","prompt":"Ska fakturan attesteras?","inputs":[],"options":[{"value":"yes","label":"Ja, attestera","then":"continue"},{"value":"no","label":"Nej, avvisa","then":"stop"}],"threshold":95},{"id":"s3","type":"click","description":"Attestera","selectors":["#attest"]}]}');
update public.workflows set current_version = 1 where id = 'b2150000-0000-4000-8000-000000000001';

-- a person chose the option that stops
select tests.authenticate_as('member');
select app.start_run('b2150000-0000-4000-8000-000000000001') as run1 \gset
select tests.clear_authentication();
select tests.claim_215(:'run1');
select tests.record_decision_215(:'run1', jsonb_build_object('choice', 'no', 'label', 'Nej, avvisa', 'by', 'person', 'confidence', 80,
  'details', jsonb_build_object('person', jsonb_build_object('userId', tests.uid('member'), 'choice', 'no'))));
select is(tests.finish_215(:'run1', 'stopped'), 'stopped', 'the runner ends a run a decision stopped as stopped');
select results_eq(
  format($$ select status::text, error_type, failed_step, finished_at is not null, stopped_by from public.runs where id = %L $$, :'run1'),
  $$ values ('stopped', 'stopped_by_decision', 1, true, null::uuid) $$,
  'the stopped run is finished, at the decision step; stopped_by stays for a person''s Stop');
select results_eq(
  format($$ select workflow_id, step_id, step_index, error_type, status::text, priority::text, error_message
            from public.error_queue_items where execution_id = %L $$, :'run1'),
  $$ values ('b2150000-0000-4000-8000-000000000001'::uuid, 's2', 1, 'stopped_by_decision', 'pending', 'high',
             'the decision in step 2 stopped the run for review: "Nej, avvisa" chosen by a person') $$,
  'it lands in the error queue for review: one pending high-priority stopped_by_decision item at the decision step');
select results_eq(
  format($$ select user_id, metadata ->> 'errorType', metadata ->> 'step', metadata ->> 'choice', metadata ->> 'label', metadata ->> 'decidedBy',
                   (metadata ->> 'decidedByUserId')::uuid
            from public.audit_activities where action = 'run_stopped' and execution_id = %L $$, :'run1'),
  format($$ values (null::uuid, 'stopped_by_decision', '2', 'no', 'Nej, avvisa', 'person', %L::uuid) $$, tests.uid('member')),
  'the end is audited once as run_stopped with the option chosen and who chose it');
select is_empty(format($$ select 1 from public.audit_activities where action in ('run_completed', 'run_failed') and execution_id = %L $$, :'run1'),
  'a stopped run is audited neither as completed nor as failed');
select results_eq($$ select run_count, success_rate from public.workflows where id = 'b2150000-0000-4000-8000-000000000001' $$,
  $$ values (1, 0.00::numeric) $$,
  'the stopped run counts as a finished run that is no success');

-- it never moves again and cannot be retried or stopped
select throws_ok(format($$ select tests.as_runner($q$ update public.runs set status = 'completed' where id = %L $q$) $$, :'run1'),
  '55000', 'run_finished', 'a stopped run cannot turn into a completed one');
select tests.authenticate_as('member');
select throws_ok(format($$ select app.retry_run(%L) $$, :'run1'), 'P0001', 'run_state_invalid', 'a stopped run is not retried: the decision was taken');
select throws_ok(format($$ select app.control_run(%L, 'stop') $$, :'run1'), 'P0001', 'run_state_invalid', 'a stopped run cannot be stopped again');

-- a member reviews it (marks the item resolved); outsiders do not see it
select is((select count(*)::int from public.error_queue_items where execution_id = :'run1' and error_type = 'stopped_by_decision'), 1,
  'a member sees the stopped run in their organisation''s error queue');
select tests.authenticate_as('outsider_admin');
select is_empty(format($$ select 1 from public.error_queue_items where execution_id = %L $$, :'run1'),
  'another organisation does not see it');
select tests.authenticate_as('member');
select results_eq(
  format($$ update public.error_queue_items set status = 'resolved' where execution_id = %L returning status::text, resolved_by $$, :'run1'),
  format($$ values ('resolved', %L::uuid) $$, tests.uid('member')),
  'a member marks it reviewed: resolved in their name');

-- a completed run beside it: the success rate is the share completed
select app.start_run('b2150000-0000-4000-8000-000000000001') as run2 \gset
select tests.clear_authentication();
select tests.claim_215(:'run2');
select is(tests.finish_215(:'run2', 'completed'), 'completed', 'the runner completes another run');
select results_eq($$ select run_count, success_rate from public.workflows where id = 'b2150000-0000-4000-8000-000000000001' $$,
  $$ values (2, 50.00::numeric) $$,
  'one completed of two finished: 50 %, the stopped run is not a success');

-- a test run stopped by a decision: low priority, statistics untouched
select tests.authenticate_as('member');
select app.start_run('b2150000-0000-4000-8000-000000000001', '{}', true) as run3 \gset
select tests.clear_authentication();
select tests.claim_215(:'run3');
select from tests.finish_215(:'run3', 'stopped');
select is((select priority::text from public.error_queue_items where execution_id = :'run3'), 'low',
  'a test run stopped by a decision is queued with low priority');
select results_eq($$ select run_count, success_rate from public.workflows where id = 'b2150000-0000-4000-8000-000000000001' $$,
  $$ values (2, 50.00::numeric) $$,
  'a stopped test run leaves the workflow''s statistics alone');

-- a finished state needs its finished_at
select throws_ok($$ insert into public.runs (organization_id, workflow_id, workflow_version, trigger, status, step_count)
                    values (tests.org_id('admin'), 'b2150000-0000-4000-8000-000000000001', 1, 'manual', 'stopped', 3) $$,
  '23514', null, 'a stopped run without finished_at is refused');

select * from finish();
rollback;
