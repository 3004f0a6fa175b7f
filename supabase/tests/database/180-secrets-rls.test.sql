-- secrets: members see which secrets their organisation has (names and dates), never a value; superusers
-- and admins set and delete them through app.set_secret / app.delete_secret only; values are stored
-- encrypted with pgcrypto under a key the caller passes (never kept in the database) and decrypt with
-- that key only; only the runner (role kollega_runner) reads the value column, to decrypt at run time.
begin;
select plan(48);
select tests.create_actors();

-- tests.as_runner(sql): runs one statement as role kollega_runner and returns its rows as jsonb. pgTAP
-- lives in schema extensions, which the runner may not use, so the assertions stay with postgres and only
-- the statement under test changes role. postgres becomes a member of kollega_runner for this
-- transaction only (undone by the rollback).
grant kollega_runner to postgres;
create function tests.as_runner(p_sql text) returns setof jsonb language plpgsql set search_path = '' as $$
begin
  set local role kollega_runner;
  if p_sql ~* '^\s*(select|with|values|table)\M' then
    return query execute format('select to_jsonb(q) from (%s) q', p_sql);
  elsif p_sql ~* '\mreturning\M' then
    return query execute format('with q as (%s) select to_jsonb(q) from q', p_sql);
  else
    execute p_sql;
  end if;
  set local role postgres;
end;
$$;
-- What the runner gets when it decrypts secret p_name with p_key: the plain text, or the error message.
create function tests.runner_decrypts(p_name text, p_key text) returns text language plpgsql set search_path = '' as $$
begin
  return (select r ->> 'value' from tests.as_runner(format(
    'select extensions.pgp_sym_decrypt(value, %L) as value from public.secrets where name = %L', p_key, p_name)) r);
exception when others then
  return sqlerrm;
end;
$$;

-- insert: app.set_secret creates
select tests.authenticate_as('admin');
select results_eq(
  $$ select name, organization_id = tests.org_id('admin'), created_by = auth.uid(), updated_by = auth.uid()
     from app.set_secret('FASTIGHET_PASSWORD', 'hemligt-lösen-1', 'nyckel-180') $$,
  $$ values ('FASTIGHET_PASSWORD', true, true, true) $$,
  'an admin sets a secret of their organisation, recorded as its creator');
select results_eq(
  $$ select count(*)::int, bool_and(details = 'FASTIGHET_PASSWORD' and metadata = '{"name":"FASTIGHET_PASSWORD"}' and user_id = auth.uid())
     from public.audit_activities where action = 'secret_created' $$,
  $$ values (1, true) $$,
  'setting a new secret writes one secret_created audit row naming the secret and the admin, without its value');
select tests.authenticate_as('superuser');
select isnt_empty($$ select app.set_secret('API_KEY', 'sk-123', 'nyckel-180') $$, 'a superuser sets a secret of their organisation');
select throws_ok($$ select app.set_secret('lösenord', 'x', 'nyckel-180') $$, '23514', null,
  'a secret''s name is upper case letters, digits and underscores, starting with a letter');
select throws_ok($$ select app.set_secret('UTAN_NYCKEL', 'x', null) $$, '23502', null,
  'a secret cannot be set without an encryption key');
select tests.authenticate_as('member');
select throws_ok($$ select app.set_secret('MIN_NYCKEL', 'x', 'nyckel-180') $$, '42501', 'superuser_only',
  'a member cannot set secrets');
select throws_ok(format($$ insert into public.secrets (organization_id, name, value) values (%L, 'MIN_NYCKEL', '\x00') $$, tests.org_id('admin')),
  '42501', 'permission denied for table secrets', 'a member cannot write a secret directly');
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.secrets (organization_id, name, value) values (%L, 'KLARTEXT', convert_to('x', 'UTF8')) $$, tests.org_id('admin')),
  '42501', 'permission denied for table secrets', 'an admin cannot write a secret directly, unencrypted');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select name, organization_id = tests.org_id('outsider_admin') from app.set_secret('BANK_PASSWORD', 'bank-lösen', 'nyckel-b') $$,
  $$ values ('BANK_PASSWORD', true) $$,
  'an admin of another organisation sets secrets of their own organisation');
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.set_secret('SPOK', 'x', 'nyckel-180') $$, '42501', 'superuser_only', 'a deactivated user cannot set secrets');
select tests.authenticate_as_anon();
select throws_ok($$ select app.set_secret('ANONYM', 'x', 'nyckel-180') $$, '42501', null, 'an anonymous visitor cannot set secrets');
select tests.clear_authentication();
select throws_ok($$ select tests.as_runner($q$ insert into public.secrets (organization_id, name, value) select organization_id, 'RUNNER', '\x00' from public.secrets limit 1 $q$) $$,
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
  'not even the service role can read a secret''s value: only the runner can');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select name from public.secrets $$, array['BANK_PASSWORD'],
  'an admin of another organisation sees none of organisation A''s secret names');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.secrets $$, 'a deactivated user sees no secrets');
select tests.authenticate_as_anon();
select throws_ok($$ select name from public.secrets $$, '42501', null, 'an anonymous visitor cannot see secrets');
select tests.clear_authentication();
select results_eq(
  $$ select r ->> 'name', (r ->> 'has_value')::boolean from tests.as_runner($q$
       select name, value is not null as has_value from public.secrets where name in ('API_KEY', 'FASTIGHET_PASSWORD', 'BANK_PASSWORD') $q$) r
     order by 1 $$,
  $$ values ('API_KEY', true), ('BANK_PASSWORD', true), ('FASTIGHET_PASSWORD', true) $$,
  'the runner reads the secrets, values included, of every organisation');
-- DEFECT (todo until fixed): the grant of usage on schema extensions to kollega_runner in migration
-- 20261123000300 is run by postgres, who holds that usage without grant option, so it grants nothing
-- ("no privileges were granted"); the runner gets "permission denied for schema extensions".
select todo('kollega_runner has no usage on schema extensions (the grant in 20261123000300_create_secrets.sql is a no-op)', 2);
select is(tests.runner_decrypts('FASTIGHET_PASSWORD', 'nyckel-180'), 'hemligt-lösen-1',
  'the runner decrypts a secret with the key it was set with');
select is(tests.runner_decrypts('FASTIGHET_PASSWORD', 'fel-nyckel'), 'Wrong key or corrupt data',
  'the runner cannot decrypt a secret with another key');

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
select results_eq(
  $$ select name, created_by = (select tests.uid('superuser')), updated_by = auth.uid() from app.set_secret('API_KEY', 'sk-456', 'nyckel-180') $$,
  $$ values ('API_KEY', true, true) $$,
  'an admin replaces a secret a superuser set; the creator is kept and the admin recorded as the last to set it');
select is((select count(*)::int from public.audit_activities where action = 'secret_updated' and details = 'API_KEY'), 1,
  'replacing a secret writes one secret_updated audit row');
select tests.clear_authentication();
select is((select extensions.pgp_sym_decrypt(value, 'nyckel-180') from public.secrets where name = 'API_KEY'), 'sk-456',
  'a replaced secret decrypts to its new value');
select tests.authenticate_as('outsider_admin');
select isnt_empty($$ select app.set_secret('API_KEY', 'b-nyckel', 'nyckel-b') $$,
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

select * from finish();
rollback;
