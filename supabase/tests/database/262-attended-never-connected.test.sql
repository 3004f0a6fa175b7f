-- An attended run that no browser connects to is ended by the runners' sweep (20261129000000): once its last
-- relay token expired more than five minutes ago, as failed `attended_not_connected` at its start step. A run
-- whose token is still valid (or just expired), one the person connected, and unattended pending runs are left
-- alone; the sweep is the runner's, not a member's.
begin;
select plan(8);
select tests.create_actors();

insert into public.workflows (id, organization_id, created_by, name, status, is_active, run_location) values
  ('b2620000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'I min webbläsare', 'active', true, 'both');
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2620000-0000-4000-8000-000000000001', 1, '{"version":1,"steps":[{"id":"s1","type":"wait","description":"Vänta","ms":10}]}');
update public.workflows set current_version = 1 where id = 'b2620000-0000-4000-8000-000000000001';

select tests.authenticate_as('member');
select run_id as stale from app.start_attended_run('b2620000-0000-4000-8000-000000000001', '{}', false, sha256('n-1'::bytea), 600) \gset
select run_id as fresh from app.start_attended_run('b2620000-0000-4000-8000-000000000001', '{}', false, sha256('n-2'::bytea), 600) \gset
select run_id as recent from app.start_attended_run('b2620000-0000-4000-8000-000000000001', '{}', false, sha256('n-3'::bytea), 600) \gset
select app.start_run('b2620000-0000-4000-8000-000000000001') as queued \gset
select throws_ok($$ select app.runner_end_unconnected_attended() $$, '42501', null, 'a member cannot run the sweep');
select tests.clear_authentication();

-- `stale`: started 20 minutes ago, its token expired 10 minutes ago. `recent`: its token expired 2 minutes ago.
-- `fresh`: its token is valid. The unattended `queued` run is as old as `stale`.
update public.runs set created_at = now() - interval '20 minutes' where id in (:'stale', :'recent', :'queued');
update private.attended_tokens set expires_at = now() - interval '10 minutes' where run_id = :'stale';
update private.attended_tokens set expires_at = now() - interval '2 minutes' where run_id = :'recent';

select is((select count(*)::int from tests.as_runner($q$ select app.runner_end_unconnected_attended() as id $q$) r where r ->> 'id' = :'stale'),
  1, 'the sweep ends the run no browser connected to');
select results_eq(format($$ select status::text, error_type, failed_step, finished_at is not null from public.runs where id = %L $$, :'stale'),
  $$ values ('failed', 'attended_not_connected', 0, true) $$, 'as failed attended_not_connected, at its start step');
select is((select status::text from public.runs where id = :'recent'), 'pending', 'a run whose token expired minutes ago keeps waiting (a new token may come)');
select is((select status::text from public.runs where id = :'fresh'), 'pending', 'a run with a valid token keeps waiting');
select is((select status::text from public.runs where id = :'queued'), 'pending', 'an unattended pending run is not the sweep''s');

-- A person asks for a new token for `recent` in time: the sweep leaves it even once the old one is long expired.
update private.attended_tokens set expires_at = now() - interval '30 minutes' where run_id = :'recent';
select tests.authenticate_as('member');
select lives_ok(format($$ select app.reconnect_attended_run(%L, sha256('n-4'::bytea), 600) $$, :'recent'), 'the person asks for a new token');
select tests.clear_authentication();
select is((select count(*)::int from tests.as_runner($q$ select app.runner_end_unconnected_attended() as id $q$) r where r ->> 'id' = :'recent'),
  0, 'and the sweep leaves the run to them');

select * from finish();
rollback;
