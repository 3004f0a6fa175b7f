-- secrets: members see which secrets their organisation has (names and dates), never a value; superusers
-- and admins set and delete them through app.set_secret / app.delete_secret only; values are stored
-- encrypted with pgcrypto under a key the caller passes (never kept in the database) and decrypt with
-- that key only. Nobody reads the value column, not even the runner (role kollega_runner), which has no
-- privilege on the table at all: its only way to a value is app.run_secrets(run, key), the decrypted
-- secrets its run's workflow version uses ({{secret.NAME}}), while that run is running or paused, of the
-- run's own organisation.
begin;
select plan(67);
select tests.create_actors();

-- tests.runner_secrets(run, key): what the runner gets from app.run_secrets, by name.
create function tests.runner_secrets(p_run uuid, p_key text) returns table (name text, value text) language sql set search_path = '' as $$
  select r ->> 'name', r ->> 'value'
  from tests.as_runner(format('select name, value from app.run_secrets(%L, %L)', p_run, p_key)) r
  order by 1
$$;

-- insert: app.set_secret creates
select tests.authenticate_as('admin');
select results_eq(
  $$ select name, created_at is not null, updated_at is not null
     from app.set_secret('FASTIGHET_PASSWORD', 'hemligt-lösen-1', 'nyckel-180', array['https://bank.example']) $$,
  $$ values ('FASTIGHET_PASSWORD', true, true) $$,
  'an admin sets a secret of their organisation and gets back its name and when it was set');
select tests.clear_authentication();
select results_eq(
  $$ select organization_id = tests.org_id('admin'), created_by = tests.uid('admin'), updated_by = tests.uid('admin')
     from public.secrets where name = 'FASTIGHET_PASSWORD' $$,
  $$ values (true, true, true) $$,
  'the secret an admin sets belongs to their organisation, with the admin recorded as its creator');
select is(pg_get_function_result('app.set_secret(text, text, text, text[])'::regprocedure),
  'TABLE(name text, origins text[], created_at timestamp with time zone, updated_at timestamp with time zone)',
  'app.set_secret returns the name, sites and dates only, never the value or its ciphertext');
select tests.authenticate_as('admin');
select results_eq(
  $$ select count(*)::int, bool_and(details = 'FASTIGHET_PASSWORD' and metadata = '{"name":"FASTIGHET_PASSWORD","origins":["https://bank.example"]}' and user_id = auth.uid())
     from public.audit_activities where action = 'secret_created' $$,
  $$ values (1, true) $$,
  'setting a new secret writes one secret_created audit row naming the secret and the admin, without its value');
select tests.authenticate_as('superuser');
select isnt_empty($$ select app.set_secret('API_KEY', 'sk-123', 'nyckel-180', array['https://bank.example']) $$, 'a superuser sets a secret of their organisation');
select throws_ok($$ select app.set_secret('lösenord', 'x', 'nyckel-180', array['https://bank.example']) $$, '23514', null,
  'a secret''s name is upper case letters, digits and underscores, starting with a letter');
select throws_ok($$ select app.set_secret('UTAN_NYCKEL', 'x', null, array['https://bank.example']) $$, '23502', null,
  'a secret cannot be set without an encryption key');
select tests.authenticate_as('member');
select throws_ok($$ select app.set_secret('MIN_NYCKEL', 'x', 'nyckel-180', array['https://bank.example']) $$, '42501', 'superuser_only',
  'a member cannot set secrets');
select throws_ok(format($$ insert into public.secrets (organization_id, name, value) values (%L, 'MIN_NYCKEL', '\x00') $$, tests.org_id('admin')),
  '42501', 'permission denied for table secrets', 'a member cannot write a secret directly');
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.secrets (organization_id, name, value) values (%L, 'KLARTEXT', convert_to('x', 'UTF8')) $$, tests.org_id('admin')),
  '42501', 'permission denied for table secrets', 'an admin cannot write a secret directly, unencrypted');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select name from app.set_secret('BANK_PASSWORD', 'bank-lösen', 'nyckel-b', array['https://bank.example']) $$,
  $$ values ('BANK_PASSWORD') $$,
  'an admin of another organisation sets a secret');
select tests.clear_authentication();
select results_eq($$ select organization_id from public.secrets where name = 'BANK_PASSWORD' $$,
  format('values (%L::uuid)', tests.org_id('outsider_admin')),
  'the secret an admin of another organisation sets belongs to their own organisation');
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.set_secret('SPOK', 'x', 'nyckel-180', array['https://bank.example']) $$, '42501', 'superuser_only', 'a deactivated user cannot set secrets');
select tests.authenticate_as_anon();
select throws_ok($$ select app.set_secret('ANONYM', 'x', 'nyckel-180', array['https://bank.example']) $$, '42501', null, 'an anonymous visitor cannot set secrets');
select tests.clear_authentication();
select throws_ok(format($$ select tests.as_runner(%L) $$,
    format($q$ insert into public.secrets (organization_id, name, value) values (%L, 'RUNNER', '\x00') $q$, tests.org_id('admin'))),
  '42501', 'permission denied for table secrets', 'the runner cannot write secrets');

