-- The runner's key self-check (app.runner_key_check, 20261126005100): true for the key the newest secret was
-- encrypted with, false for another, null when no secret exists; only the runner may call it.
begin;
select plan(5);
select tests.create_actors();

insert into public.secrets (organization_id, name, value, updated_at)
values (tests.org_id('admin'), 'KANARIE', extensions.pgp_sym_encrypt('hemligt', 'the-right-key', 'cipher-algo=aes256'), now() + interval '1 day');

select is((select r from tests.as_runner($q$ select app.runner_key_check('the-right-key') as ok $q$) r) ->> 'ok', 'true',
  'the key the newest secret was encrypted with passes');
select is((select r from tests.as_runner($q$ select app.runner_key_check('a-wrong-key') as ok $q$) r) ->> 'ok', 'false',
  'another key fails, without an error');
select ok(not has_function_privilege('authenticated', 'app.runner_key_check(text)', 'execute'), 'members cannot call it');
select ok(not has_function_privilege('anon', 'app.runner_key_check(text)', 'execute'), 'nor can anyone signed out');
delete from public.secrets;
select is((select r from tests.as_runner($q$ select app.runner_key_check('the-right-key') as ok $q$) r) ->> 'ok', null,
  'null when no secret exists to check the key against');

select * from finish();
rollback;
