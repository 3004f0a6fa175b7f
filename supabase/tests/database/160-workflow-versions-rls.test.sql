-- workflow_versions: members read the saved definitions of their organisation; a workflow's editors (its
-- creator, superusers, admins) save new versions through app.save_workflow_definition, which numbers
-- them 1, 2, 3 … and makes the newest current; a saved version never changes and is never deleted
-- through the API; the runner (role kollega_runner) reads every organisation's versions and writes none.
begin;
select plan(43);
select tests.create_actors();


-- Fixtures (as postgres): a workflow of the member, one of the superuser (saved once) and one of the
-- other organisation (saved once).
select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name) values
  ('b1600000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Medlemmens flöde'),
  ('b1600000-0000-4000-8000-000000000002', tests.org_id('admin'), tests.uid('superuser'), 'Superns flöde'),
  ('b1600000-0000-4000-8000-000000000003', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Utomståendes flöde');
insert into public.workflow_versions (organization_id, workflow_id, version, definition, created_by) values
  (tests.org_id('admin'), 'b1600000-0000-4000-8000-000000000002', 1, '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"}]}', tests.uid('superuser')),
  (tests.org_id('outsider_admin'), 'b1600000-0000-4000-8000-000000000003', 1, '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://b.example.se/"}]}', tests.uid('outsider_admin'));
update public.workflows set current_version = 1 where id in ('b1600000-0000-4000-8000-000000000002', 'b1600000-0000-4000-8000-000000000003');

-- insert: app.save_workflow_definition
select tests.authenticate_as('member');
select is(app.save_workflow_definition('b1600000-0000-4000-8000-000000000001',
            '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"},{"id":"s2","type":"click","description":"Logga in","selectors":["#login"]}]}'),
  1, 'a member saves the first definition of their own workflow as version 1');
select is(app.save_workflow_definition('b1600000-0000-4000-8000-000000000001',
            '{"version":1,"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"}]}', 'recorder', 60000),
  2, 'saving again makes version 2: versions increment per save');
select results_eq(
  $$ select version, step_count, source, recorded_duration_ms, created_by = auth.uid() from public.workflow_versions
     where workflow_id = 'b1600000-0000-4000-8000-000000000001' order by version $$,
  $$ values (1, 2, 'editor', null::integer, true), (2, 1, 'recorder', 60000, true) $$,
  'each save keeps its own version with its step count and source, saved in the member''s name');
select is((select current_version from public.workflows where id = 'b1600000-0000-4000-8000-000000000001'), 2,
  'the newest saved version is the workflow''s current version');
select throws_ok($$ select app.save_workflow_definition('b1600000-0000-4000-8000-000000000002', '{"version":1,"steps":[]}') $$,
  'P0002', 'workflow_not_found', 'a member cannot save a definition of a colleague''s workflow');
select throws_ok(format($$ insert into public.workflow_versions (organization_id, workflow_id, version, definition)
                          values (%L, 'b1600000-0000-4000-8000-000000000002', 9, '{"version":1,"steps":[]}') $$, tests.org_id('admin')),
  '42501', null, 'a member cannot write a version of a colleague''s workflow directly either');
select throws_ok(format($$ insert into public.workflow_versions (organization_id, workflow_id, version, definition, created_by)
                          values (%L, 'b1600000-0000-4000-8000-000000000001', 9, '{"version":1,"steps":[]}', %L) $$, tests.org_id('admin'), tests.uid('admin')),
  '42501', null, 'a member cannot save a version in a colleague''s name');
select throws_ok($$ select app.save_workflow_definition('b1600000-0000-4000-8000-000000000001', '{"version":2,"steps":[]}') $$,
  '23514', null, 'a definition must be of format version 1');
-- (refused by the generated step_count before the check constraint sees it, hence 22023)
select throws_ok($$ select app.save_workflow_definition('b1600000-0000-4000-8000-000000000001', '{"version":1,"steps":{}}') $$,
  '22023', null, 'a definition must hold its steps in an array');
select throws_ok($$ select app.save_workflow_definition('b1600000-0000-4000-8000-000000000001', '{"version":1,"steps":[]}', 'clipboard') $$,
  '23514', null, 'a version''s source must be one of editor, recorder, import and template');
select tests.authenticate_as('superuser');
select is(app.save_workflow_definition('b1600000-0000-4000-8000-000000000001', '{"version":1,"steps":[]}', 'import'),
  3, 'a superuser saves a definition of a colleague''s workflow as its next version');
select tests.authenticate_as('admin');
select is(app.save_workflow_definition('b1600000-0000-4000-8000-000000000002', '{"version":1,"steps":[]}', 'template'),
  2, 'an admin saves a definition of any workflow of their organisation as its next version');
select throws_ok($$ select app.save_workflow_definition('b1600000-0000-4000-8000-000000000003', '{"version":1,"steps":[]}') $$,
  'P0002', 'workflow_not_found', 'an admin cannot save a definition of another organisation''s workflow');
select tests.authenticate_as('outsider_admin');
select is(app.save_workflow_definition('b1600000-0000-4000-8000-000000000003', '{"version":1,"steps":[]}'),
  2, 'an admin of another organisation saves definitions of their own workflows');
select throws_ok($$ select app.save_workflow_definition('b1600000-0000-4000-8000-000000000001', '{"version":1,"steps":[]}') $$,
  'P0002', 'workflow_not_found', 'an admin of another organisation cannot save a definition of organisation A''s workflow');
select throws_ok(format($$ insert into public.workflow_versions (organization_id, workflow_id, version, definition)
                          values (%L, 'b1600000-0000-4000-8000-000000000001', 9, '{"version":1,"steps":[]}') $$, tests.org_id('admin')),
  '42501', null, 'an admin of another organisation cannot write a version into organisation A directly');
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.save_workflow_definition('b1600000-0000-4000-8000-000000000001', '{"version":1,"steps":[]}') $$,
  'P0002', 'workflow_not_found', 'a deactivated user cannot save definitions');
