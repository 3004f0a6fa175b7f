-- private.login_failures: written and counted by the API as the database owner; no API role reaches it.
begin;
select plan(9);
select tests.create_actors();

select tests.clear_authentication();
select isnt_empty($$ insert into private.login_failures (email, ip) values ('member@test.kollega.se', '10.0.0.1') returning id $$,
  'the API (as the database owner) records a failed sign-in');
select is((select count(*)::int from private.login_failures
           where email = 'member@test.kollega.se' and created_at > now() - interval '15 minutes'), 1,
  'the API counts recent failures per e-mail address');

select tests.authenticate_as('admin');
select throws_ok($$ select 1 from private.login_failures $$, '42501', null, 'an admin cannot read failed sign-ins');
select throws_ok($$ insert into private.login_failures (email, ip) values ('x@y.se', '1.1.1.1') $$, '42501', null,
  'an admin cannot record failed sign-ins');
select throws_ok($$ update private.login_failures set email = 'x' $$, '42501', null, 'an admin cannot change failed sign-ins');
select throws_ok($$ delete from private.login_failures $$, '42501', null, 'an admin cannot delete failed sign-ins (to reset a lockout)');
select tests.authenticate_as_anon();
select throws_ok($$ delete from private.login_failures $$, '42501', null, 'an anonymous visitor cannot reset a lockout');
select throws_ok($$ insert into private.login_failures (email) values ('victim@test.kollega.se') $$, '42501', null,
  'an anonymous visitor cannot lock someone out by writing failures');
select tests.clear_authentication();
set local role service_role;
select throws_ok($$ select 1 from private.login_failures $$, '42501', null, 'the service role cannot read failed sign-ins either');

select * from finish();
rollback;
