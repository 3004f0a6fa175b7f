-- profiles: members read the profiles of their organisation; a user changes only their own full name;
-- admins change name, e-mail, role and active state of others but not their own role or active state;
-- an organisation always keeps an active admin; a deactivated user sees and changes nothing.
begin;
select plan(36);
select tests.create_actors();

-- select
select tests.authenticate_as('admin');
select is((select count(*)::int from public.profiles), 4,
  'an admin reads the four profiles of their organisation, the deactivated one included');
select tests.authenticate_as('member');
select results_eq($$ select username from public.profiles order by username $$,
  array['admin', 'deactivated', 'member', 'superuser'],
  'a member reads the profiles of their organisation');
select tests.authenticate_as('outsider_admin');
select is_empty(format('select 1 from public.profiles where organization_id = %L', tests.org_id('admin')),
  'an admin of another organisation cannot read its profiles');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.profiles $$,
  'a deactivated user reads no profile, not even their own');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.profiles $$, '42501', null,
  'an anonymous visitor cannot read profiles');

-- insert (profiles are created by the registration trigger only)
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.profiles (id, organization_id, full_name, email, username)
                          values (gen_random_uuid(), %L, 'Falsk', 'f@x.se', 'f') $$, tests.org_id('admin')),
  '42501', null, 'an admin cannot insert a profile directly');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.profiles (id, organization_id, full_name, email, username)
                    values (gen_random_uuid(), gen_random_uuid(), 'Falsk', 'f@x.se', 'f') $$,
  '42501', null, 'an anonymous visitor cannot insert a profile');
select tests.clear_authentication();
select results_eq(format('select organization_id, role from public.profiles where id = %L', tests.uid('member')),
  format($$ values (%L::uuid, 'user'::public.app_role) $$, tests.org_id('admin')),
  'an invited user gets a profile in the inviting organisation with the invited role');

-- update: a user
select tests.authenticate_as('member');
select isnt_empty($$ update public.profiles set full_name = 'Maja Medlemsson' where id = auth.uid() returning id $$,
  'a user can change their own full name');
select is_empty(format('update public.profiles set full_name = %L where id = %L returning id', 'Kapad', tests.uid('superuser')),
  'a user cannot change the name of a colleague');
select throws_ok($$ update public.profiles set role = 'admin' where id = auth.uid() $$, '42501', 'profile_field_forbidden',
  'a user cannot promote themselves');
select throws_ok($$ update public.profiles set email = 'ny@test.kollega.se' where id = auth.uid() $$, '42501', 'profile_field_forbidden',
  'a user cannot change their own e-mail in the profile');
select throws_ok(format('update public.profiles set organization_id = %L where id = auth.uid()', tests.org_id('outsider_admin')),
  '42501', null, 'a user cannot move themselves to another organisation');
select tests.authenticate_as('superuser');
select is_empty(format('update public.profiles set full_name = %L where id = %L returning id', 'Kapad', tests.uid('member')),
  'a superuser cannot change the name of a colleague');
select throws_ok($$ update public.profiles set is_active = false where id = auth.uid() $$, '42501', 'profile_field_forbidden',
  'a superuser cannot change their own active state');

-- update: an admin
select tests.authenticate_as('admin');
select isnt_empty(format($$ update public.profiles set full_name = 'Maja Chef', email = 'maja@test.kollega.se', role = 'superuser'
                           where id = %L returning id $$, tests.uid('member')),
  'an admin can change the name, e-mail and role of a colleague');
select results_eq(
  format($$ select action, details, metadata ->> 'previousRole', metadata ->> 'role' from public.audit_activities
            where action = 'user_updated' and metadata ->> 'targetUserId' = %L and user_id = auth.uid() $$, tests.uid('member')),
  $$ values ('user_updated', 'Maja Chef', 'user', 'superuser') $$,
  'changing a colleague writes one user_updated audit row with the role change');
select isnt_empty(format('update public.profiles set is_active = false where id = %L returning id', tests.uid('member')),
  'an admin can deactivate a colleague');
select is((select count(*)::int from public.audit_activities where action = 'user_deactivated' and user_id = auth.uid()), 1,
  'deactivating writes one user_deactivated audit row naming the admin');
select tests.authenticate_as('member');
select is_empty($$ select 1 from public.profiles $$, 'a freshly deactivated user immediately reads nothing');
select is_empty($$ update public.profiles set full_name = 'Fortfarande här' where id = auth.uid() returning id $$,
  'a deactivated user cannot change their own name');
select tests.authenticate_as('admin');
select isnt_empty(format('update public.profiles set is_active = true where id = %L returning id', tests.uid('member')),
  'an admin can activate a colleague again');
select is((select count(*)::int from public.audit_activities where action = 'user_activated'), 1,
  'activating writes one user_activated audit row');
select throws_ok($$ update public.profiles set role = 'user' where id = auth.uid() $$, 'P0001', 'self_role_change',
  'an admin cannot change their own role');
select throws_ok($$ update public.profiles set is_active = false where id = auth.uid() $$, 'P0001', 'self_deactivation',
  'an admin cannot deactivate themselves');
select tests.authenticate_as('outsider_admin');
select is_empty(format('update public.profiles set role = %L where id = %L returning id', 'admin', tests.uid('superuser')),
  'an admin of another organisation cannot change its users');
select tests.authenticate_as('deactivated');
select is_empty($$ update public.profiles set full_name = 'Tillbaka' where id = auth.uid() returning id $$,
  'a deactivated user cannot change anything, not even their own name');
select tests.authenticate_as_anon();
select throws_ok($$ update public.profiles set full_name = 'x' $$, '42501', null,
  'an anonymous visitor cannot update profiles');

-- the last active admin
select tests.clear_authentication();
select throws_ok(format('update public.profiles set role = %L where id = %L', 'user', tests.uid('admin')), 'P0001', 'last_admin',
  'the only admin of an organisation cannot be demoted, not even by the database owner');
select throws_ok(format('update public.profiles set is_active = false where id = %L', tests.uid('admin')), 'P0001', 'last_admin',
  'the only admin of an organisation cannot be deactivated, not even by the database owner');
select tests.authenticate_as('admin');
select isnt_empty(format('update public.profiles set role = %L where id = %L returning id', 'admin', tests.uid('superuser')),
  'an admin can promote a colleague to admin');
select tests.authenticate_as('superuser');
select isnt_empty(format('update public.profiles set role = %L where id = %L returning id', 'user', tests.uid('admin')),
  'with a second active admin, an admin can demote the other admin');
select tests.clear_authentication();
select throws_ok(format('update public.profiles set is_active = false where id = %L', tests.uid('superuser')), 'P0001', 'last_admin',
  'the remaining admin is again the last one and cannot be deactivated');

-- delete (profiles go with their auth user)
select tests.authenticate_as('admin');
select throws_ok($$ delete from public.profiles where id <> auth.uid() $$, '42501', null,
  'an admin cannot delete profiles directly');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.profiles $$, '42501', null,
  'an anonymous visitor cannot delete profiles');
select tests.clear_authentication();
delete from auth.users where id = tests.uid('deactivated');
select is_empty(format('select 1 from public.profiles where full_name = %L', 'Dan Deaktiverad'),
  'deleting the auth user deletes the profile');

select * from finish();
rollback;