-- select: names only
select tests.authenticate_as('member');
select results_eq($$ select name from public.secrets order by name $$, array['API_KEY', 'FASTIGHET_PASSWORD'],
  'a member sees which secrets their organisation has and no others');
select throws_ok($$ select value from public.secrets $$, '42501', 'permission denied for table secrets',
  'a member cannot read a secret''s value');
select throws_ok($$ select * from public.secrets $$, '42501', 'permission denied for table secrets',
  'a member cannot read whole secret rows (they include the value)');
select tests.authenticate_as('superuser');
select throws_ok($$ select value from public.secrets $$, '42501', 'permission denied for table secrets',
  'a superuser cannot read a secret''s value');
select tests.authenticate_as('admin');
select throws_ok($$ select value from public.secrets $$, '42501', 'permission denied for table secrets',
  'an admin cannot read a secret''s value either: secrets are write-only for people');
select isnt_empty($$ select 1 from public.secrets where name = 'FASTIGHET_PASSWORD' and created_at is not null and updated_at is not null $$,
  'an admin sees when a secret was set');
select tests.clear_authentication();
set local role service_role;
select throws_ok($$ select value from public.secrets $$, '42501', 'permission denied for table secrets',
  'not even the service role can read a secret''s value');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select name from public.secrets $$, array['BANK_PASSWORD'],
  'an admin of another organisation sees none of organisation A''s secret names');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.secrets $$, 'a deactivated user sees no secrets');
select tests.authenticate_as_anon();
select throws_ok($$ select name from public.secrets $$, '42501', null, 'an anonymous visitor cannot see secrets');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ select name from public.secrets $q$) $$,
  '42501', 'permission denied for table secrets', 'the runner cannot read secrets, not even their names');
select throws_ok($$ select tests.as_runner($q$ select value from public.secrets $q$) $$,
  '42501', 'permission denied for table secrets', 'the runner cannot read a secret''s value from the table');

-- encryption
select tests.clear_authentication();
select ok((select value <> convert_to('hemligt-lösen-1', 'UTF8') and position(convert_to('hemligt-lösen-1', 'UTF8') in value) = 0
           from public.secrets where name = 'FASTIGHET_PASSWORD'),
  'a secret''s value is stored encrypted: the plain text appears nowhere in it');
select is((select extensions.pgp_sym_decrypt(value, 'nyckel-180') from public.secrets where name = 'FASTIGHET_PASSWORD'), 'hemligt-lösen-1',
  'the stored value decrypts to the plain text with the key it was set with');
select throws_ok($$ select extensions.pgp_sym_decrypt(value, 'fel-nyckel') from public.secrets where name = 'FASTIGHET_PASSWORD' $$,
  '39000', 'Wrong key or corrupt data', 'the stored value does not decrypt with another key');

-- update: set_secret replaces
select tests.authenticate_as('admin');
select results_eq($$ select name from app.set_secret('API_KEY', 'sk-456', 'nyckel-180', array['https://bank.example']) $$, $$ values ('API_KEY') $$,
  'an admin replaces a secret a superuser set');
select is((select count(*)::int from public.audit_activities where action = 'secret_updated' and details = 'API_KEY'), 1,
  'replacing a secret writes one secret_updated audit row');
select tests.clear_authentication();
select results_eq(
  $$ select created_by = tests.uid('superuser'), updated_by = tests.uid('admin') from public.secrets where name = 'API_KEY' $$,
  $$ values (true, true) $$,
  'a replaced secret keeps its creator and records the admin as the last to set it');
select is((select extensions.pgp_sym_decrypt(value, 'nyckel-180') from public.secrets where name = 'API_KEY'), 'sk-456',
  'a replaced secret decrypts to its new value');
select tests.authenticate_as('outsider_admin');
select isnt_empty($$ select app.set_secret('API_KEY', 'b-nyckel', 'nyckel-b', array['https://bank.example']) $$,
  'an admin of another organisation can set a secret of the same name in their own organisation');
select tests.clear_authentication();
select results_eq(
  $$ select organization_id = tests.org_id('admin'), extensions.pgp_sym_decrypt(value, 'nyckel-180') from public.secrets
     where name = 'API_KEY' and organization_id = tests.org_id('admin') $$,
  $$ values (true, 'sk-456') $$,
  'a secret of the same name in another organisation leaves organisation A''s secret untouched');
