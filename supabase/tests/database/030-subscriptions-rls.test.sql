-- subscriptions: members read their organisation's subscription; only the service role changes it.
begin;
select plan(12);
select tests.create_actors();

-- select
select tests.authenticate_as('member');
select results_eq($$ select plan::text, status::text, expires_at > now() + interval '13 days' from public.subscriptions $$,
  $$ values ('pro', 'active', true) $$,
  'a member reads the 14-day Pro trial their organisation got at registration');
select tests.authenticate_as('admin');
select is((select count(*)::int from public.subscriptions), 1, 'an admin reads exactly their own subscription');
select tests.authenticate_as('outsider_admin');
select is_empty(format('select 1 from public.subscriptions where organization_id = %L', tests.org_id('admin')),
  'an admin of another organisation cannot read its subscription');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.subscriptions $$, 'a deactivated user reads no subscription');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.subscriptions $$, '42501', null, 'an anonymous visitor cannot read subscriptions');

-- insert, update, delete: the service role only
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.subscriptions (organization_id, plan) values (%L, 'enterprise') $$, tests.org_id('admin')),
  '42501', null, 'an admin cannot create a subscription');
select throws_ok($$ update public.subscriptions set plan = 'enterprise', expires_at = now() + interval '10 years' $$,
  '42501', null, 'an admin cannot extend or upgrade their subscription');
select throws_ok($$ delete from public.subscriptions $$, '42501', null, 'an admin cannot delete their subscription');
select tests.authenticate_as_anon();
select throws_ok($$ update public.subscriptions set status = 'active' $$, '42501', null, 'an anonymous visitor cannot change subscriptions');
select throws_ok($$ delete from public.subscriptions $$, '42501', null, 'an anonymous visitor cannot delete subscriptions');

select tests.clear_authentication();
set local role service_role;
select isnt_empty(format($$ update public.subscriptions set plan = 'enterprise' where organization_id = %L returning id $$, tests.org_id('admin')),
  'the service role can change a subscription (billing)');
select isnt_empty(format($$ delete from public.subscriptions where organization_id = %L returning id $$, tests.org_id('outsider_admin')),
  'the service role can delete a subscription');

select * from finish();
rollback;
