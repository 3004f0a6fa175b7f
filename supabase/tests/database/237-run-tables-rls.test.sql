-- run_tables (20261128300200): the rows an extract_table step read. Members read their organisation's and no
-- other's, and write none; the runner inserts them for steps of runs under way only, and deletes nothing; they
-- go with their step (and so with their run).
begin;
select plan(7);
select tests.create_actors();

insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2370000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Läs A', 'active', true),
  ('b2370000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Läs B', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition)
select w.organization_id, w.id, 1, '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"","url":"https://a.example.se/"}]}'
from public.workflows w where w.id::text like 'b2370000-%';
update public.workflows set current_version = 1 where id::text like 'b2370000-%';
insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, status, step_count, started_at, runner_id, heartbeat_at, finished_at) values
  ('f2370000-0000-4000-8000-000000000001', tests.org_id('admin'), 'b2370000-0000-4000-8000-000000000001', 1, 'manual', 'running', 1, now(), 'runner-1', now(), null),
  ('f2370000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), 'b2370000-0000-4000-8000-000000000002', 1, 'manual', 'completed', 1, now(), 'runner-1', now(), now());
insert into public.run_steps (id, organization_id, run_id, attempt, seq, step_index, step_id, step_type, status) values
  ('e2370000-0000-4000-8000-000000000001', tests.org_id('admin'), 'f2370000-0000-4000-8000-000000000001', 1, 0, 0, 's1', 'extract_table', 'passed'),
  ('e2370000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), 'f2370000-0000-4000-8000-000000000002', 1, 0, 0, 's1', 'extract_table', 'passed');

select lives_ok($$ select * from tests.as_runner($q$ insert into public.run_tables (run_step_id, organization_id, variable, columns, rows)
  select 'e2370000-0000-4000-8000-000000000001', organization_id, 'rader', '["__proto__"]', '[["=1+1"]]' from public.run_steps
  where id = 'e2370000-0000-4000-8000-000000000001' returning run_step_id $q$) $$, 'the runner writes the table of a step of a run under way');
select throws_ok($$ select * from tests.as_runner($q$ insert into public.run_tables (run_step_id, organization_id, variable, columns, rows)
  select 'e2370000-0000-4000-8000-000000000002', organization_id, 'rader', '[]', '[]' from public.run_steps
  where id = 'e2370000-0000-4000-8000-000000000002' $q$) $$, '42501', null, 'but not of a run that has ended');
insert into public.run_tables (run_step_id, organization_id, variable, columns, rows)
  values ('e2370000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), 'rader', '["B"]', '[["b"]]');

select tests.authenticate_as('member');
select results_eq($$ select run_step_id::text, rows::text from public.run_tables $$,
  $$ values ('e2370000-0000-4000-8000-000000000001', '[["=1+1"]]') $$, 'a member reads their organisation''s tables and no other''s');
select throws_ok($$ insert into public.run_tables (run_step_id, organization_id, variable, columns, rows)
  values ('e2370000-0000-4000-8000-000000000001', tests.org_id('admin'), 'x', '[]', '[]') $$, '42501', null, 'and writes none');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select run_step_id::text from public.run_tables $$, $$ values ('e2370000-0000-4000-8000-000000000002') $$,
  'another organisation''s admin reads only their own');
select tests.clear_authentication();
select throws_ok($$ select * from tests.as_runner($q$ delete from public.run_tables $q$) $$, '42501', null, 'the runner deletes nothing');
delete from public.runs where id = 'f2370000-0000-4000-8000-000000000001';
select is((select count(*)::int from public.run_tables where run_step_id = 'e2370000-0000-4000-8000-000000000001'), 0,
  'a table goes with its run');

select * from finish();
rollback;
