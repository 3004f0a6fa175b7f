-- workflows.has_login_step (20261130300000): the database keeps whether the current version has a "Logga in själv"
-- step, from the version that becomes current; no member writes it (not on insert, not on update), and another
-- organisation does not see the workflow at all.
begin;
select plan(8);
select tests.create_actors();

insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2640000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Banken', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2640000-0000-4000-8000-000000000001', 1, '{"version":1,"steps":[{"id":"s1","type":"wait","description":"Vänta","ms":10}]}'),
  (tests.org_id('admin'), 'b2640000-0000-4000-8000-000000000001', 2,
   '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://bank.example.se/"},{"id":"s2","type":"login","description":"Logga in","instructions":"","until":{"url":"https://bank.example.se/start*"}}]}');

update public.workflows set current_version = 1 where id = 'b2640000-0000-4000-8000-000000000001';
select is((select has_login_step from public.workflows where id = 'b2640000-0000-4000-8000-000000000001'), false, 'a version without a sign-in step');
update public.workflows set current_version = 2 where id = 'b2640000-0000-4000-8000-000000000001';
select is((select has_login_step from public.workflows where id = 'b2640000-0000-4000-8000-000000000001'), true, 'the version with a sign-in step becomes current');
update public.workflows set current_version = 1 where id = 'b2640000-0000-4000-8000-000000000001';
select is((select has_login_step from public.workflows where id = 'b2640000-0000-4000-8000-000000000001'), false, 'back to a version without one');

select tests.authenticate_as('admin');
select throws_ok($$ update public.workflows set has_login_step = true where id = 'b2640000-0000-4000-8000-000000000001' $$, '42501', null,
  'not even an admin writes it');
select throws_ok($$ insert into public.workflows (name, has_login_step) values ('Falsk', true) $$, '42501', null,
  'nor sets it on a new workflow');
select lives_ok($$ insert into public.workflows (name) values ('Äkta') $$,
  'while the same insert without it works (the refusal is about the column)');
select tests.clear_authentication();

insert into public.workflows (id, organization_id, created_by, name, has_login_step) values
  ('b2640000-0000-4000-8000-000000000002', tests.org_id('admin'), tests.uid('member'), 'Ny', true);
select is((select has_login_step from public.workflows where id = 'b2640000-0000-4000-8000-000000000002'), false,
  'a new workflow has no version, so no sign-in step, whatever the insert says');

update public.workflows set current_version = 2 where id = 'b2640000-0000-4000-8000-000000000001';
select tests.authenticate_as('outsider_admin');
select is_empty($$ select has_login_step from public.workflows where id = 'b2640000-0000-4000-8000-000000000001' $$,
  'another organisation sees nothing of it');
select tests.clear_authentication();

select * from finish();
rollback;
