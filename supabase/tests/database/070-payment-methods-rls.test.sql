-- payment_methods: members read their organisation's methods; only its admins add, change and delete
-- them. Exactly one default while any exist: the first becomes the default, set_default_payment_method
-- switches it, deleting the default promotes the most recent other one. Card numbers are never stored.
begin;
select plan(41);
select tests.create_actors();

-- insert
select tests.authenticate_as('admin');
select results_eq(
  $$ insert into public.payment_methods (name, type, card_last_four, metadata)
     values ('Företagskort', 'card', '4242', '{"holderName":"Astrid Admin","expiryMonth":8,"expiryYear":2030,"provider":"Visa"}')
     returning organization_id, is_default $$,
  format($$ values (%L::uuid, true) $$, tests.org_id('admin')),
  'an admin adds a card to their organisation and the first method becomes the default');
select results_eq(
  $$ select action, details, user_id = auth.uid() from public.audit_activities where action = 'payment_method_created' $$,
  $$ values ('payment_method_created', 'Företagskort', true) $$,
  'adding a payment method writes one payment_method_created audit row naming the admin');
select results_eq(
  $$ insert into public.payment_methods (name, type, bank_account) values ('Bankgiro', 'bank_account', '5050-1055') returning is_default $$,
  array[false], 'a second payment method is not the default');
select tests.clear_authentication();
insert into public.payment_methods (organization_id, name, type, created_at)
values (tests.org_id('admin'), 'Faktura', 'invoice', now() + interval '1 second');
select tests.authenticate_as('admin');
select throws_ok($$ insert into public.payment_methods (name, type, is_default) values ('Nytt standardkort', 'invoice', true) $$,
  '42501', null, 'an admin cannot make a new method the default by inserting it (only set_default_payment_method can)');
select throws_ok($$ insert into public.payment_methods (name, type, metadata) values ('Kort', 'card', '{"cardNumber":"4242424242424242"}') $$,
  '23514', null, 'a card number cannot be stored in the metadata');
select throws_ok($$ insert into public.payment_methods (name, type, card_last_four) values ('Kort', 'card', '42a2') $$,
  '23514', null, 'the last four digits of a card are four digits');
select throws_ok($$ insert into public.payment_methods (name, type, card_last_four) values ('Faktura', 'invoice', '4242') $$,
  '23514', null, 'only a card has last four digits');
select throws_ok($$ insert into public.payment_methods (name, type, bank_account) values ('Kort', 'card', '5050-1055') $$,
  '23514', null, 'only a bank account has an account number');
select throws_ok($$ insert into public.payment_methods (name, type, metadata) values ('Kort', 'card', '{"expiryMonth":13}') $$,
  '23514', null, 'an expiry month is between 1 and 12');
select tests.authenticate_as('superuser');
select throws_ok($$ insert into public.payment_methods (name, type) values ('Mitt kort', 'card') $$,
  '42501', null, 'a superuser cannot add payment methods');
select tests.authenticate_as('member');
select throws_ok($$ insert into public.payment_methods (name, type) values ('Mitt kort', 'card') $$,
  '42501', null, 'a member cannot add payment methods');
select tests.authenticate_as('outsider_admin');
select throws_ok(format($$ insert into public.payment_methods (organization_id, name, type) values (%L, 'Intrång', 'invoice') $$, tests.org_id('admin')),
  '42501', null, 'an admin of another organisation cannot add payment methods to it');
select tests.authenticate_as('deactivated');
select throws_ok($$ insert into public.payment_methods (name, type) values ('Spökkort', 'card') $$,
  '42501', null, 'a deactivated user cannot add payment methods');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.payment_methods (name, type) values ('Anonymt', 'card') $$,
  '42501', null, 'an anonymous visitor cannot add payment methods');

-- select
select tests.authenticate_as('member');
select results_eq($$ select name from public.payment_methods order by created_at $$, array['Företagskort', 'Bankgiro', 'Faktura'],
  'a member reads the payment methods of their organisation');
select tests.authenticate_as('outsider_admin');
select is_empty($$ select 1 from public.payment_methods $$, 'an admin of another organisation reads none of them');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.payment_methods $$, 'a deactivated user reads no payment methods');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.payment_methods $$, '42501', null, 'an anonymous visitor cannot read payment methods');

-- update
select tests.authenticate_as('admin');
select isnt_empty($$ update public.payment_methods set name = 'Företagskort Visa', metadata = '{"expiryMonth":9,"expiryYear":2031}' where name = 'Företagskort' returning id $$,
  'an admin can update a payment method');
