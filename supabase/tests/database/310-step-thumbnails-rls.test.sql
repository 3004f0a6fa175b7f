-- step_thumbnails: members read the pictures of their organisation's steps; the workflow's creator,
-- superusers and admins add and replace them (the organisation from the caller, never given); nobody
-- deletes one (they go with their workflow); another organisation neither reads nor writes them; a
-- picture is at most 20 KB.
begin;
select plan(15);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name) values
  ('b3100000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('admin'), 'Leverantörer'),
  ('b3100000-0000-4000-8000-000000000002', tests.org_id('member'), tests.uid('member'), 'Medlemmens flöde'),
  ('b3100000-0000-4000-8000-000000000003', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Annat bolag');
insert into public.step_thumbnails (workflow_id, step_id, organization_id, jpeg) values
  ('b3100000-0000-4000-8000-000000000001', 's1', tests.org_id('admin'), '\xffd8a1'::bytea),
  ('b3100000-0000-4000-8000-000000000003', 's1', tests.org_id('outsider_admin'), '\xffd8b2'::bytea);

-- select
select tests.authenticate_as('member');
select results_eq($$ select workflow_id from public.step_thumbnails $$, array['b3100000-0000-4000-8000-000000000001'::uuid],
  'a member reads the step pictures of their organisation and no others');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select workflow_id from public.step_thumbnails $$, array['b3100000-0000-4000-8000-000000000003'::uuid],
  'an admin of another organisation reads none of organisation A''s step pictures');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.step_thumbnails $$, 'a deactivated user reads no step pictures');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.step_thumbnails $$, '42501', null, 'an anonymous visitor cannot read step pictures');

-- insert
select tests.authenticate_as('member');
select throws_ok($$ insert into public.step_thumbnails (workflow_id, step_id, jpeg) values ('b3100000-0000-4000-8000-000000000001', 's2', '\xffd8'::bytea) $$,
  '42501', null, 'a member cannot add a picture to a workflow they may not change');
select lives_ok($$ insert into public.step_thumbnails (workflow_id, step_id, jpeg) values ('b3100000-0000-4000-8000-000000000002', 's1', '\xffd8'::bytea) $$,
  'a member adds a picture to a step of a workflow they created');
select tests.authenticate_as('superuser');
select lives_ok($$ insert into public.step_thumbnails (workflow_id, step_id, jpeg) values ('b3100000-0000-4000-8000-000000000001', 's2', '\xffd8'::bytea) $$,
  'a superuser adds a picture to any workflow of their organisation');
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.step_thumbnails (workflow_id, step_id, organization_id, jpeg) values ('b3100000-0000-4000-8000-000000000001', 's3', %L, '\xffd8'::bytea) $$, tests.org_id('outsider_admin')),
  '42501', null, 'an admin cannot name the organisation of a picture (it is always their own)');
select throws_ok(format($$ insert into public.step_thumbnails (workflow_id, step_id, jpeg) values ('b3100000-0000-4000-8000-000000000001', 's3', %L::bytea) $$, '\x' || repeat('ff', 20481)),
  '23514', null, 'a picture larger than 20 KB is refused');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ insert into public.step_thumbnails (workflow_id, step_id, jpeg) values ('b3100000-0000-4000-8000-000000000001', 's4', '\xffd8'::bytea) $$,
  '42501', null, 'an admin of another organisation cannot add a picture to organisation A''s workflow');

-- update
select tests.authenticate_as('admin');
select results_eq($$ update public.step_thumbnails set jpeg = '\xffd8c3'::bytea where workflow_id = 'b3100000-0000-4000-8000-000000000001' and step_id = 's1' returning workflow_id $$,
  array['b3100000-0000-4000-8000-000000000001'::uuid], 'an admin replaces a picture of their organisation''s step');
select tests.authenticate_as('member');
select is_empty($$ update public.step_thumbnails set jpeg = '\xffd8d4'::bytea where workflow_id = 'b3100000-0000-4000-8000-000000000001' returning 1 $$,
  'a member cannot replace a picture of a workflow they may not change');
select tests.authenticate_as('outsider_admin');
select is_empty($$ update public.step_thumbnails set jpeg = '\xffd8e5'::bytea where workflow_id = 'b3100000-0000-4000-8000-000000000001' returning 1 $$,
  'an admin of another organisation cannot replace organisation A''s pictures');

-- delete
select tests.authenticate_as('admin');
select throws_ok($$ delete from public.step_thumbnails where workflow_id = 'b3100000-0000-4000-8000-000000000001' $$,
  '42501', null, 'nobody deletes a picture through the API (it goes with its workflow)');
select tests.clear_authentication();
delete from public.workflows where id = 'b3100000-0000-4000-8000-000000000001';
select is_empty($$ select 1 from public.step_thumbnails where workflow_id = 'b3100000-0000-4000-8000-000000000001' $$,
  'a workflow''s step pictures go with it');

select * from finish();
rollback;
