-- The limit on "Testa" (20261123001200): app.claim_ai_test() counts a member's AI tests and refuses the
-- 11th within a minute (per member) and the 101st within an hour (per organisation) with the seconds to
-- wait; another organisation is not affected; counts older than an hour are deleted; nobody reads or
-- writes the counts directly; anonymous visitors and deactivated users cannot test.
begin;
select plan(11);
select tests.create_actors();

select tests.authenticate_as('member');
select is((select count(*)::int from generate_series(1, 10) g where app.claim_ai_test() is null), 10,
  'a member may test ten times in a minute');
select ok((select app.claim_ai_test() between 1 and 60),
  'the eleventh test within the minute is refused with the seconds until the oldest leaves the minute');
select tests.authenticate_as('superuser');
select is(app.claim_ai_test(), null, 'another member of the organisation may still test');
select tests.authenticate_as('outsider_admin');
select is(app.claim_ai_test(), null, 'a member of another organisation is not affected');

-- 89 more tests in the organisation earlier in the hour: with the member's 10 and the superuser's 1, 100.
select tests.clear_authentication();
insert into private.ai_test_calls (organization_id, user_id, created_at)
select tests.org_id('admin'), tests.uid('admin'), now() - interval '30 minutes' from generate_series(1, 89);
select tests.authenticate_as('admin');
select ok((select app.claim_ai_test() between 1700 and 1800),
  'past 100 tests in the hour the organisation waits until the oldest of the last 100 leaves the hour');

select tests.clear_authentication();
insert into private.ai_test_calls (organization_id, user_id, created_at)
values (tests.org_id('outsider_admin'), tests.uid('outsider_admin'), now() - interval '2 hours');
select tests.authenticate_as('outsider_admin');
select is(app.claim_ai_test(), null, 'a test is counted');
select tests.clear_authentication();
select is((select count(*)::int from private.ai_test_calls where organization_id = tests.org_id('outsider_admin')), 2,
  'counting a test deletes the organisation''s tests older than an hour');

select tests.authenticate_as('member');
select throws_ok($$ select 1 from private.ai_test_calls $$, '42501', null, 'a member cannot read the counts');
select throws_ok($$ delete from private.ai_test_calls $$, '42501', null, 'a member cannot reset the counts');
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.claim_ai_test() $$, '42501', null, 'a deactivated user cannot test');
select tests.authenticate_as_anon();
select throws_ok($$ select app.claim_ai_test() $$, '42501', null, 'an anonymous visitor cannot test');

select * from finish();
rollback;
