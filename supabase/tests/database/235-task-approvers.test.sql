-- Who may decide (20261126007000, AUTOMATION "Who may decide"): a task keeps the approvers its step named
-- when it opened and the person who started its run (or whose webhook or schedule did); app.decide_task
-- refuses a member whose role is not among the roles, and with notStarter the starter, with 42501
-- 'task_not_allowed'; app.task_refusal says why for the task list. The runner opens and cancels tasks but
-- cannot write a person's decision nor choose whom notStarter keeps out. A choice the step always asks
-- about is a handover reason of its own ('always_ask').
begin;
select plan(22);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2350000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Attestflöde', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2350000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"manual","description":"Attestera","instructions":"Attestera fakturan","approvers":{"roles":["admin"],"notStarter":true}}]}');
update public.workflows set current_version = 1 where id = 'b2350000-0000-4000-8000-000000000001';
insert into public.workflow_webhooks (workflow_id, organization_id, token_hash, created_by) values
  ('b2350000-0000-4000-8000-000000000001', tests.org_id('admin'), extensions.digest('token-235', 'sha256'), tests.uid('admin'));
insert into public.workflow_schedules (workflow_id, organization_id, cron, updated_by) values
  ('b2350000-0000-4000-8000-000000000001', tests.org_id('admin'), '0 7 * * 1-5', tests.uid('superuser'));
insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, started_by, status, step_count, started_at, runner_id, heartbeat_at, requires_manual_intervention)
select ('f2350000-0000-4000-8000-00000000000' || n)::uuid, tests.org_id('admin'), 'b2350000-0000-4000-8000-000000000001', 1, trig::public.run_trigger,
       starter, 'paused', 1, now(), 'runner-235', now(), true
from (values (1, 'manual', tests.uid('member')), (2, 'manual', tests.uid('member')), (3, 'webhook', null), (4, 'schedule', null), (5, 'manual', tests.uid('member')))
  as r (n, trig, starter);

-- The runner opens tasks with the step's approvers.
select is((select count(*)::int from tests.as_runner(format($q$
  insert into public.human_tasks (id, organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, title, instructions, handover_reason, approvers)
  select ('c2350000-0000-4000-8000-00000000000' || n)::uuid, %L, ('f2350000-0000-4000-8000-00000000000' || n)::uuid, 'b2350000-0000-4000-8000-000000000001',
         1, 0, 's1', 'manual_step', 'Attestera', 'Attestera fakturan', 'manual', a::jsonb
  from (values (1, '{"roles":["admin"]}'), (2, '{"notStarter":true}'), (3, '{"notStarter":true}'), (4, '{"notStarter":true}'), (5, '{}')) as t (n, a)
  returning id $q$, tests.org_id('admin')))), 5, 'the runner opens tasks carrying their step''s approvers');
select results_eq($$ select right(id::text, 1), starter_id from public.human_tasks where workflow_id = 'b2350000-0000-4000-8000-000000000001' order by id $$,
  $$ values ('1', tests.uid('member')), ('2', tests.uid('member')), ('3', tests.uid('admin')), ('4', tests.uid('superuser')), ('5', tests.uid('member')) $$,
  'a task keeps who started its run: the person, or whose webhook or schedule started it');
select throws_ok(format($$ select tests.as_runner($q$
  insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, handover_reason, approvers)
  values (%L, 'f2350000-0000-4000-8000-000000000001', 'b2350000-0000-4000-8000-000000000001', 1, 0, 's1', 'manual_step', 'manual', '{"roles":["owner"]}') $q$) $$,
  tests.org_id('admin')), '23514', null, 'approvers name only the roles admin, superuser and user');

-- The runner cannot write a person's decision, nor choose the starter.
select throws_ok($$ select tests.as_runner($q$ update public.human_tasks set decided_by = null, decided_choice = 'done' where id = 'c2350000-0000-4000-8000-000000000005' $q$) $$,
  '42501', null, 'the runner cannot write who decided a task or what they chose');
select throws_ok($$ select tests.as_runner($q$ update public.human_tasks set approvers = '{}' where id = 'c2350000-0000-4000-8000-000000000001' $q$) $$,
  '42501', null, 'the runner cannot widen the approvers of a waiting task');
select throws_ok(format($$ select tests.as_runner($q$
  insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, handover_reason, decided_by)
  values (%L, 'f2350000-0000-4000-8000-000000000005', 'b2350000-0000-4000-8000-000000000001', 1, 0, 's1', 'manual_step', 'manual', %L) $q$) $$,
  tests.org_id('admin'), tests.uid('admin')), '42501', null, 'the runner cannot open a task already decided in someone''s name');