select tests.authenticate_as_anon();
select throws_ok($$ select app.save_workflow_definition('b1600000-0000-4000-8000-000000000001', '{"version":1,"steps":[]}') $$,
  '42501', null, 'an anonymous visitor cannot save definitions');
select throws_ok($$ insert into public.workflow_versions (organization_id, workflow_id, version, definition)
                    values (gen_random_uuid(), 'b1600000-0000-4000-8000-000000000001', 9, '{"version":1,"steps":[]}') $$,
  '42501', null, 'an anonymous visitor cannot write versions directly');

-- versions are saved only through app.save_workflow_definition (after the api function's validation and
-- blocked-target check), never written directly, not even for one's own workflow
select tests.authenticate_as('member');
select throws_ok(format($$ insert into public.workflow_versions (organization_id, workflow_id, version, definition, created_by)
                          values (%L, 'b1600000-0000-4000-8000-000000000001', 9, '{"version":1,"steps":[]}', %L) $$, tests.org_id('admin'), tests.uid('member')),
  '42501', null, 'a member cannot write a version of their own workflow directly');
select throws_ok($$ update public.workflows set current_version = 1 where id = 'b1600000-0000-4000-8000-000000000001' $$,
  '42501', null, 'a member cannot point their workflow at another version directly');

-- the workflow may point only at a version that exists
select tests.clear_authentication();
set constraints public.workflows_current_version_fkey immediate;
select throws_ok($$ update public.workflows set current_version = 42 where id = 'b1600000-0000-4000-8000-000000000001' $$,
  '23503', null, 'a workflow cannot be pointed at a version that was never saved');
set constraints public.workflows_current_version_fkey deferred;

-- select
select tests.authenticate_as('member');
select results_eq(
  $$ select w.name, v.version from public.workflow_versions v join public.workflows w on w.id = v.workflow_id order by 1, 2 $$,
  $$ values ('Medlemmens flöde', 1), ('Medlemmens flöde', 2), ('Medlemmens flöde', 3), ('Superns flöde', 1), ('Superns flöde', 2) $$,
  'a member reads every saved version of their organisation''s workflows and no others');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select workflow_id, version from public.workflow_versions order by version $$,
  $$ values ('b1600000-0000-4000-8000-000000000003'::uuid, 1), ('b1600000-0000-4000-8000-000000000003'::uuid, 2) $$,
  'an admin of another organisation reads only their own organisation''s versions');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.workflow_versions $$, 'a deactivated user reads no versions');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.workflow_versions $$, '42501', null, 'an anonymous visitor cannot read versions');

