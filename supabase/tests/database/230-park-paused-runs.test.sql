-- A pause mid-step (20261126005200): the runner parks its attempt of a run a person paused (paused, held by no
-- runner, to start again at the interrupted step); resuming a parked run starts a new attempt there (pending,
-- enqueued); a run resumed just before the park is restarted at once; an attempt that lost its lease parks
-- nothing; a run paused between steps still resumes in place; only the runner may park.
begin;
select plan(10);
select tests.create_actors();

insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2300000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Parkeringen', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2300000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"wait","description":"Vänta","ms":10},{"id":"s3","type":"wait","description":"Sist","ms":10}]}');
update public.workflows set current_version = 1 where id = 'b2300000-0000-4000-8000-000000000001';

select tests.authenticate_as('member');
select app.start_run('b2300000-0000-4000-8000-000000000001') as run1 \gset
select app.start_run('b2300000-0000-4000-8000-000000000001') as run2 \gset
select tests.clear_authentication();
update public.runs set status = 'running', runner_id = 'runner-230', heartbeat_at = now(), started_at = now() where id in (:'run1', :'run2');

select tests.authenticate_as('member');
select is((app.control_run(:'run1', 'pause')).status::text, 'paused', 'a member pauses run 1 mid-step');
select tests.clear_authentication();
select is((select r ->> 'result' from tests.as_runner(format($q$ select app.runner_park_run(%L, 2, 'runner-230', 1, '{}') as result $q$, :'run1')) r), null,
  'another attempt cannot park it');
select is((select r ->> 'result' from tests.as_runner(format($q$ select app.runner_park_run(%L, 1, 'runner-230', 1, '{"x":"1"}') as result $q$, :'run1')) r), 'parked',
  'the runner parks its attempt at the interrupted step');
select results_eq(format($$ select status::text, runner_id, heartbeat_at, start_step, variables from public.runs where id = %L $$, :'run1'),
  $$ values ('paused', null::text, null::timestamptz, 1, '{"x":"1"}'::jsonb) $$, 'parked: paused, held by no runner, to start at step 2');
select tests.authenticate_as('member');
select results_eq(format($$ select status::text, attempt, start_step, runner_id from app.control_run(%L, 'resume') $$, :'run1'),
  $$ values ('pending', 2, 1, null::text) $$, 'resuming a parked run starts a new attempt from that step');
select tests.clear_authentication();
select is((select count(*)::int from pgboss.job where name = 'run-workflow' and data ->> 'runId' = :'run1' and data ->> 'attempt' = '2'), 1,
  'and enqueues it');

-- Resumed in the moment between the runner's close and its park: restarted at once.
select is((select r ->> 'result' from tests.as_runner(format($q$ select app.runner_park_run(%L, 1, 'runner-230', 2, '{}') as result $q$, :'run2')) r), 'restarted',
  'a run running again when its runner parks it is restarted as a new attempt');
select results_eq(format($$ select status::text, attempt, start_step from public.runs where id = %L $$, :'run2'),
  $$ values ('pending', 2, 2) $$, 'pending at attempt 2 from the interrupted step');

-- Paused between steps: the runner still holds it, and a resume goes on in place.
update public.runs set status = 'running', runner_id = 'runner-230', heartbeat_at = now() where id = :'run2';
select tests.authenticate_as('member');
select from app.control_run(:'run2', 'pause');
select results_eq(format($$ select status::text, attempt, runner_id from app.control_run(%L, 'resume') $$, :'run2'),
  $$ values ('running', 2, 'runner-230') $$, 'a run paused between steps resumes in place');
select ok(not has_function_privilege('authenticated', 'app.runner_park_run(uuid, integer, text, integer, jsonb, text, text)', 'execute'), 'members cannot park runs');
select tests.clear_authentication();

select * from finish();
rollback;
