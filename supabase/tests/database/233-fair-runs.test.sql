-- Fair runs (20261127400100): queue jobs are ordered so that every organisation's first pending run comes before
-- any organisation's second; an organisation's run_concurrency holds across runners at claim (parked runs do not
-- count); a run without room goes back to the queue for 2 s; starts by people, tests and webhooks are limited
-- per organisation and minute, schedules are not; members can call none of the runner's functions.
begin;
select plan(11);
select tests.create_actors();

insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2330000-0000-4000-8000-00000000000a', tests.org_id('admin'), tests.uid('admin'), 'A-flödet', 'active', true),
  ('b2330000-0000-4000-8000-00000000000b', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'B-flödet', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition)
select w.organization_id, w.id, 1, '{"version":1,"steps":[{"id":"s1","type":"wait","description":"Vänta","ms":10}]}'
from public.workflows w where w.id in ('b2330000-0000-4000-8000-00000000000a', 'b2330000-0000-4000-8000-00000000000b');
update public.workflows set current_version = 1 where id in ('b2330000-0000-4000-8000-00000000000a', 'b2330000-0000-4000-8000-00000000000b');
delete from pgboss.job where name = 'run-workflow';

select tests.authenticate_as('admin');
select app.start_run('b2330000-0000-4000-8000-00000000000a') as a1 \gset
select app.start_run('b2330000-0000-4000-8000-00000000000a') as a2 \gset
select app.start_run('b2330000-0000-4000-8000-00000000000a') as a3 \gset
select tests.clear_authentication();
select tests.authenticate_as('outsider_admin');
select app.start_run('b2330000-0000-4000-8000-00000000000b') as b1 \gset
select tests.clear_authentication();

select set_eq($$ select data ->> 'runId', priority from pgboss.job where name = 'run-workflow' $$,
  format($$ values (%L, 0), (%L, 0), (%L, -1), (%L, -2) $$, :'a1', :'b1', :'a2', :'a3'),
  'each run''s priority is minus its place in its organisation''s queue: B''s first run comes before A''s second (pg-boss fetches by priority, then age)');

update public.organizations set run_concurrency = 1 where id = tests.org_id('admin');
select is((select r ->> 'result' from tests.as_runner(format($q$ select app.runner_claim_run(%L, 1, 'runner-233a') as result $q$, :'a1')) r), 'claimed',
  'a runner claims A''s first run');
select is((select r ->> 'result' from tests.as_runner(format($q$ select app.runner_claim_run(%L, 1, 'runner-233b') as result $q$, :'a2')) r), 'busy',
  'another runner gets no room for A''s second: the limit holds across runners');
select results_eq(format($$ select status::text, runner_id from public.runs where id = %L $$, :'a2'), $$ values ('pending', null::text) $$,
  'and changes nothing');
select is((select r ->> 'result' from tests.as_runner(format($q$ select app.runner_claim_run(%L, 1, 'runner-233b') as result $q$, :'b1')) r), 'claimed',
  'B''s run is claimed meanwhile');
select is((select r ->> 'ok' from tests.as_runner(format($q$ select app.runner_requeue_run(%L, 1) as ok $q$, :'a2')) r), 'true',
  'the runner puts A''s second back in the queue');
select ok((select bool_and(start_after > now() + interval '1 second') from pgboss.job
           where name = 'run-workflow' and data ->> 'runId' = :'a2' and state = 'created' and start_after > now()),
  'for 2 s');

-- A1 parked (waiting for a person): it holds no runner, so A has room again.
update public.runs set status = 'paused', runner_id = null, heartbeat_at = null where id = :'a1';
select is((select r ->> 'result' from tests.as_runner(format($q$ select app.runner_claim_run(%L, 1, 'runner-233b') as result $q$, :'a2')) r), 'claimed',
  'a parked run does not count against the limit');

update public.organizations set run_starts_per_minute = 1 where id = tests.org_id('outsider_admin');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.start_run('b2330000-0000-4000-8000-00000000000b') $$, 'P0001', 'run_start_limited',
  'past the organisation''s starts per minute a start is refused');
select tests.clear_authentication();
select isnt((select private.start_run(w, 'schedule', '{}', null) from public.workflows w where w.id = 'b2330000-0000-4000-8000-00000000000b'), null,
  'a schedule still starts its run');

select ok(not has_function_privilege('authenticated', 'app.runner_claim_run(uuid, integer, text)', 'execute')
      and not has_function_privilege('authenticated', 'app.runner_requeue_run(uuid, integer)', 'execute'),
  'members can call none of the runner''s functions');

select * from finish();
rollback;
