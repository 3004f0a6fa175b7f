-- Waiting holds nothing (20261127400000): a run waiting for a person is parked with its browser state encrypted
-- (no member reads it, the wrong key decrypts nothing); a member's decision starts the next attempt at the
-- task's step, and that attempt alone gets the state and the answer; another organisation cannot decide; a run
-- parked past its organisation's limit ends as waited_too_long, with an error-queue item; an ended run keeps no
-- browser state; members can call none of the runner's functions.
begin;
select plan(17);
select tests.create_actors();

insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2320000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Väntan', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2320000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"manual","description":"Kontrollera","instructions":"Titta"},{"id":"s3","type":"wait","description":"Sist","ms":10}]}');
update public.workflows set current_version = 1 where id = 'b2320000-0000-4000-8000-000000000001';

select tests.authenticate_as('member');
select app.start_run('b2320000-0000-4000-8000-000000000001') as run1 \gset
select app.start_run('b2320000-0000-4000-8000-000000000001') as run2 \gset
select tests.clear_authentication();
update public.runs set status = 'paused', requires_manual_intervention = true, runner_id = 'runner-232', heartbeat_at = now(), started_at = now()
where id in (:'run1', :'run2');
insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, title, instructions, inputs, options, handover_reason)
select tests.org_id('admin'), r.id, r.workflow_id, 1, 1, 's2', 'manual_step', 'Kontrollera', 'Titta', '{}', '[]', 'manual'
from public.runs r where r.id in (:'run1', :'run2');
select id as task1 from public.human_tasks where run_id = :'run1' \gset

select is((select r ->> 'result' from tests.as_runner(format($q$ select app.runner_park_run(%L, 1, 'runner-232', 1, '{}', %L, 'nyckel-232') as result $q$,
  :'run1', '{"cookies":[{"name":"sid","value":"hemlig-session-232"}]}')) r), 'parked', 'the runner parks a run waiting for a person');
select results_eq(format($$ select status::text, requires_manual_intervention, runner_id, start_step, paused_at is not null from public.runs where id = %L $$, :'run1'),
  $$ values ('paused', true, null::text, 1, true) $$, 'parked: paused for the task, held by no runner, at the task''s step, since when it paused');
select is((select position(convert_to('hemlig-session-232', 'UTF8') in browser_state) from public.runs where id = :'run1'), 0,
  'the browser state is stored encrypted');

select tests.authenticate_as('member');
select throws_ok(format($$ select browser_state from public.runs where id = %L $$, :'run1'), '42501', null, 'a member cannot read a run''s browser state');
select tests.clear_authentication();
select tests.authenticate_as('outsider_admin');
select throws_ok(format($$ select app.decide_task(%L, null, true) $$, :'task1'), 'P0002', 'task_not_found', 'another organisation cannot decide the task');
select tests.clear_authentication();

select tests.authenticate_as('member');
select is((app.decide_task(:'task1', null, true)).status::text, 'decided', 'a member decides the task');
select tests.clear_authentication();
select results_eq(format($$ select status::text, attempt, start_step, requires_manual_intervention from public.runs where id = %L $$, :'run1'),
  $$ values ('pending', 2, 1, false) $$, 'the decision starts attempt 2 at the task''s step');
select is((select count(*)::int from pgboss.job where name = 'run-workflow' and data ->> 'runId' = :'run1' and data ->> 'attempt' = '2'), 1, 'and enqueues it');

update public.runs set status = 'running', runner_id = 'runner-232b', heartbeat_at = now() where id = :'run1';
select is((select r ->> 'state' from tests.as_runner(format($q$ select app.runner_browser_state(%L, 2, 'runner-232b', 'nyckel-232') as state $q$, :'run1')) r),
  '{"cookies":[{"name":"sid","value":"hemlig-session-232"}]}', 'the attempt holding the run gets the browser state with the key');
select is((select r ->> 'state' from tests.as_runner(format($q$ select app.runner_browser_state(%L, 1, 'runner-232', 'nyckel-232') as state $q$, :'run1')) r),
  null, 'the old attempt gets nothing');
select throws_ok(format('select tests.as_runner(%L)', format('select app.runner_browser_state(%L, 2, %L, %L)', :'run1', 'runner-232b', 'fel-nyckel')),
  '39000', null, 'the wrong key decrypts nothing');
select results_eq(format('select r ->> %L, r ->> %L, r ->> %L from tests.as_runner(%L) r', 'kind', 'choice', 'step_index',
                         format('select * from app.runner_resumed_answer(%L, 2, %L)', :'run1', 'runner-232b')),
  $$ values ('manual_step', 'done', '1') $$, 'attempt 2 gets the person''s answer to its start step');

update public.runs set status = 'completed', finished_at = now() where id = :'run1';
select is((select browser_state from public.runs where id = :'run1'), null, 'an ended run keeps no browser state');

-- Run 2: parked and left waiting past the organisation's limit.
select is((select r ->> 'result' from tests.as_runner(format($q$ select app.runner_park_run(%L, 1, 'runner-232', 1, '{}') as result $q$, :'run2')) r), 'parked',
  'a second run is parked');
update public.runs set paused_at = now() - interval '25 hours' where id = :'run2';
select is((select array_agg(r ->> 'id') from tests.as_runner('select app.runner_expire_paused() as id') r), array[:'run2'::text],
  'the runner''s sweep ends it');
select results_eq(format($$ select r.status::text, r.error_type, h.status::text, (select count(*)::int from public.error_queue_items e where e.execution_id = r.id and e.error_type = 'waited_too_long')
                            from public.runs r join public.human_tasks h on h.run_id = r.id where r.id = %L $$, :'run2'),
  $$ values ('failed', 'waited_too_long', 'cancelled', 1) $$, 'failed as waited_too_long, its task cancelled, an error-queue item');

select ok(not has_function_privilege('authenticated', 'app.runner_browser_state(uuid, integer, text, text)', 'execute')
      and not has_function_privilege('authenticated', 'app.runner_resumed_answer(uuid, integer, text)', 'execute')
      and not has_function_privilege('authenticated', 'app.runner_expire_paused()', 'execute'),
  'members can call none of the runner''s functions');

select * from finish();
rollback;