select tests.authenticate_as('member');
select throws_ok($$ update public.secrets set name = 'BYTT' $$, '42501', 'permission denied for table secrets', 'a member cannot change secrets directly');
select tests.authenticate_as('admin');
select throws_ok($$ update public.secrets set value = '\x00' $$, '42501', 'permission denied for table secrets', 'an admin cannot change secrets directly');
select tests.authenticate_as_anon();
select throws_ok($$ update public.secrets set name = 'BYTT' $$, '42501', null, 'an anonymous visitor cannot change secrets');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ update public.secrets set value = '\x00' $q$) $$,
  '42501', 'permission denied for table secrets', 'the runner cannot change secrets');

-- the runner: app.run_secrets. Fixtures (as postgres): organisation A's workflow, whose version 1 uses
-- FASTIGHET_PASSWORD and BANK_PASSWORD (a secret only organisation B has) and whose version 2 uses
-- API_KEY; organisation B's workflow uses BANK_PASSWORD and API_KEY. Runs of every status.
select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b1800000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('admin'), 'Fastighetsrapport', 'active', true),
  ('b1800000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Bankavstämning', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b1800000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://fastighet.example.se/{{input.objekt}}"},{"id":"s2","type":"change","description":"Lösenord","selectors":["#password"],"value":"{{secret.FASTIGHET_PASSWORD}}"},{"id":"s3","type":"change","description":"Bankens lösenord","selectors":["#bank"],"value":"{{secret.BANK_PASSWORD}}"}]}'),
  (tests.org_id('admin'), 'b1800000-0000-4000-8000-000000000001', 2,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://api.example.se/"},{"id":"s2","type":"change","description":"API-nyckel","selectors":["#key"],"value":"Bearer {{ secret.API_KEY }}"}]}'),
  (tests.org_id('outsider_admin'), 'b1800000-0000-4000-8000-000000000002', 1,
   '{"version":1,"steps":[{"id":"s1","type":"change","description":"Lösenord","selectors":["#password"],"value":"{{secret.BANK_PASSWORD}}"},{"id":"s2","type":"change","description":"API-nyckel","selectors":["#key"],"value":"{{secret.API_KEY}}"}]}');
update public.workflows set current_version = 2 where id = 'b1800000-0000-4000-8000-000000000001';
update public.workflows set current_version = 1 where id = 'b1800000-0000-4000-8000-000000000002';
insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, status, step_count, started_at, finished_at) values
  ('f1800000-0000-4000-8000-000000000001', tests.org_id('admin'), 'b1800000-0000-4000-8000-000000000001', 1, 'manual', 'running', 3, now(), null),
  ('f1800000-0000-4000-8000-000000000002', tests.org_id('admin'), 'b1800000-0000-4000-8000-000000000001', 2, 'manual', 'paused', 2, now(), null),
  ('f1800000-0000-4000-8000-000000000003', tests.org_id('admin'), 'b1800000-0000-4000-8000-000000000001', 1, 'manual', 'pending', 3, null, null),
  ('f1800000-0000-4000-8000-000000000004', tests.org_id('admin'), 'b1800000-0000-4000-8000-000000000001', 1, 'manual', 'completed', 3, now(), now()),
  ('f1800000-0000-4000-8000-000000000005', tests.org_id('admin'), 'b1800000-0000-4000-8000-000000000001', 1, 'manual', 'failed', 3, now(), now()),
  ('f1800000-0000-4000-8000-000000000006', tests.org_id('outsider_admin'), 'b1800000-0000-4000-8000-000000000002', 1, 'manual', 'running', 2, now(), null);

select results_eq($$ select * from tests.runner_secrets('f1800000-0000-4000-8000-000000000001', 'nyckel-180') $$,
  $$ values ('FASTIGHET_PASSWORD', 'hemligt-lösen-1') $$,
  'the runner gets, decrypted, exactly the secrets its running run uses: not API_KEY, which the run''s version does not use, '
  'nor BANK_PASSWORD, which only another organisation has');
select results_eq($$ select * from tests.runner_secrets('f1800000-0000-4000-8000-000000000002', 'nyckel-180') $$,
  $$ values ('API_KEY', 'sk-456') $$,
  'the runner gets the secrets of a paused run, by the workflow version that run runs ({{ secret.NAME }} with spaces too)');
select is_empty($$ select * from tests.runner_secrets('f1800000-0000-4000-8000-000000000003', 'nyckel-180') $$,
  'the runner gets no secrets for a run that is still pending');
select is_empty($$ select * from tests.runner_secrets('f1800000-0000-4000-8000-000000000004', 'nyckel-180') $$,
  'the runner gets no secrets for a completed run');
select is_empty($$ select * from tests.runner_secrets('f1800000-0000-4000-8000-000000000005', 'nyckel-180') $$,
  'the runner gets no secrets for a failed run');
select is_empty($$ select * from tests.runner_secrets('f1800000-0000-4000-8000-0000000000ff', 'nyckel-180') $$,
  'the runner gets no secrets for a run that does not exist');
select results_eq($$ select * from tests.runner_secrets('f1800000-0000-4000-8000-000000000006', 'nyckel-b') $$,
  $$ values ('API_KEY', 'b-nyckel'), ('BANK_PASSWORD', 'bank-lösen') $$,
  'the runner gets another organisation''s run that organisation''s own secrets, never organisation A''s of the same name');
select throws_ok($$ select * from tests.runner_secrets('f1800000-0000-4000-8000-000000000001', 'fel-nyckel') $$,
  '39000', 'Wrong key or corrupt data', 'the runner cannot decrypt a run''s secrets with another key');
select tests.authenticate_as('admin');
select throws_ok($$ select * from app.run_secrets('f1800000-0000-4000-8000-000000000001', 'nyckel-180') $$,
  '42501', 'permission denied for function run_secrets', 'an admin cannot get a run''s secrets');
select tests.authenticate_as('superuser');
select throws_ok($$ select * from app.run_secrets('f1800000-0000-4000-8000-000000000001', 'nyckel-180') $$,
  '42501', 'permission denied for function run_secrets', 'a superuser cannot get a run''s secrets');
select tests.authenticate_as('member');
select throws_ok($$ select * from app.run_secrets('f1800000-0000-4000-8000-000000000001', 'nyckel-180') $$,
  '42501', 'permission denied for function run_secrets', 'a member cannot get a run''s secrets');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select * from app.run_secrets('f1800000-0000-4000-8000-000000000006', 'nyckel-b') $$,
  '42501', 'permission denied for function run_secrets', 'an admin of another organisation cannot get even their own run''s secrets');
