-- Invitations through the Auth admin API: GoTrue inserts the user with user_metadata only and sets
-- app_metadata by an update in the same transaction; the profile follows from app_metadata alone, and a
-- new auth user left without a profile cannot commit.
begin;
select plan(8);
select tests.create_actors();
select tests.clear_authentication();

-- the insert as GoTrue's admin create makes it
select lives_ok($$ select tests.create_user('inbjuden', '{}', '{"full_name":"Ina Inbjuden","invitation":true}') $$,
  'an invited user is inserted without app_metadata for the moment');
select is_empty(format('select 1 from public.profiles where id = %L', tests.uid('inbjuden')), 'no profile before app_metadata is set');
update auth.users
set raw_app_meta_data = raw_app_meta_data || jsonb_build_object('organization_id', tests.org_id('admin'), 'role', 'superuser')
where id = tests.uid('inbjuden');
select results_eq(
  format('select organization_id, role::text, full_name, is_active from public.profiles where id = %L', tests.uid('inbjuden')),
  format($$ values (%L::uuid, 'superuser', 'Ina Inbjuden', true) $$, tests.org_id('admin')),
  'setting app_metadata places the invited colleague in the organisation with the role');
update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' where id = tests.uid('inbjuden');
select is((select role::text from public.profiles where id = tests.uid('inbjuden')), 'superuser',
  'a later app_metadata change does not touch an existing profile');
select lives_ok($$ set constraints all immediate $$, 'every auth user created so far has a profile');
set constraints all deferred;

-- untrusted markers and metadata
select lives_ok($$ select tests.create_user('falsk_inbjudan', '{}', jsonb_build_object('full_name', 'Falsk', 'invitation', true,
  'organization_id', tests.org_id('admin'), 'role', 'admin')) $$,
  'a sign-up claiming to be an invitation is postponed like one');
select is_empty(format('select 1 from public.profiles where id = %L', tests.uid('falsk_inbjudan')),
  'user_metadata never places anyone in an organisation');
select throws_ok($$ set constraints all immediate $$, '22023', 'registration_metadata_invalid',
  'an auth user without a profile cannot be committed, so the false invitation creates nothing');

select * from finish();
rollback;
