-- The auth.users triggers: a self-registration creates organisation, trial subscription and admin
-- profile atomically; an invited colleague joins the organisation named in app_metadata; user_metadata
-- never decides organisation or role; bad data aborts the sign-up; e-mail changes reach the profile.
begin;
select plan(18);
select tests.create_actors();
select tests.clear_authentication();

-- self-registration
select lives_ok($$ select tests.create_user('grundare', '{}', tests.registration_meta('Greta Grundare', 'Nybildat AB', '4444444444')) $$,
  'a self-registration with full organisation data succeeds');
select results_eq(
  $$ select o.name, o.country, s.plan::text, s.status::text, s.expires_at::date = (now() + interval '14 days')::date
     from public.organizations o join public.subscriptions s on s.organization_id = o.id
     where o.organization_number = '4444444444' $$,
  $$ values ('Nybildat AB', 'Sverige', 'pro', 'active', true) $$,
  'registration creates the organisation with a 14-day Pro trial');
select results_eq(
  format('select full_name, email, username, role::text, is_active, organization_id = %L from public.profiles where id = %L',
         tests.org_id('grundare'), tests.uid('grundare')),
  $$ values ('Greta Grundare', 'grundare@test.kollega.se', 'grundare', 'admin', true, true) $$,
  'the registering user becomes the active admin of the new organisation, username from the e-mail');

-- bad data aborts everything
select throws_ok($$ select tests.create_user('utan_namn', '{}', tests.registration_meta('', 'Namnlöst AB', '5555555555')) $$,
  '22023', 'registration_metadata_invalid', 'a registration without a full name is refused');
select throws_ok($$ select tests.create_user('utan_bolag', '{}', '{"full_name":"Bo Bolagslös"}') $$,
  '22023', 'registration_metadata_invalid', 'a registration without organisation data is refused');
select throws_ok($$ select tests.create_user('utan_telefon', '{}',
                      jsonb_set(tests.registration_meta('Tea Telefonlös', 'Tyst AB', '6666666666'), '{organization,phone}', '"  "')) $$,
  '22023', 'registration_metadata_invalid', 'a registration with a blank organisation field is refused');
select throws_ok($$ select tests.create_user('dubblett', '{}', tests.registration_meta('Dag Dubblett', 'Kopia AB', '1111111111')) $$,
  '23505', null, 'a registration with an organisation number already taken is refused');
select is_empty($$ select 1 from auth.users where email in ('utan_namn@test.kollega.se', 'utan_bolag@test.kollega.se',
                                                              'utan_telefon@test.kollega.se', 'dubblett@test.kollega.se') $$,
  'a refused registration leaves no auth user behind');
select is_empty($$ select 1 from public.organizations where organization_number in ('5555555555', '6666666666')
                   or name = 'Kopia AB' $$,
  'a refused registration leaves no organisation behind');

-- user_metadata cannot choose organisation or role
select throws_ok(format($$ select tests.create_user('inkraktare', '{}', jsonb_build_object('full_name', 'Ivar Inkräktare',
                            'organization_id', %L, 'role', 'admin')) $$, tests.org_id('admin')),
  '22023', 'registration_metadata_invalid', 'organization_id and role in user_metadata do not make a user join an organisation');
select lives_ok(format($$ select tests.create_user('smygare', '{}',
                          tests.registration_meta('Sara Smygare', 'Eget AB', '7777777777') || jsonb_build_object('organization_id', %L, 'role', 'user')) $$,
                       tests.org_id('admin')),
  'a self-registration carrying organization_id and role in user_metadata still succeeds');
select results_eq(
  format('select organization_id <> %L, role::text from public.profiles where id = %L', tests.org_id('admin'), tests.uid('smygare')),
  $$ values (true, 'admin') $$,
  'that user gets their own new organisation, not the one named in user_metadata');

-- invited colleagues (app_metadata is set by the service role only)
select lives_ok(format($$ select tests.create_user('inbjuden', jsonb_build_object('organization_id', %L, 'role', 'superuser'),
                          '{"full_name":"Ida Inbjuden"}') $$, tests.org_id('admin')),
  'an invited colleague can be created with app_metadata');
select results_eq(
  format('select organization_id, role::text, full_name from public.profiles where id = %L', tests.uid('inbjuden')),
  format($$ values (%L::uuid, 'superuser', 'Ida Inbjuden') $$, tests.org_id('admin')),
  'an invited colleague joins the organisation and role given in app_metadata');
select lives_ok(format($$ select tests.create_user('inbjuden2', jsonb_build_object('organization_id', %L), '{}') $$, tests.org_id('admin')),
  'an invitation without role or name is accepted');
select results_eq(
  format('select role::text, full_name from public.profiles where id = %L', tests.uid('inbjuden2')),
  $$ values ('user', 'inbjuden2') $$,
  'an invited colleague without a role is a user named after their e-mail');
select throws_ok(format($$ select tests.create_user('fel_roll', jsonb_build_object('organization_id', %L, 'role', 'owner'), '{}') $$, tests.org_id('admin')),
  '22P02', null, 'an invitation with an unknown role is refused');

-- e-mail sync
update auth.users set email = 'maja.ny@test.kollega.se' where id = tests.uid('member');
select results_eq(
  format('select p.email from public.profiles p where p.full_name = %L', 'Maja Medlem'),
  array['maja.ny@test.kollega.se'],
  'a changed auth e-mail address is copied to the profile');

select * from finish();
rollback;
