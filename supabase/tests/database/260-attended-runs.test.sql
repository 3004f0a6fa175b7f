-- Attended runs (20261128100000): where a workflow may run is kept (a login step means attended only, and the
-- setting's own 'attended'); an attended run is never queued; its relay token works once, unexpired, for its own
-- run and attempt, only through the runner's role; the person who started it, or an admin, reconnects it, nobody
-- else and no other organisation; the runner pauses it with a reason and the extension's next token resumes it
-- as a new attempt.
begin;
select plan(25);
select tests.create_actors();

insert into public.workflows (id, organization_id, created_by, name, status, is_active, run_location) values
  ('b2600000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Bank', 'active', true, 'unattended'),
  ('b2600000-0000-4000-8000-000000000002', tests.org_id('admin'), tests.uid('member'), 'Bara hos mig', 'active', true, 'attended'),
  ('b2600000-0000-4000-8000-000000000003', tests.org_id('admin'), tests.uid('member'), 'Bara servern', 'active', true, 'unattended');
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2600000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://bank.example.se/"},{"id":"s2","type":"login","description":"Logga in","instructions":"","until":{"url":"https://bank.example.se/start*"}},{"id":"s3","type":"wait","description":"Sist","ms":10}]}'),
  (tests.org_id('admin'), 'b2600000-0000-4000-8000-000000000002', 1, '{"version":1,"steps":[{"id":"s1","type":"wait","description":"Vänta","ms":10}]}'),
  (tests.org_id('admin'), 'b2600000-0000-4000-8000-000000000003', 1, '{"version":1,"steps":[{"id":"s1","type":"wait","description":"Vänta","ms":10}]}');
update public.workflows set current_version = 1 where id::text like 'b2600000-%';

select tests.authenticate_as('member');
select throws_ok($$ select app.start_run('b2600000-0000-4000-8000-000000000001') $$, 'P0001', 'workflow_attended_only',
  'a workflow with a login step cannot start on the runner');
select throws_ok($$ select app.start_run('b2600000-0000-4000-8000-000000000002', '{}', true) $$, 'P0001', 'workflow_attended_only',
  'a workflow the organisation keeps attended cannot start a test run on the runner either');
select throws_ok($$ select * from app.start_attended_run('b2600000-0000-4000-8000-000000000003', '{}', false, sha256('t-0'::bytea), 600) $$,
  'P0001', 'workflow_unattended_only', 'a workflow kept on the servers cannot start in a browser');
select run_id as run1 from app.start_attended_run('b2600000-0000-4000-8000-000000000001', '{}', false, sha256('t-1'::bytea), 600) \gset
select throws_ok($$ select count(*) from private.attended_tokens $$, '42501', null, 'a member cannot read relay tokens');
select tests.clear_authentication();

select results_eq(format($$ select status::text, mode, attended_by = tests.uid('member') from public.runs where id = %L $$, :'run1'),
  $$ values ('pending', 'attended', true) $$, 'the attended run waits for the person''s browser, in their name');
select is((select count(*)::int from pgboss.job where name = 'run-workflow' and data ->> 'runId' = :'run1'), 0, 'an attended run is never queued');
select is((select token_hash from private.attended_tokens where run_id = :'run1'), sha256('t-1'::bytea), 'only the token''s hash is kept');

select tests.authenticate_as('outsider_admin');
select throws_ok($$ select * from app.start_attended_run('b2600000-0000-4000-8000-000000000001', '{}', false, sha256('t-x'::bytea), 600) $$,
  'P0002', 'workflow_not_found', 'another organisation cannot start it');
select throws_ok(format($$ select app.reconnect_attended_run(%L, sha256('t-x2'::bytea), 600) $$, :'run1'), 'P0002', 'run_not_found',
  'another organisation cannot reconnect it');
select tests.clear_authentication();

select tests.authenticate_as('member');
select throws_ok(format($$ select * from app.runner_claim_attended_run(sha256('t-1'::bytea), 'me', sha256('t-m'::bytea), 600) $$),
  '42501', null, 'a member cannot use the runner''s claim');
select tests.clear_authentication();

select is((select count(*)::int from tests.as_runner($q$ select * from app.runner_claim_attended_run(sha256('okänd'::bytea), 'runner-260', sha256('t-n0'::bytea), 600) $q$)),
  0, 'an unknown token is refused');
select is((select (r ->> 'attempt')::int from tests.as_runner($q$ select * from app.runner_claim_attended_run(sha256('t-1'::bytea), 'runner-260', sha256('t-2'::bytea), 600) $q$) r),
  1, 'the runner claims the run with its token');
select results_eq(format($$ select status::text, runner_id from public.runs where id = %L $$, :'run1'), $$ values ('running', 'runner-260') $$,
  'the run is held by that runner');
select is((select count(*)::int from tests.as_runner($q$ select * from app.runner_claim_attended_run(sha256('t-1'::bytea), 'runner-260b', sha256('t-n1'::bytea), 600) $q$)),
  0, 'a token works once');

select tests.authenticate_as('member');
select throws_ok(format($$ select app.reconnect_attended_run(%L, sha256('t-r0'::bytea), 600) $$, :'run1'), 'P0001', 'run_state_invalid',
  'a running attended run cannot be reconnected');
select tests.clear_authentication();

select ok((select (r ->> 'ok')::boolean from tests.as_runner(format($q$ select app.runner_pause_attended(%L, 1, 'runner-260', 'canceled_by_user') as ok $q$, :'run1')) r),
  'the runner pauses the run with a reason');
select is((select r ->> 'result' from tests.as_runner(format($q$ select app.runner_park_run(%L, 1, 'runner-260', 1, '{}') as result $q$, :'run1')) r),
  'parked', 'and parks it at its step');
select is((select pause_reason from public.runs where id = :'run1'), 'canceled_by_user', 'members see why it paused');

select tests.authenticate_as('member');
select throws_ok(format($$ select app.control_run(%L, 'resume') $$, :'run1'), 'P0001', 'attended_continue_in_browser',
  'a run that paused in the person''s browser is continued there, not resumed where nobody would take it');
select tests.clear_authentication();

select tests.authenticate_as('superuser');
select throws_ok(format($$ select app.reconnect_attended_run(%L, sha256('t-r1'::bytea), 600) $$, :'run1'), '42501', 'forbidden',
  'another member (not an admin) cannot continue it in their browser');
select tests.clear_authentication();

select is((select (r ->> 'attempt')::int from tests.as_runner($q$ select * from app.runner_claim_attended_run(sha256('t-2'::bytea), 'runner-260', sha256('t-3'::bytea), 600) $q$) r),
  2, 'the extension''s next token takes the parked run back as attempt 2');
select results_eq(format($$ select status::text, start_step, pause_reason from public.runs where id = %L $$, :'run1'),
  $$ values ('running', 1, null::text) $$, 'at the step it paused at, the reason cleared');

select ok((select (r ->> 'ok')::boolean from tests.as_runner(format($q$ select app.runner_pause_attended(%L, 2, 'runner-260', 'tab_closed') as ok $q$, :'run1')) r), 'paused again');
select tests.as_runner(format($q$ select app.runner_park_run(%L, 2, 'runner-260', 1, '{}') $q$, :'run1'));
select tests.authenticate_as('admin');
select isnt(app.reconnect_attended_run(:'run1', sha256('t-4'::bytea), 600), null, 'an admin continues it in their own browser');
select tests.clear_authentication();
update private.attended_tokens set expires_at = now() - interval '1 second' where token_hash = sha256('t-4'::bytea);
select is((select count(*)::int from tests.as_runner($q$ select * from app.runner_claim_attended_run(sha256('t-4'::bytea), 'runner-260', sha256('t-5'::bytea), 600) $q$)),
  0, 'an expired token is refused');

select * from finish();
rollback;
