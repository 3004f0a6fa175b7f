-- organizations: members read their own organisation; only its admins update it (never the
-- organisation number); nobody inserts or deletes through the API (registration creates them).
begin;
select plan(19);
select tests.create_actors();

-- select
select tests.authenticate_as('admin');
select results_eq($$ select id from public.organizations $$, array[tests.org_id('admin')],
  'an admin reads exactly their own organisation');
select tests.authenticate_as('member');
select results_eq($$ select name from public.organizations $$, array['Testbolaget A AB'],
  'a member reads their own organisation');
select tests.authenticate_as('outsider_admin');
select is_empty(format('select 1 from public.organizations where id = %L', tests.org_id('admin')),
  'an admin of another organisation cannot read it');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.organizations $$,
  'a deactivated user reads no organisation, not even their own');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.organizations $$, '42501', null,
  'an anonymous visitor cannot read organisations');

-- insert
select tests.clear_authentication();
select isnt_empty(format('select 1 from public.organizations where id = %L and organization_number = %L', tests.org_id('admin'), '1111111111'),
  'registration (the auth.users trigger) is how organisations are created');
select tests.authenticate_as('admin');
select throws_ok($$ insert into public.organizations (name, organization_number, address, city, postal_code, email, phone)
                    values ('Ny AB', '3333333333', 'Gatan 1', 'Lund', '22222', 'a@b.se', '046-123456') $$,
  '42501', null, 'an admin cannot create another organisation through the API');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.organizations (name, organization_number, address, city, postal_code, email, phone)
                    values ('Ny AB', '3333333333', 'Gatan 1', 'Lund', '22222', 'a@b.se', '046-123456') $$,
  '42501', null, 'an anonymous visitor cannot create an organisation');

-- update
select tests.authenticate_as('admin');
select isnt_empty($$ update public.organizations set name = 'Testbolaget A Holding AB', domain = 'testa.se' returning id $$,
  'an admin can update their organisation');
select tests.clear_authentication();
select results_eq(
  format($$ select action, details, user_id from public.audit_activities where organization_id = %L and action = 'organization_updated' $$, tests.org_id('admin')),
  format($$ values ('organization_updated', 'Testbolaget A Holding AB', %L::uuid) $$, tests.uid('admin')),
  'updating the organisation writes one organization_updated audit row naming the admin');
select tests.authenticate_as('superuser');
select is_empty($$ update public.organizations set name = 'Kapat AB' returning id $$,
  'a superuser cannot update the organisation');
select tests.authenticate_as('member');
select is_empty($$ update public.organizations set name = 'Kapat AB' returning id $$,
  'a member cannot update the organisation');
select tests.authenticate_as('outsider_admin');
select is_empty(format('update public.organizations set name = %L where id = %L returning id', 'Kapat AB', tests.org_id('admin')),
  'an admin of another organisation cannot update it');
select tests.authenticate_as('deactivated');
select is_empty($$ update public.organizations set name = 'Kapat AB' returning id $$,
  'a deactivated user cannot update their organisation');
select tests.authenticate_as('admin');
select throws_ok($$ update public.organizations set organization_number = '9999999999' $$, '42501', null,
  'an admin cannot change the organisation number');
select tests.clear_authentication();
select throws_ok(format('update public.organizations set organization_number = %L where id = %L', '9999999999', tests.org_id('admin')),
  '42501', 'organization_number_read_only', 'not even the database owner can change an organisation number');
select tests.authenticate_as_anon();
select throws_ok($$ update public.organizations set name = 'Kapat AB' $$, '42501', null,
  'an anonymous visitor cannot update organisations');

-- delete
select tests.authenticate_as('admin');
select throws_ok($$ delete from public.organizations $$, '42501', null,
  'an admin cannot delete their organisation through the API');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.organizations $$, '42501', null,
  'an anonymous visitor cannot delete organisations');

select * from finish();
rollback;
