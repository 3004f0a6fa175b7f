-- error_queue_items: members read their organisation's queue and resolve items; only superusers and
-- admins ignore, reopen or re-prioritise; items come from the automation (system) only; every
-- transition into 'resolved' writes exactly one error_resolved audit row.
begin;
select plan(28);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name) values
  ('b1000000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Flöde A'),
  ('b1000000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Flöde B');
-- Items come from failed runs: one run per item (the execution id is the run's).
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b1000000-0000-4000-8000-000000000001', 1, '{"version":1,"steps":[{"id":"step-1","type":"wait","ms":1},{"id":"step-2","type":"wait","ms":1}]}'),
  (tests.org_id('outsider_admin'), 'b1000000-0000-4000-8000-000000000002', 1, '{"version":1,"steps":[{"id":"step-1","type":"wait","ms":1}]}');
insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, status, step_count, finished_at) values
  ('f1100000-0000-4000-8000-000000000001', tests.org_id('admin'), 'b1000000-0000-4000-8000-000000000001', 1, 'manual', 'failed', 2, now()),
  ('f1100000-0000-4000-8000-000000000002', tests.org_id('admin'), 'b1000000-0000-4000-8000-000000000001', 1, 'manual', 'failed', 2, now()),
  ('f1100000-0000-4000-8000-000000000003', tests.org_id('admin'), 'b1000000-0000-4000-8000-000000000001', 1, 'manual', 'failed', 2, now()),
  ('f1100000-0000-4000-8000-000000000004', tests.org_id('outsider_admin'), 'b1000000-0000-4000-8000-000000000002', 1, 'manual', 'failed', 1, now()),
  ('f1100000-0000-4000-8000-000000000005', tests.org_id('admin'), 'b1000000-0000-4000-8000-000000000001', 1, 'manual', 'failed', 2, now());
insert into public.error_queue_items (id, organization_id, workflow_id, execution_id, step_id, error_type, error_message) values
  ('c1000000-0000-4000-8000-000000000001', tests.org_id('admin'), 'b1000000-0000-4000-8000-000000000001', 'f1100000-0000-4000-8000-000000000001', 'step-1', 'network_error', 'Servern svarade inte'),
  ('c1000000-0000-4000-8000-000000000002', tests.org_id('admin'), 'b1000000-0000-4000-8000-000000000001', 'f1100000-0000-4000-8000-000000000002', 'step-2', 'timeout', 'Tidsgräns'),
  ('c1000000-0000-4000-8000-000000000003', tests.org_id('admin'), 'b1000000-0000-4000-8000-000000000001', 'f1100000-0000-4000-8000-000000000003', null, 'validation_error', 'Fält saknas'),
  ('c1000000-0000-4000-8000-000000000004', tests.org_id('outsider_admin'), 'b1000000-0000-4000-8000-000000000002', 'f1100000-0000-4000-8000-000000000004', null, 'timeout', 'Tidsgräns B');

-- select
select tests.authenticate_as('member');
select is((select count(*)::int from public.error_queue_items where status = 'pending'), 3,
  'a member reads the pending errors of their organisation and no others');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select error_message from public.error_queue_items $$, array['Tidsgräns B'],
  'an admin of another organisation reads only their own errors');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.error_queue_items $$, 'a deactivated user reads no errors');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.error_queue_items $$, '42501', null, 'an anonymous visitor cannot read errors');

-- insert: the automation only
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.error_queue_items (organization_id, workflow_id, execution_id, error_type)
                          values (%L, 'b1000000-0000-4000-8000-000000000001', gen_random_uuid(), 'timeout') $$, tests.org_id('admin')),
  '42501', 'permission denied for table error_queue_items', 'an admin cannot create error items through the API');
select tests.authenticate_as('member');
select throws_ok(format($$ insert into public.error_queue_items (organization_id, workflow_id, execution_id, error_type)
                          values (%L, 'b1000000-0000-4000-8000-000000000001', gen_random_uuid(), 'timeout') $$, tests.org_id('admin')),
  '42501', null, 'a member cannot create error items');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.error_queue_items (organization_id, workflow_id, execution_id, error_type)
                    values (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'timeout') $$,
  '42501', null, 'an anonymous visitor cannot create error items');
select tests.clear_authentication();
set local role service_role;
select isnt_empty(format($$ insert into public.error_queue_items (organization_id, workflow_id, execution_id, error_type)
                          values (%L, 'b1000000-0000-4000-8000-000000000001', 'f1100000-0000-4000-8000-000000000005', 'element_not_found') returning id $$, tests.org_id('admin')),
  'the automation (service role) reports an error item');