select throws_ok(format($$ select tests.as_runner($q$
  insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, handover_reason, starter_id)
  values (%L, 'f2350000-0000-4000-8000-000000000005', 'b2350000-0000-4000-8000-000000000001', 1, 0, 's1', 'manual_step', 'manual', %L) $q$) $$,
  tests.org_id('admin'), tests.uid('admin')), '42501', null, 'the runner cannot choose whom notStarter keeps out');

-- Roles.
select tests.authenticate_as('member');
select is(app.task_refusal(t), 'role', 'the task list says a member (role user) may not decide a task for admins')
  from public.human_tasks t where t.id = 'c2350000-0000-4000-8000-000000000001';
select throws_ok($$ select app.decide_task('c2350000-0000-4000-8000-000000000001', null, true) $$, '42501', 'task_not_allowed',
  'a member (role user) cannot decide a task only admins may decide');
select tests.authenticate_as('superuser');
select throws_ok($$ select app.decide_task('c2350000-0000-4000-8000-000000000001', null, true) $$, '42501', 'task_not_allowed',
  'a superuser cannot decide a task only admins may decide');
select tests.authenticate_as('admin');
select is(app.task_refusal(t), null, 'the task list says an admin may decide it')
  from public.human_tasks t where t.id = 'c2350000-0000-4000-8000-000000000001';
select is((app.decide_task('c2350000-0000-4000-8000-000000000001', null, true)).decided_by, tests.uid('admin'), 'an admin decides a task for admins');

-- Not the starter: of a run a person started, of a webhook run, of a scheduled run.
select tests.authenticate_as('member');
select is(app.task_refusal(t), 'starter', 'the task list says the person who started the run may not decide it')
  from public.human_tasks t where t.id = 'c2350000-0000-4000-8000-000000000002';
select throws_ok($$ select app.decide_task('c2350000-0000-4000-8000-000000000002', null, true) $$, '42501', 'task_not_allowed',
  'the person who started the run cannot decide its four-eyes task');
select tests.authenticate_as('superuser');
select is((app.decide_task('c2350000-0000-4000-8000-000000000002', null, true)).status, 'decided'::public.human_task_status,
  'another member decides it');
select tests.authenticate_as('admin');
select throws_ok($$ select app.decide_task('c2350000-0000-4000-8000-000000000003', null, true) $$, '42501', 'task_not_allowed',
  'the person whose webhook started the run cannot decide its four-eyes task');
select tests.authenticate_as('superuser');
select throws_ok($$ select app.decide_task('c2350000-0000-4000-8000-000000000004', null, true) $$, '42501', 'task_not_allowed',
  'the person whose schedule started the run cannot decide its four-eyes task');
select tests.authenticate_as('member');
select is((app.decide_task('c2350000-0000-4000-8000-000000000004', null, true)).decided_by, tests.uid('member'),
  'a member who did not start the scheduled run decides it');

-- Without approvers, any member decides, the starter too.
select is((app.decide_task('c2350000-0000-4000-8000-000000000005', null, true)).decided_by, tests.uid('member'),
  'a task without approvers is decided by any member, also the one who started the run');

-- The runner cancels a task it gave up waiting for.
select tests.clear_authentication();
select is((select r ->> 'status' from tests.as_runner($q$ update public.human_tasks set status = 'cancelled' where id = 'c2350000-0000-4000-8000-000000000003' returning status $q$) r),
  'cancelled', 'the runner still cancels a task it gave up waiting for');

-- alwaysAsk: its own handover reason.
select is((select count(*)::int from tests.as_runner(format($q$
  insert into public.ai_decisions (organization_id, run_id, workflow_id, step_id, model, prompt_version, inputs, choice, confidence, latency_ms, attempts, outcome, handover_reason)
  values (%L, 'f2350000-0000-4000-8000-000000000003', 'b2350000-0000-4000-8000-000000000001', 's1', 'test-model', '0123456789abcdef', '{}', 'yes', 99, 10, 1, 'handed_over', 'always_ask')
  returning id $q$, tests.org_id('admin')))), 1, 'an AI choice the step always asks about is recorded as handed over (always_ask)');
select is((select count(*)::int from tests.as_runner(format($q$
  insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, options, suggestion, confidence, handover_reason)
  values (%L, 'f2350000-0000-4000-8000-000000000003', 'b2350000-0000-4000-8000-000000000001', 1, 0, 's1', 'ai_confirmation',
          '[{"value":"yes","label":"Ja"},{"value":"no","label":"Nej"}]', 'yes', 99, 'always_ask')
  returning id $q$, tests.org_id('admin')))), 1, 'and a person confirms it (a task handed over as always_ask)');

select * from finish();
rollback;
