-- Runs kept in place (20261130400000): a run its runner keeps in place while a person pauses it or decides its
-- task (parking would send data twice) holds its lease; a member's decision sets it running in the same attempt
-- (no new attempt, nothing queued); past the organisation's limit the runner's sweep ends it as waited_too_long,
-- its task cancelled, and its runner then holds no lease.
begin;
select plan(6);
select tests.create_actors();

insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2340000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'På plats', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2340000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"click","description":"Spara","selectors":["#spara"]},{"id":"s3","type":"manual","description":"Kontrollera","instructions":"Titta"}]}');
update public.workflows set current_version = 1 where id = 'b2340000-0000-4000-8000-000000000001';

select tests.authenticate_as('member');
select app.start_run('b2340000-0000-4000-8000-000000000001') as run1 \gset
select app.start_run('b2340000-0000-4000-8000-000000000001') as run2 \gset
select tests.clear_authentication();
-- Both wait at step 3 for a person, kept in place by their runner (runner_id and heartbeat kept).
update public.runs set status = 'paused', requires_manual_intervention = true, runner_id = 'runner-234', heartbeat_at = now(),
  started_at = now(), current_step = 2
where id in (:'run1', :'run2');
insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, title, instructions, inputs, options, handover_reason)
select tests.org_id('admin'), r.id, r.workflow_id, 1, 2, 's3', 'manual_step', 'Kontrollera', 'Titta', '{}', '[]', 'manual'
from public.runs r where r.id in (:'run1', :'run2');
select id as task1 from public.human_tasks where run_id = :'run1' \gset

select tests.authenticate_as('member');
select is((app.decide_task(:'task1', null, true)).status::text, 'decided', 'a member decides the task of a run kept in place');
select tests.clear_authentication();
select results_eq(format($$ select status::text, attempt, runner_id, requires_manual_intervention from public.runs where id = %L $$, :'run1'),
  $$ values ('running', 1, 'runner-234', false) $$, 'the run goes on in the same attempt, still held by its runner');
select is((select count(*)::int from pgboss.job where name = 'run-workflow' and data ->> 'runId' = :'run1' and data ->> 'attempt' = '2'), 0,
  'no new attempt is queued (nothing on its page runs again)');

update public.runs set paused_at = now() - interval '25 hours' where id = :'run2';
select is((select array_agg(r ->> 'id') from tests.as_runner('select app.runner_expire_paused() as id') r), array[:'run2'::text],
  'past the organisation''s limit the sweep ends the run kept in place');
select results_eq(format($$ select r.status::text, r.error_type, r.failed_step, h.status::text from public.runs r join public.human_tasks h on h.run_id = r.id where r.id = %L $$, :'run2'),
  $$ values ('failed', 'waited_too_long', 2, 'cancelled') $$, 'failed as waited_too_long at the step it waited at, its task cancelled');
select is((select count(*)::int from tests.as_runner(format($q$ select 1 from public.runs r where r.id = %L and r.status in ('running', 'paused') $q$, :'run2'))), 0,
  'its runner''s lease is gone (the heartbeat renews running and paused runs only)');

select * from finish();
rollback;
