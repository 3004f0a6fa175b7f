-- ai_decisions and human_tasks (20261123000700): members read their organisation's AI decisions and
-- tasks and write neither (no member can forge an AI answer or open, close or decide a task by hand);
-- only the runner (kollega_runner) records AI decisions (audited as ai_decision) and opens tasks. A member
-- decides an open task of their organisation through app.decide_task: the run resumes, the decision is
-- audited (task_decided) in their name; a second decision, another organisation's task, a choice that is
-- not an option and a manual step without done are refused. A run that ends cancels its open task.
begin;
select plan(35);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2000000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Fakturaflöde', 'active', true),
  ('b2000000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Annat flöde', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2000000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"ai_decision","description":"Beslut","prompt":"Godkänn?","inputs":[],"options":[{"value":"yes","label":"Ja","then":"continue"},{"value":"no","label":"Nej","then":"stop"}],"threshold":95},{"id":"s2","type":"manual","description":"Kontrollera","instructions":"Titta"}]}'),
  (tests.org_id('outsider_admin'), 'b2000000-0000-4000-8000-000000000002', 1,
   '{"version":1,"steps":[{"id":"s1","type":"manual","description":"Kontrollera","instructions":"Titta"}]}');
update public.workflows set current_version = 1 where id in ('b2000000-0000-4000-8000-000000000001', 'b2000000-0000-4000-8000-000000000002');
insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, started_by, status, step_count, started_at, runner_id, heartbeat_at, requires_manual_intervention) values
  ('f2000000-0000-4000-8000-000000000001', tests.org_id('admin'), 'b2000000-0000-4000-8000-000000000001', 1, 'manual', tests.uid('member'), 'paused', 2, now(), 'runner-200', now(), true),
  ('f2000000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), 'b2000000-0000-4000-8000-000000000002', 1, 'manual', tests.uid('outsider_admin'), 'paused', 1, now(), 'runner-200', now(), true);

-- The runner records an AI decision and opens tasks (its own statements: runner/src/decisions.ts).
select is((select r ->> 'outcome' from tests.as_runner(format($q$
  insert into public.ai_decisions (id, organization_id, run_id, workflow_id, step_id, model, prompt_version, inputs, answer, choice, confidence, reason, latency_ms, attempts, outcome, handover_reason)
  values ('a2000000-0000-4000-8000-000000000001', %L, 'f2000000-0000-4000-8000-000000000001', 'b2000000-0000-4000-8000-000000000001', 's1', 'test-model',
          '0123456789abcdef', '{"variables":{"amount":"12000"}}', '{"choice":"yes","confidence":60,"reason":"osäker"}', 'yes', 60, 'osäker', 120, 1, 'handed_over', 'below_threshold')
  returning outcome $q$, tests.org_id('admin'))) r), 'handed_over', 'the runner records an AI decision');
select is((select count(*)::int from tests.as_runner(format($q$
  insert into public.human_tasks (id, organization_id, run_id, ai_decision_id, workflow_id, attempt, step_index, step_id, kind, title, instructions, inputs, options, suggestion, confidence, reason, handover_reason)
  values ('c2000000-0000-4000-8000-000000000001', %L, 'f2000000-0000-4000-8000-000000000001', 'a2000000-0000-4000-8000-000000000001', 'b2000000-0000-4000-8000-000000000001', 1, 0, 's1',
          'ai_confirmation', 'Beslut', 'Godkänn?', '{"variables":{"amount":"12000"}}', '[{"value":"yes","label":"Ja"},{"value":"no","label":"Nej"}]', 'yes', 60, 'osäker', 'below_threshold'),
         ('c2000000-0000-4000-8000-000000000002', %L, 'f2000000-0000-4000-8000-000000000002', null, 'b2000000-0000-4000-8000-000000000002', 1, 0, 's1',
          'manual_step', 'Kontrollera', 'Titta', '{}', '[]', null, null, null, 'manual')
  returning id $q$, tests.org_id('admin'), tests.org_id('outsider_admin')))), 2, 'the runner opens tasks in every organisation');
select throws_ok(format($$ select tests.as_runner($q$
  insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, handover_reason)
  values (%L, 'f2000000-0000-4000-8000-000000000001', 'b2000000-0000-4000-8000-000000000001', 1, 1, 's2', 'manual_step', 'manual') $q$) $$, tests.org_id('admin')),
  '23505', null, 'a run waits for one task at a time');