-- update: never
select tests.authenticate_as('member');
select throws_ok($$ update public.workflow_versions set definition = '{"version":1,"steps":[]}' where workflow_id = 'b1600000-0000-4000-8000-000000000001' $$,
  '42501', null, 'a member cannot change a saved version of their own workflow');
select tests.authenticate_as('admin');
select throws_ok($$ update public.workflow_versions set source = 'import' $$, '42501', null,
  'an admin cannot change saved versions');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ update public.workflow_versions set source = 'import' $$, '42501', null,
  'an admin of another organisation cannot change versions');
select tests.authenticate_as_anon();
select throws_ok($$ update public.workflow_versions set source = 'import' $$, '42501', null,
  'an anonymous visitor cannot change versions');
select tests.clear_authentication();
select throws_ok($$ update public.workflow_versions set definition = '{"version":1,"steps":[]}' where workflow_id = 'b1600000-0000-4000-8000-000000000001' and version = 1 $$,
  '42501', 'version_immutable', 'not even the database owner can change a saved version: a change is a new save');

-- delete: not through the API
select tests.authenticate_as('member');
select throws_ok($$ delete from public.workflow_versions where workflow_id = 'b1600000-0000-4000-8000-000000000001' $$,
  '42501', null, 'a member cannot delete versions of their own workflow');
select tests.authenticate_as('admin');
select throws_ok($$ delete from public.workflow_versions $$, '42501', null, 'an admin cannot delete versions');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ delete from public.workflow_versions $$, '42501', null, 'an admin of another organisation cannot delete versions');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.workflow_versions $$, '42501', null, 'an anonymous visitor cannot delete versions');
select tests.clear_authentication();
set local role service_role;
select isnt_empty($$ delete from public.workflow_versions where workflow_id = 'b1600000-0000-4000-8000-000000000001' and version = 1 returning version $$,
  'the service role can delete an old version that is no longer current');

-- the runner (its statements run through tests.as_runner: see the top of the file)
select tests.clear_authentication();
select results_eq(
  $$ select (r ->> 'workflow_id')::uuid, (r ->> 'version')::int from tests.as_runner($q$
       select workflow_id, version from public.workflow_versions
       where workflow_id in ('b1600000-0000-4000-8000-000000000001', 'b1600000-0000-4000-8000-000000000002', 'b1600000-0000-4000-8000-000000000003') $q$) r
     order by 1, 2 $$,
  $$ values ('b1600000-0000-4000-8000-000000000001'::uuid, 2), ('b1600000-0000-4000-8000-000000000001'::uuid, 3),
            ('b1600000-0000-4000-8000-000000000002'::uuid, 1), ('b1600000-0000-4000-8000-000000000002'::uuid, 2),
            ('b1600000-0000-4000-8000-000000000003'::uuid, 1), ('b1600000-0000-4000-8000-000000000003'::uuid, 2) $$,
  'the runner reads the saved versions of every organisation');
select isnt_empty($$ select tests.as_runner($q$ select 1 from public.workflows where id = 'b1600000-0000-4000-8000-000000000003' and current_version = 2 $q$) $$,
  'the runner reads which version of a workflow is current');
select throws_ok($$ select tests.as_runner($q$ insert into public.workflow_versions (organization_id, workflow_id, version, definition)
                    select organization_id, id, 9, '{"version":1,"steps":[]}' from public.workflows where id = 'b1600000-0000-4000-8000-000000000003' $q$) $$,
  '42501', null, 'the runner cannot save versions');
select throws_ok($$ select tests.as_runner($q$ update public.workflow_versions set source = 'import' $q$) $$, '42501', null,
  'the runner cannot change versions');
select throws_ok($$ select tests.as_runner($q$ delete from public.workflow_versions $q$) $$, '42501', null,
  'the runner cannot delete versions');
select throws_ok($$ select tests.as_runner($q$ select app.save_workflow_definition('b1600000-0000-4000-8000-000000000003', '{"version":1,"steps":[]}') $q$) $$,
  '42501', null, 'the runner cannot call app.save_workflow_definition');

-- a workflow's versions go with it
select tests.authenticate_as('member');
delete from public.workflows where id = 'b1600000-0000-4000-8000-000000000001';
select tests.clear_authentication();
select is_empty($$ select 1 from public.workflow_versions where workflow_id = 'b1600000-0000-4000-8000-000000000001' $$,
  'deleting a workflow deletes its saved versions');

select * from finish();
rollback;
