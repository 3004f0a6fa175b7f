-- workflows: members read their organisation's workflows and create their own; creators, superusers
-- and admins change and delete them; every change is audited.
begin;
select plan(31);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (organization_id, created_by, name, category) values
  (tests.org_id('admin'), tests.uid('superuser'), 'Superflödet', 'Rapportering'),
  (tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Utomståendes flöde', 'Övrigt');

-- insert
select tests.authenticate_as('member');
select results_eq(
  $$ insert into public.workflows (name, description, category, start_method)
     values ('Mitt flöde', 'Hämtar fakturor', 'Ärendehantering', 'scheduled')
     returning organization_id, created_by, status::text, is_active $$,
  format($$ values (%L::uuid, %L::uuid, 'draft', false) $$, tests.org_id('admin'), tests.uid('member')),
  'a member creates a draft workflow in their organisation, as its creator');
select results_eq(
  $$ select action, details, workflow_id is not null from public.audit_activities where action = 'workflow_created' and user_id = auth.uid() $$,
  $$ values ('workflow_created', 'Mitt flöde', true) $$,
  'creating a workflow writes one workflow_created audit row naming the member');
select throws_ok(format($$ insert into public.workflows (organization_id, name) values (%L, 'Intrång') $$, tests.org_id('outsider_admin')),
  '42501', null, 'a member cannot create a workflow in another organisation');
select throws_ok(format($$ insert into public.workflows (created_by, name) values (%L, 'I annans namn') $$, tests.uid('admin')),
  '42501', null, 'a member cannot create a workflow in a colleague''s name');
select throws_ok($$ insert into public.workflows (name) values ('   ') $$, '23514', null,
  'a workflow needs a name that is not blank');
select throws_ok($$ insert into public.workflows (name, category) values ('Fel kategori', 'Marknadsföring') $$, '23514', null,
  'a workflow category must be one of the six known categories');
select tests.authenticate_as('deactivated');
select throws_ok($$ insert into public.workflows (name) values ('Spökflöde') $$, '42501', null,
  'a deactivated user cannot create workflows');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.workflows (name) values ('Anonymt') $$, '42501', null,
  'an anonymous visitor cannot create workflows');

-- select
select tests.authenticate_as('member');
select results_eq($$ select name from public.workflows order by name $$, array['Mitt flöde', 'Superflödet'],
  'a member reads all workflows of their organisation and no others');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select name from public.workflows $$, array['Utomståendes flöde'],
  'an admin of another organisation reads only their own organisation''s workflows');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.workflows $$, 'a deactivated user reads no workflows');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.workflows $$, '42501', null, 'an anonymous visitor cannot read workflows');

-- update
select tests.authenticate_as('member');
select isnt_empty($$ update public.workflows set status = 'active', is_active = true where name = 'Mitt flöde' returning id $$,
  'a member can update their own workflow');
select results_eq(
  $$ select metadata -> 'changedFields' from public.audit_activities where action = 'workflow_updated' $$,
  $$ values ('["is_active", "status"]'::jsonb) $$,
  'updating a workflow writes one workflow_updated audit row listing the changed fields');
select is_empty($$ update public.workflows set name = 'Kapat' where name = 'Superflödet' returning id $$,
  'a member cannot update a colleague''s workflow');
select throws_ok($$ update public.workflows set run_count = 1000, success_rate = 100 $$, '42501', null,
  'a member cannot fake the run statistics of a workflow');
select tests.authenticate_as('superuser');
select isnt_empty($$ update public.workflows set description = 'Granskad' where name = 'Mitt flöde' returning id $$,
  'a superuser can update any workflow of their organisation');
select tests.authenticate_as('admin');
select isnt_empty($$ update public.workflows set status = 'paused' where name = 'Superflödet' returning id $$,
  'an admin can update any workflow of their organisation');
select tests.authenticate_as('outsider_admin');
select is_empty($$ update public.workflows set name = 'Kapat' where name = 'Mitt flöde' returning id $$,
  'an admin of another organisation cannot update its workflows');
select tests.authenticate_as('deactivated');
select is_empty($$ update public.workflows set name = 'Kapat' returning id $$,
  'a deactivated user cannot update workflows');
select tests.authenticate_as_anon();
select throws_ok($$ update public.workflows set name = 'Kapat' $$, '42501', null, 'an anonymous visitor cannot update workflows');

-- delete
select tests.authenticate_as('member');
select is_empty($$ delete from public.workflows where name = 'Superflödet' returning id $$,
  'a member cannot delete a colleague''s workflow');
select tests.authenticate_as('outsider_admin');
select is_empty($$ delete from public.workflows where name = 'Mitt flöde' returning id $$,
  'an admin of another organisation cannot delete its workflows');
select tests.authenticate_as('deactivated');
select is_empty($$ delete from public.workflows returning id $$, 'a deactivated user cannot delete workflows');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.workflows $$, '42501', null, 'an anonymous visitor cannot delete workflows');
select tests.authenticate_as('member');
select isnt_empty($$ delete from public.workflows where name = 'Mitt flöde' returning id $$,
  'a member can delete their own workflow');
select results_eq(
  $$ select action, details from public.audit_activities where action = 'workflow_deleted' $$,
  $$ values ('workflow_deleted', 'Mitt flöde') $$,
  'deleting a workflow writes one workflow_deleted audit row that outlives the workflow');
select tests.clear_authentication();
insert into public.workflows (organization_id, created_by, name) values (tests.org_id('admin'), tests.uid('member'), 'Medlemmens andra flöde');
select tests.authenticate_as('superuser');
select isnt_empty($$ delete from public.workflows where name = 'Medlemmens andra flöde' returning id $$,
  'a superuser can delete a colleague''s workflow');
select tests.authenticate_as('admin');
select isnt_empty($$ delete from public.workflows where name = 'Superflödet' returning id $$,
  'an admin can delete any workflow of their organisation');

-- a creator who leaves
select tests.clear_authentication();
insert into public.workflows (organization_id, created_by, name) values (tests.org_id('admin'), tests.uid('deactivated'), 'Kvarlämnat flöde');
delete from auth.users where id = tests.uid('deactivated');
select results_eq($$ select created_by from public.workflows where name = 'Kvarlämnat flöde' $$, array[null::uuid],
  'a workflow outlives its creator, who is then unknown');
select tests.authenticate_as('member');
select is_empty($$ update public.workflows set name = 'Mitt nu' where name = 'Kvarlämnat flöde' returning id $$,
  'a member cannot take over a workflow whose creator has left');

select * from finish();
rollback;