select results_eq(
  $$ select metadata -> 'changedFields' from public.audit_activities where action = 'payment_method_updated' $$,
  $$ values ('["metadata", "name"]'::jsonb) $$,
  'updating a payment method writes one payment_method_updated audit row');
select throws_ok($$ update public.payment_methods set is_default = true where name = 'Bankgiro' $$, '42501', null,
  'an admin cannot flip the default flag directly');
select tests.authenticate_as('superuser');
select is_empty($$ update public.payment_methods set name = 'Kapat' returning id $$, 'a superuser cannot update payment methods');
select tests.authenticate_as('member');
select is_empty($$ update public.payment_methods set name = 'Kapat' returning id $$, 'a member cannot update payment methods');
select tests.authenticate_as('outsider_admin');
select is_empty($$ update public.payment_methods set name = 'Kapat' returning id $$,
  'an admin of another organisation cannot update its payment methods');
select tests.authenticate_as_anon();
select throws_ok($$ update public.payment_methods set name = 'Kapat' $$, '42501', null, 'an anonymous visitor cannot update payment methods');

-- set_default_payment_method
select tests.authenticate_as('admin');
select results_eq(
  $$ select name, is_default from app.set_default_payment_method((select id from public.payment_methods where name = 'Bankgiro')) $$,
  $$ values ('Bankgiro', true) $$,
  'an admin makes another payment method the default');
select results_eq($$ select name from public.payment_methods where is_default $$, array['Bankgiro'],
  'after switching there is exactly one default, the chosen one');
select results_eq(
  $$ select action, details from public.audit_activities where action = 'payment_method_default_changed' $$,
  $$ values ('payment_method_default_changed', 'Bankgiro') $$,
  'switching the default writes one payment_method_default_changed audit row and no update rows');
select results_eq(
  $$ select name, is_default from app.set_default_payment_method((select id from public.payment_methods where name = 'Bankgiro')) $$,
  $$ values ('Bankgiro', true) $$,
  'choosing the current default again changes nothing');
select tests.authenticate_as('superuser');
select throws_ok(format('select app.set_default_payment_method(%L)', (select id from public.payment_methods where name = 'Faktura')),
  '42501', 'forbidden', 'a superuser cannot choose the default payment method');
select tests.authenticate_as('outsider_admin');
select throws_ok(format('select app.set_default_payment_method(%L)', (select id from public.payment_methods where name = 'Faktura')),
  'P0002', 'payment_method_not_found', 'an admin of another organisation cannot choose its default: the method is not found');
select tests.authenticate_as('deactivated');
select throws_ok(format('select app.set_default_payment_method(%L)', (select id from public.payment_methods where name = 'Faktura')),
  '42501', 'forbidden', 'a deactivated user cannot choose the default payment method');
select tests.authenticate_as_anon();
select throws_ok($$ select app.set_default_payment_method(gen_random_uuid()) $$, '42501', null,
  'an anonymous visitor cannot call set_default_payment_method');
select tests.clear_authentication();
select throws_ok(format($$ update public.payment_methods set is_default = true where organization_id = %L and name = 'Faktura' $$, tests.org_id('admin')),
  '23505', null, 'even the database owner cannot make a second default');

-- delete
select tests.authenticate_as('member');
select is_empty($$ delete from public.payment_methods returning id $$, 'a member cannot delete payment methods');
select tests.authenticate_as('outsider_admin');
select is_empty($$ delete from public.payment_methods returning id $$, 'an admin of another organisation cannot delete its payment methods');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.payment_methods $$, '42501', null, 'an anonymous visitor cannot delete payment methods');
select tests.authenticate_as('admin');
select isnt_empty($$ delete from public.payment_methods where name = 'Bankgiro' returning id $$,
  'an admin can delete the default payment method');
select results_eq($$ select name from public.payment_methods where is_default $$, array['Faktura'],
  'deleting the default promotes the most recently added other method');
select results_eq(
  $$ select action, details from public.audit_activities where action in ('payment_method_deleted', 'payment_method_default_changed') order by action, details $$,
  $$ values ('payment_method_default_changed', 'Bankgiro'), ('payment_method_default_changed', 'Faktura'), ('payment_method_deleted', 'Bankgiro') $$,
  'the deletion and the promotion are both audited');
delete from public.payment_methods;
select is_empty($$ select 1 from public.payment_methods $$, 'an admin can delete every payment method, leaving no default');

select * from finish();
rollback;
