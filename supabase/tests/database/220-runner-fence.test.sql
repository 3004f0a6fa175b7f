-- Fencing (20261126005000, AUTOMATION "Trust: Once."): once a run has moved on to a new attempt, the runner's
-- role can no longer add or change a step result or open a human task of an earlier attempt; the current
-- attempt writes as before, and an operator (postgres) is not fenced.
begin;
select plan(6);
select tests.create_actors();

insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2200000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('admin'), 'Staketflödet', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2200000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"wait","description":"Vänta","ms":10}]}');
update public.workflows set current_version = 1 where id = 'b2200000-0000-4000-8000-000000000001';
insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, status, step_count, attempt, started_at, runner_id, heartbeat_at)
values ('b2200000-0000-4000-8000-00000000000a', tests.org_id('admin'), 'b2200000-0000-4000-8000-000000000001', 1, 'manual', 'running', 2, 2,
        now(), 'runner-220', now());
-- Attempt 1's step row, written before the run moved on.
insert into public.run_steps (id, organization_id, run_id, attempt, seq, step_index, step_id, step_type)
values ('b2200000-0000-4000-8000-0000000000a1', tests.org_id('admin'), 'b2200000-0000-4000-8000-00000000000a', 1, 0, 1, 's2', 'wait');

select throws_ok($$ select tests.as_runner($q$ insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type)
    select organization_id, id, 1, 1, 1, 's2', 'wait' from public.runs where id = 'b2200000-0000-4000-8000-00000000000a' $q$) $$,
  '55000', 'attempt_superseded', 'the runner cannot add a step result of an attempt the run has left');
select throws_ok($$ select tests.as_runner($q$ update public.run_steps set status = 'passed' where id = 'b2200000-0000-4000-8000-0000000000a1' $q$) $$,
  '55000', 'attempt_superseded', 'nor finish one');
select throws_ok($$ select tests.as_runner($q$ insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, title, instructions, inputs, options, handover_reason)
    select organization_id, id, workflow_id, 1, 1, 's2', 'manual_step', 'Kontrollera', 'Titta', '{}', '[]', 'manual' from public.runs where id = 'b2200000-0000-4000-8000-00000000000a' $q$) $$,
  '55000', 'attempt_superseded', 'nor ask a person about it');
select lives_ok($$ select tests.as_runner($q$ insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type)
    select organization_id, id, 2, 0, 0, 's1', 'navigate' from public.runs where id = 'b2200000-0000-4000-8000-00000000000a' $q$) $$,
  'the current attempt records its steps');
select lives_ok($$ select tests.as_runner($q$ update public.run_steps set status = 'passed' where run_id = 'b2200000-0000-4000-8000-00000000000a' and attempt = 2 $q$) $$,
  'and finishes them');
select lives_ok($$ update public.run_steps set status = 'failed' where id = 'b2200000-0000-4000-8000-0000000000a1' $$,
  'an operator may still close an old attempt''s row');

select * from finish();
rollback;
