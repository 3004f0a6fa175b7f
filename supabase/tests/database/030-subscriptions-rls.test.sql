-- subscriptions: only the registration triggers and the service role write them, and no API role reads
-- them: the api function never reads a subscription as the caller, so `authenticated` holds no grant
-- (20261123001000_narrow_api_grants). The select policy stays and still scopes a grant, if one is added.
begin;
select plan(15);
select tests.create_actors();

-- select: not through the Data API
select tests.clear_authentication();
select results_eq(format($$ select plan::text, status::text, expires_at > now() + interval '13 days' from public.subscriptions where organization_id = %L $$, tests.org_id('member')),
  $$ values ('pro', 'active', true) $$,
  'registration gave the organisation a 14-day Pro trial');
select tests.authenticate_as('member');
select throws_ok($$ select 1 from public.subscriptions $$, '42501', null, 'a member cannot read subscriptions through the Data API');
select tests.authenticate_as('admin');
select throws_ok($$ select 1 from public.subscriptions $$, '42501', null, 'an admin cannot read subscriptions through the Data API');
select tests.authenticate_as('deactivated');
select throws_ok($$ select 1 from public.subscriptions $$, '42501', null, 'a deactivated user cannot read subscriptions');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.subscriptions $$, '42501', null, 'an anonymous visitor cannot read subscriptions');

-- the policy still confines a grant to the member's organisation (granted here, rolled back at the end)
select tests.clear_authentication();
grant select on public.subscriptions to authenticated;
select tests.authenticate_as('admin');
select is((select count(*)::int from public.subscriptions), 1, 'with a grant, an admin would read exactly their own subscription');
select tests.authenticate_as('outsider_admin');
select is_empty(format('select 1 from public.subscriptions where organization_id = %L', tests.org_id('admin')),
  'with a grant, an admin of another organisation would not read its subscription');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.subscriptions $$, 'with a grant, a deactivated user would read no subscription');
select tests.clear_authentication();
revoke select on public.subscriptions from authenticated;

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
