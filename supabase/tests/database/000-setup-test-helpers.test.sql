-- Test helpers used by every other file (they run in name order). Unlike the other files this one
-- commits: it (re)creates the `tests` schema, which holds only these helper functions.
--   tests.create_actors()      the named actors of every suite: `admin`, `superuser`, `member` and
--                              `deactivated` in organisation A, `outsider_admin` in organisation B
--   tests.uid(name)            the user id of an actor
--   tests.org_id(name)         the organisation of an actor
--   tests.authenticate_as(name) / tests.authenticate_as_anon() / tests.clear_authentication()
--                              switch the transaction's role and JWT claims like a PostgREST request
--   tests.as_runner(sql)       one statement as the runner's role kollega_runner, rows as jsonb
set client_min_messages = warning;
begin;

create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

create or replace function tests.create_user(p_name text, p_app_meta jsonb, p_user_meta jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := gen_random_uuid();
begin
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                          raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token,
                          email_change_token_new, email_change)
  values ('00000000-0000-0000-0000-000000000000', v_id, 'authenticated', 'authenticated',
          p_name || '@test.kollega.se', '', now(),
          '{"provider":"email","providers":["email"]}'::jsonb || p_app_meta, p_user_meta, '', '', '', '');
  return v_id;
end;
$$;

create or replace function tests.registration_meta(p_full_name text, p_org_name text, p_org_number text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'full_name', p_full_name,
    'organization', jsonb_build_object(
      'name', p_org_name, 'organization_number', p_org_number, 'address', 'Testvägen 1', 'city', 'Uppsala',
      'postal_code', '75310', 'country', 'Sverige', 'email', 'info@' || p_org_number || '.test', 'phone', '018-123 45 67'))
$$;

create or replace function tests.uid(p_name text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from auth.users u where u.email = p_name || '@test.kollega.se'
$$;

create or replace function tests.org_id(p_name text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.organization_id from public.profiles p where p.id = tests.uid(p_name)
$$;

create or replace function tests.create_actors()
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_org uuid;
begin
  perform tests.create_user('admin', '{}', tests.registration_meta('Astrid Admin', 'Testbolaget A AB', '1111111111'));
  v_org := tests.org_id('admin');
  perform tests.create_user('superuser', jsonb_build_object('organization_id', v_org, 'role', 'superuser'), '{"full_name":"Sam Super"}');
  perform tests.create_user('member', jsonb_build_object('organization_id', v_org, 'role', 'user'), '{"full_name":"Maja Medlem"}');
  perform tests.create_user('deactivated', jsonb_build_object('organization_id', v_org), '{"full_name":"Dan Deaktiverad"}');
  update public.profiles set is_active = false where id = tests.uid('deactivated');
  perform tests.create_user('outsider_admin', '{}', tests.registration_meta('Otto Utomstående', 'Testbolaget B AB', '2222222222'));
end;
$$;

create or replace function tests.authenticate_as(p_name text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := tests.uid(p_name);
begin
  if v_id is null then
    raise exception 'no test actor named %', p_name;
  end if;
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims',
    jsonb_build_object('sub', v_id, 'role', 'authenticated', 'email', p_name || '@test.kollega.se')::text, true);
end;
$$;

create or replace function tests.authenticate_as_anon()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '{"role":"anon"}', true);
end;
$$;

create or replace function tests.clear_authentication()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'postgres', true);
  perform set_config('request.jwt.claims', '', true);
end;
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

-- tests.as_runner(sql): runs one statement as role kollega_runner (the runner's own login role) and returns
-- its rows as jsonb. pgTAP lives in schema extensions, which the runner may not use, so the assertions stay
-- with postgres and only the statement under test changes role; postgres becomes a member of
-- kollega_runner for the calling test's transaction only (undone by its rollback).
-- Not granted to the API roles: only postgres, running the tests, calls it.
create or replace function tests.as_runner(p_sql text) returns setof jsonb language plpgsql set search_path = '' as $$
begin
  if not pg_has_role('postgres', 'kollega_runner', 'member') then
    execute 'grant kollega_runner to postgres';
  end if;
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

select plan(1);

select ok(
  (select count(*) from pg_proc where pronamespace = 'tests'::regnamespace) = 9,
  'the test helpers are installed'
);
select * from finish();
commit;