-- update: resolving
select tests.authenticate_as('member');
select results_eq(
  $$ update public.error_queue_items set status = 'resolved' where id = 'c1000000-0000-4000-8000-000000000001'
     returning status::text, resolved_by = auth.uid(), resolved_at is not null $$,
  $$ values ('resolved', true, true) $$,
  'a member resolves an error and is recorded as the resolver');
select results_eq(
  $$ select count(*)::int, min(user_id::text) = auth.uid()::text from public.audit_activities
     where action = 'error_resolved' and metadata ->> 'errorId' = 'c1000000-0000-4000-8000-000000000001' $$,
  $$ values (1, true) $$,
  'resolving writes exactly one error_resolved audit row naming the member');
update public.error_queue_items set status = 'resolved' where id = 'c1000000-0000-4000-8000-000000000001';
select is((select count(*)::int from public.audit_activities where action = 'error_resolved' and metadata ->> 'errorId' = 'c1000000-0000-4000-8000-000000000001'), 1,
  'resolving an already resolved error writes no second audit row');
select throws_ok($$ update public.error_queue_items set resolved_by = null, resolved_at = now() - interval '1 year' $$, '42501', null,
  'a member cannot forge who resolved an error or when');
select throws_ok($$ update public.error_queue_items set status = 'ignored' where id = 'c1000000-0000-4000-8000-000000000002' $$,
  '42501', 'error_status_forbidden', 'a member cannot ignore an error');
select throws_ok($$ update public.error_queue_items set priority = 'high' where id = 'c1000000-0000-4000-8000-000000000002' $$,
  '42501', 'error_status_forbidden', 'a member cannot re-prioritise an error');
select throws_ok($$ update public.error_queue_items set status = 'pending' where id = 'c1000000-0000-4000-8000-000000000001' $$,
  '42501', 'error_status_forbidden', 'a member cannot reopen a resolved error');
select isnt_empty($$ update public.error_queue_items set status = 'in_progress' where id = 'c1000000-0000-4000-8000-000000000003' returning id $$,
  'a member can take an error into work');
select tests.authenticate_as('superuser');
select isnt_empty($$ update public.error_queue_items set status = 'ignored', priority = 'low' where id = 'c1000000-0000-4000-8000-000000000002' returning id $$,
  'a superuser can ignore and re-prioritise an error');
select tests.authenticate_as('admin');
select results_eq(
  $$ update public.error_queue_items set status = 'pending' where id = 'c1000000-0000-4000-8000-000000000001'
     returning resolved_at, resolved_by $$,
  $$ values (null::timestamptz, null::uuid) $$,
  'an admin can reopen a resolved error, which clears the resolution');
select isnt_empty($$ update public.error_queue_items set status = 'resolved' where id = 'c1000000-0000-4000-8000-000000000001' returning id $$,
  'an admin can resolve an error');
select is((select count(*)::int from public.audit_activities where action = 'error_resolved' and metadata ->> 'errorId' = 'c1000000-0000-4000-8000-000000000001'), 2,
  'resolving a reopened error writes a new error_resolved audit row: one per transition');
select tests.authenticate_as('outsider_admin');
select is_empty($$ update public.error_queue_items set status = 'resolved' where id = 'c1000000-0000-4000-8000-000000000003' returning id $$,
  'an admin of another organisation cannot resolve its errors');
select tests.authenticate_as('deactivated');
select is_empty($$ update public.error_queue_items set status = 'resolved' returning id $$,
  'a deactivated user cannot resolve errors');
select tests.authenticate_as_anon();
select throws_ok($$ update public.error_queue_items set status = 'resolved' $$, '42501', null, 'an anonymous visitor cannot resolve errors');
select tests.clear_authentication();
select is((select count(*)::int from public.error_queue_items where id = 'c1000000-0000-4000-8000-000000000004' and status = 'pending'), 1,
  'the other organisation''s error is untouched');

-- delete: errors are resolved or ignored, never deleted through the API
select tests.authenticate_as('admin');
select throws_ok($$ delete from public.error_queue_items $$, '42501', null, 'an admin cannot delete errors');
select tests.authenticate_as('member');
select throws_ok($$ delete from public.error_queue_items $$, '42501', null, 'a member cannot delete errors');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.error_queue_items $$, '42501', null, 'an anonymous visitor cannot delete errors');
select tests.authenticate_as('member');
delete from public.workflows where id = 'b1000000-0000-4000-8000-000000000001';
select tests.clear_authentication();
select is_empty($$ select 1 from public.error_queue_items where workflow_id = 'b1000000-0000-4000-8000-000000000001' $$,
  'deleting a workflow deletes its errors');

select * from finish();
rollback;
