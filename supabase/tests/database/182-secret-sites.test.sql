-- Secrets bound to sites (20261126006000, issue 21): a secret needs sites to be set; existing secrets have none
-- until an admin names them (app.set_secret_origins, audited); the runner gets each secret's sites with its
-- value; only the attempt that holds a run records a secret's use (app.runner_secret_used), in the audit
-- trail, without the value. And (20261126006100) members cannot read runs.variables, and the runner's role
-- can change only the columns of a run it records progress in.
begin;
select plan(21);
select tests.create_actors();

-- sites are required, and written as origins
select tests.authenticate_as('admin');
select throws_ok($$ select app.set_secret('UTAN_PLATS', 'x', 'nyckel-182', '{}') $$, '22023', 'secret_origins_required',
  'a secret cannot be set without a site to type it on');
select throws_ok($$ select app.set_secret('UTAN_PLATS', 'x', 'nyckel-182', null) $$, '22023', 'secret_origins_required',
  'nor with no list of sites at all');
select throws_ok($$ select app.set_secret('FEL_PLATS', 'x', 'nyckel-182', array['https://bank.example/login']) $$, '23514', null,
  'a site is an origin: an address with a path is refused');
select throws_ok($$ select app.set_secret('FEL_PLATS', 'x', 'nyckel-182', array['javascript:alert(1)']) $$, '23514', null,
  'only http and https sites');
select results_eq($$ select name, origins from app.set_secret('BANK', 'bank-lösen', 'nyckel-182', array['https://bank.example', 'http://127.0.0.1:8080']) $$,
  $$ values ('BANK', array['https://bank.example', 'http://127.0.0.1:8080']) $$,
  'an admin sets a secret with its sites and gets them back');
select tests.authenticate_as('member');
select results_eq($$ select origins from public.secrets where name = 'BANK' $$, $$ values (array['https://bank.example', 'http://127.0.0.1:8080']) $$,
  'members see which sites a secret may be typed on');
select throws_ok($$ select app.set_secret_origins('BANK', array['https://elsewhere.example']) $$, '42501', 'superuser_only',
  'a member cannot move a secret to other sites');

-- a migrated secret (no sites) gets them without its value changing
select tests.clear_authentication();
insert into public.secrets (organization_id, name, value) values (tests.org_id('admin'), 'GAMMAL', extensions.pgp_sym_encrypt('gammalt-lösen', 'nyckel-182'));
select is((select origins from public.secrets where name = 'GAMMAL'), '{}'::text[], 'a secret from before sites existed has none');
select tests.authenticate_as('superuser');
select results_eq($$ select name, origins from app.set_secret_origins('GAMMAL', array['https://fastighet.example']) $$,
  $$ values ('GAMMAL', array['https://fastighet.example']) $$, 'a superuser names the sites of a migrated secret');
select is_empty($$ select * from app.set_secret_origins('FINNS_INTE', array['https://fastighet.example']) $$, 'naming sites of a secret that does not exist changes nothing');
select tests.clear_authentication();
select is((select extensions.pgp_sym_decrypt(value, 'nyckel-182') from public.secrets where name = 'GAMMAL'), 'gammalt-lösen', 'its value is untouched');
select results_eq($$ select user_id = tests.uid('superuser'), metadata from public.audit_activities where action = 'secret_sites_changed' $$,
  $$ values (true, '{"name": "GAMMAL", "origins": ["https://fastighet.example"]}'::jsonb) $$,
  'changing a secret''s sites is in the audit trail: who, which secret, which sites');
select tests.authenticate_as('outsider_admin');
select is_empty($$ select * from app.set_secret_origins('GAMMAL', array['https://elsewhere.example']) $$,
  'an admin of another organisation cannot change organisation A''s secret');

-- the runner: sites with the value, and the audit of each use
select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b1820000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('admin'), 'Bankinloggning', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b1820000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"change","description":"Lösenord","selectors":["#pw"],"value":"{{secret.BANK}}"}]}');
update public.workflows set current_version = 1 where id = 'b1820000-0000-4000-8000-000000000001';
insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, started_by, status, step_count, attempt, started_at, runner_id, heartbeat_at, variables)
values ('b1820000-0000-4000-8000-00000000000a', tests.org_id('admin'), 'b1820000-0000-4000-8000-000000000001', 1, 'manual', tests.uid('member'),
        'running', 1, 2, now(), 'runner-182', now(), '{"saldo": "12 000 kr"}');
select results_eq($$ select x ->> 'name', x -> 'origins' from tests.as_runner($q$ select * from app.run_secrets('b1820000-0000-4000-8000-00000000000a', 'nyckel-182') $q$) x $$,
  $$ values ('BANK', '["https://bank.example", "http://127.0.0.1:8080"]'::jsonb) $$,
  'the runner gets a secret''s sites with its value');
select is((select x::text from tests.as_runner($q$ select app.runner_secret_used('b1820000-0000-4000-8000-00000000000a', 1, 'runner-182', 'BANK', 'https://bank.example', 's1') as ok $q$) x),
  '{"ok": false}', 'an attempt the run has left cannot record a use (and so types nothing)');
select is((select x::text from tests.as_runner($q$ select app.runner_secret_used('b1820000-0000-4000-8000-00000000000a', 2, 'runner-other', 'BANK', 'https://bank.example', 's1') as ok $q$) x),
  '{"ok": false}', 'nor another runner');
select is((select x::text from tests.as_runner($q$ select app.runner_secret_used('b1820000-0000-4000-8000-00000000000a', 2, 'runner-182', 'BANK', 'https://bank.example', 's1') as ok $q$) x),
  '{"ok": true}', 'the attempt holding the run records the use');
select results_eq($$ select details, execution_id, metadata ->> 'origin', metadata ->> 'startedByName', metadata::text like '%bank-lösen%' from public.audit_activities where action = 'secret_used' $$,
  $$ values ('BANK', 'b1820000-0000-4000-8000-00000000000a'::uuid, 'https://bank.example', (select full_name from public.profiles where id = tests.uid('member')), false) $$,
  'the audit row names the secret, the run, the site and who started the run, never the value');
select tests.authenticate_as('member');
select throws_ok($$ select app.runner_secret_used('b1820000-0000-4000-8000-00000000000a', 2, 'runner-182', 'BANK', 'https://x.example', 's1') $$,
  '42501', null, 'a member cannot write a secret use');

-- column grants
select throws_ok($$ select variables from public.runs $$, '42501', 'permission denied for table runs',
  'a member cannot read what a run read from pages (runs.variables)');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ update public.runs set inputs = '{"konto": "annat"}' where id = 'b1820000-0000-4000-8000-00000000000a' $q$) $$,
  '42501', 'permission denied for table runs', 'the runner cannot change a run''s inputs (nor its workflow, attempt or starter)');

select * from finish();
rollback;