select tests.authenticate_as('deactivated');
select throws_ok($$ select * from app.run_secrets('f1800000-0000-4000-8000-000000000001', 'nyckel-180') $$,
  '42501', 'permission denied for function run_secrets', 'a deactivated user cannot get a run''s secrets');
select tests.authenticate_as_anon();
select throws_ok($$ select * from app.run_secrets('f1800000-0000-4000-8000-000000000001', 'nyckel-180') $$,
  '42501', null, 'an anonymous visitor cannot get a run''s secrets');
select tests.clear_authentication();
set local role service_role;
select throws_ok($$ select * from app.run_secrets('f1800000-0000-4000-8000-000000000001', 'nyckel-180') $$,
  '42501', 'permission denied for function run_secrets', 'not even the service role can get a run''s secrets: only the runner can');

-- delete: app.delete_secret
select tests.authenticate_as('member');
select throws_ok($$ select app.delete_secret('API_KEY') $$, '42501', 'superuser_only', 'a member cannot delete secrets');
select throws_ok($$ delete from public.secrets $$, '42501', 'permission denied for table secrets', 'a member cannot delete secrets directly');
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.delete_secret('API_KEY') $$, '42501', 'superuser_only', 'a deactivated user cannot delete secrets');
select tests.authenticate_as_anon();
select throws_ok($$ select app.delete_secret('API_KEY') $$, '42501', null, 'an anonymous visitor cannot delete secrets');
select tests.authenticate_as('outsider_admin');
select is(app.delete_secret('FASTIGHET_PASSWORD'), false, 'an admin of another organisation cannot delete organisation A''s secret: it is not theirs');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ delete from public.secrets $q$) $$,
  '42501', 'permission denied for table secrets', 'the runner cannot delete secrets');
select tests.authenticate_as('admin');
select throws_ok($$ delete from public.secrets $$, '42501', 'permission denied for table secrets', 'an admin cannot delete secrets directly');
select tests.authenticate_as('superuser');
select is(app.delete_secret('API_KEY'), true, 'a superuser deletes a secret of their organisation');
select results_eq($$ select name from public.secrets order by name $$, array['FASTIGHET_PASSWORD'],
  'the deleted secret is gone and the others remain');
select is((select count(*)::int from public.audit_activities where action = 'secret_deleted' and details = 'API_KEY'), 1,
  'deleting a secret writes one secret_deleted audit row');
select is(app.delete_secret('FINNS_INTE'), false, 'deleting a secret that does not exist reports false');
select tests.clear_authentication();
select is_empty($$ select * from tests.runner_secrets('f1800000-0000-4000-8000-000000000002', 'nyckel-180') $$,
  'a deleted secret no longer reaches the runner of a run that uses it');

select * from finish();
rollback;
