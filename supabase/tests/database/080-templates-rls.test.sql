-- templates: a global catalogue every active member reads; nobody changes it through the API.
begin;
select plan(12);
select tests.create_actors();

select tests.clear_authentication();
insert into public.templates (name, category, industry, creator) values ('Testmall', 'Rapportering', 'Ekonomi', 'Kollega');

-- select
select tests.authenticate_as('member');
select isnt_empty($$ select 1 from public.templates where name = 'Testmall' $$, 'a member reads the template catalogue');
select tests.authenticate_as('outsider_admin');
select isnt_empty($$ select 1 from public.templates where name = 'Testmall' $$, 'members of every organisation read the same catalogue');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.templates $$, 'a deactivated user reads no templates');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.templates $$, '42501', null, 'an anonymous visitor cannot read templates');

-- insert, update, delete
select tests.authenticate_as('admin');
select throws_ok($$ insert into public.templates (name, category, industry, creator) values ('Egen', 'Övrigt', 'IT', 'Astrid') $$,
  '42501', null, 'an admin cannot add templates');
select throws_ok($$ update public.templates set downloads = 1000000, rating = 5 $$, '42501', null,
  'an admin cannot change templates (no inflated ratings)');
select throws_ok($$ delete from public.templates $$, '42501', null, 'an admin cannot delete templates');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.templates (name, category, industry, creator) values ('Egen', 'Övrigt', 'IT', 'x') $$,
  '42501', null, 'an anonymous visitor cannot add templates');
select throws_ok($$ update public.templates set rating = 5 $$, '42501', null, 'an anonymous visitor cannot change templates');
select throws_ok($$ delete from public.templates $$, '42501', null, 'an anonymous visitor cannot delete templates');
select tests.clear_authentication();
set local role service_role;
select isnt_empty($$ update public.templates set downloads = downloads + 1 where name = 'Testmall' returning id $$,
  'the service role maintains the catalogue');
select throws_ok($$ insert into public.templates (name, category, industry, creator, difficulty) values ('X', 'Övrigt', 'IT', 'x', 'expert') $$,
  '23514', null, 'a template difficulty is beginner, intermediate or advanced');

select * from finish();
rollback;