select results_eq(
  $$ select action, metadata ->> 'model', metadata ->> 'outcome', (metadata ->> 'confidence')::int, metadata -> 'inputs' -> 'variables' ->> 'amount'
     from public.audit_activities where execution_id = 'f2000000-0000-4000-8000-000000000001' and action = 'ai_decision' $$,
  $$ values ('ai_decision', 'test-model', 'handed_over', 60, '12000') $$,
  'an AI decision is audited with its model, outcome, confidence and the inputs sent');

-- Reading: own organisation only.
select tests.authenticate_as('member');
select results_eq($$ select id from public.human_tasks $$, array['c2000000-0000-4000-8000-000000000001'::uuid],
  'a member reads the tasks of their organisation and no others');
select results_eq($$ select id from public.ai_decisions $$, array['a2000000-0000-4000-8000-000000000001'::uuid],
  'a member reads the AI decisions of their organisation');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select id from public.human_tasks $$, array['c2000000-0000-4000-8000-000000000002'::uuid],
  'an admin of another organisation reads only their own tasks');
select is_empty($$ select 1 from public.ai_decisions $$, 'an admin of another organisation reads none of organisation A''s AI decisions');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.human_tasks $$, 'a deactivated user reads no tasks');
select is_empty($$ select 1 from public.ai_decisions $$, 'a deactivated user reads no AI decisions');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.human_tasks $$, '42501', null, 'an anonymous visitor cannot read tasks');
select throws_ok($$ select 1 from public.ai_decisions $$, '42501', null, 'an anonymous visitor cannot read AI decisions');

-- Writing: no member writes AI rows or tasks directly.
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.ai_decisions (organization_id, run_id, workflow_id, step_id, model, prompt_version, inputs, choice, confidence, latency_ms, attempts, outcome)
  values (%L, 'f2000000-0000-4000-8000-000000000001', 'b2000000-0000-4000-8000-000000000001', 's1', 'forged', '0123456789abcdef', '{}', 'yes', 99, 1, 1, 'acted') $$, tests.org_id('admin')),
  '42501', 'permission denied for table ai_decisions', 'an admin cannot forge an AI answer');
select throws_ok($$ update public.ai_decisions set confidence = 99, outcome = 'acted', handover_reason = null $$,
  '42501', 'permission denied for table ai_decisions', 'an admin cannot raise an AI decision''s confidence');
select throws_ok($$ delete from public.ai_decisions $$, '42501', 'permission denied for table ai_decisions', 'an admin cannot delete AI decisions');
select throws_ok($$ update public.human_tasks set status = 'decided', decided_choice = 'no', decided_at = now() $$,
  '42501', 'permission denied for table human_tasks', 'an admin cannot close a task by hand');
select tests.authenticate_as('member');
select throws_ok(format($$ insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, handover_reason)
  values (%L, 'f2000000-0000-4000-8000-000000000001', 'b2000000-0000-4000-8000-000000000001', 1, 1, 's2', 'manual_step', 'manual') $$, tests.org_id('admin')),
  '42501', 'permission denied for table human_tasks', 'a member cannot open a task');
select throws_ok($$ delete from public.human_tasks $$, '42501', 'permission denied for table human_tasks', 'a member cannot delete tasks');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ delete from public.ai_decisions $q$) $$, '42501', null, 'the runner deletes no AI decision either');
select throws_ok($$ select tests.as_runner($q$ update public.ai_decisions set confidence = 99 $q$) $$, '42501', null, 'the runner does not rewrite an AI decision');

-- Deciding.
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.decide_task('c2000000-0000-4000-8000-000000000001', 'yes') $$, 'P0002', 'task_not_found',
  'an admin of another organisation cannot decide (nor learn of) organisation A''s task');
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.decide_task('c2000000-0000-4000-8000-000000000001', 'yes') $$, '42501', 'forbidden', 'a deactivated user cannot decide');
select tests.authenticate_as_anon();
select throws_ok($$ select app.decide_task('c2000000-0000-4000-8000-000000000001', 'yes') $$, '42501', null, 'an anonymous visitor cannot decide');
select tests.authenticate_as('member');
select throws_ok($$ select app.decide_task('c2000000-0000-4000-8000-000000000001', 'maybe') $$, 'P0001', 'task_choice_invalid',
  'a choice that is not one of the options is refused');
select throws_ok($$ select app.decide_task('c2000000-0000-4000-8000-000000000001', null, true) $$, 'P0001', 'task_choice_invalid',
  'an AI confirmation is not decided with done');
select results_eq($$ select status::text, decided_choice, decided_by from app.decide_task('c2000000-0000-4000-8000-000000000001', 'no') $$,
  format($$ values ('decided', 'no', %L::uuid) $$, tests.uid('member')),
  'a member decides their organisation''s task, in their name');
select results_eq($$ select status::text, requires_manual_intervention from public.runs where id = 'f2000000-0000-4000-8000-000000000001' $$,
  $$ values ('running', false) $$, 'the decision resumes the run');
select throws_ok($$ select app.decide_task('c2000000-0000-4000-8000-000000000001', 'yes') $$, 'P0001', 'task_already_decided',
  'deciding twice is refused');
select tests.authenticate_as('admin');
select throws_ok($$ select app.decide_task('c2000000-0000-4000-8000-000000000001', 'yes') $$, 'P0001', 'task_already_decided',
  'another member cannot overrule a decision');
select tests.clear_authentication();
select results_eq(
  $$ select user_id, metadata ->> 'choice', metadata ->> 'aiSuggestion', (metadata ->> 'aiConfidence')::int from public.audit_activities
     where execution_id = 'f2000000-0000-4000-8000-000000000001' and action = 'task_decided' $$,
  format($$ values (%L::uuid, 'no', 'yes', 60) $$, tests.uid('member')),
  'the person''s decision is audited beside the AI''s suggestion');

-- A manual step: done; and a run that ends cancels its open task.
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.decide_task('c2000000-0000-4000-8000-000000000002', 'yes') $$, 'P0001', 'task_choice_invalid',
  'a manual step is decided with done, not a choice');
select results_eq($$ select status::text, decided_choice from app.decide_task('c2000000-0000-4000-8000-000000000002', null, true) $$,
  $$ values ('decided', 'done') $$, 'a member marks their manual step done');
select tests.clear_authentication();
select from tests.as_runner($q$ update public.runs set status = 'paused', requires_manual_intervention = true where id = 'f2000000-0000-4000-8000-000000000001' $q$);
select from tests.as_runner(format($q$
  insert into public.human_tasks (id, organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, handover_reason)
  values ('c2000000-0000-4000-8000-000000000003', %L, 'f2000000-0000-4000-8000-000000000001', 'b2000000-0000-4000-8000-000000000001', 1, 1, 's2', 'manual_step', 'manual') $q$,
  tests.org_id('admin')));
select tests.authenticate_as('member');
select lives_ok($$ select app.control_run('f2000000-0000-4000-8000-000000000001', 'stop') $$, 'a member stops a run waiting for a person');
select tests.clear_authentication();
select is((select status::text from public.human_tasks where id = 'c2000000-0000-4000-8000-000000000003'), 'cancelled',
  'the stopped run''s open task is cancelled');
select tests.authenticate_as('member');
select throws_ok($$ select app.decide_task('c2000000-0000-4000-8000-000000000003', null, true) $$, 'P0001', 'task_already_decided',
  'a cancelled task cannot be decided');

select * from finish();
rollback;
