-- audit_activities: members read their organisation's trail; rows come only from the audit triggers and
-- security-definer functions, so no API role writes one (a member's own token reaches /rest/v1 on a
-- hosted project: a forged `workflow_deleted` row must be impossible); nobody, not even the database
-- owner or the service role, changes or deletes a row.
begin;
select plan(23);
select tests.create_actors();

select tests.clear_authentication();
insert into public.audit_activities (organization_id, user_id, action, details) values
  (tests.org_id('admin'), tests.uid('admin'), 'workflow_executed', 'Flöde A'),
  (tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'workflow_executed', 'Flöde B');

-- select
select tests.authenticate_as('member');
select results_eq($$ select details from public.audit_activities where action = 'workflow_executed' $$, array['Flöde A'],
  'a member reads the audit trail of their organisation only');
select tests.authenticate_as('outsider_admin');
select is_empty(format('select 1 from public.audit_activities where organization_id = %L', tests.org_id('admin')),
  'an admin of another organisation cannot read its audit trail');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.audit_activities $$, 'a deactivated user reads no audit trail');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.audit_activities $$, '42501', null, 'an anonymous visitor cannot read the audit trail');

-- insert: never by an API role, whatever the values (own name, own organisation included)
select tests.authenticate_as('member');
select throws_ok($$ insert into public.audit_activities (action, details, execution_id, metadata)
                    values ('workflow_executed', 'Mitt flöde', gen_random_uuid(), '{"status":"completed"}') $$,
  '42501', null, 'a member cannot record an activity, not even their own');
select throws_ok(format($$ insert into public.audit_activities (organization_id, user_id, action, details) values (%L, %L, 'workflow_deleted', 'Flöde A') $$,
                        tests.org_id('member'), tests.uid('member')),
  '42501', null, 'a member cannot forge a workflow_deleted row in their own name and organisation');
select throws_ok(format($$ insert into public.audit_activities (user_id, action, details) values (%L, 'error_resolved', 'x') $$, tests.uid('admin')),
  '42501', null, 'a member cannot record an activity in a colleague''s name');
select throws_ok(format($$ insert into public.audit_activities (organization_id, action, details) values (%L, 'workflow_deleted', 'x') $$, tests.org_id('outsider_admin')),
  '42501', null, 'a member cannot write into another organisation''s audit trail');
select tests.authenticate_as('admin');
select throws_ok($$ insert into public.audit_activities (action, details, ip_address) values ('error_resolved', 'x', '10.0.0.1') $$,
  '42501', null, 'an admin cannot record activities either');
select tests.authenticate_as('deactivated');
select throws_ok($$ insert into public.audit_activities (action, details) values ('workflow_executed', 'x') $$,
  '42501', null, 'a deactivated user cannot record activities');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.audit_activities (action, details) values ('workflow_executed', 'x') $$,
  '42501', null, 'an anonymous visitor cannot record activities');
select is_empty($$ select 1 from information_schema.role_table_grants g where g.table_schema = 'public' and g.table_name = 'audit_activities'
                   and g.grantee in ('anon', 'authenticated') and g.privilege_type <> 'SELECT'
                   union all
                   select 1 from information_schema.role_column_grants g where g.table_schema = 'public' and g.table_name = 'audit_activities'
                   and g.grantee in ('anon', 'authenticated') and g.privilege_type <> 'SELECT'
                   union all
                   select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = 'audit_activities' and p.cmd <> 'SELECT' $$,
  'no API role holds a write grant or a write policy on the audit trail, at table or column level');
select tests.clear_authentication();
select is((select count(*)::int from public.audit_activities where details in ('Mitt flöde', 'x') or (action = 'workflow_deleted' and details = 'Flöde A')), 0,
  'none of the attempts left a row');

-- update and delete: never
select tests.authenticate_as('admin');
select throws_ok($$ update public.audit_activities set details = 'Ändrad' $$, '42501', null, 'an admin cannot change audit rows');
select throws_ok($$ delete from public.audit_activities $$, '42501', null, 'an admin cannot delete audit rows');
select tests.authenticate_as_anon();
select throws_ok($$ update public.audit_activities set details = 'Ändrad' $$, '42501', null, 'an anonymous visitor cannot change audit rows');
select throws_ok($$ delete from public.audit_activities $$, '42501', null, 'an anonymous visitor cannot delete audit rows');
select tests.clear_authentication();
select throws_ok($$ update public.audit_activities set details = 'Ändrad' $$, '42501', 'audit_append_only',
  'the database owner cannot change audit rows');
select throws_ok($$ delete from public.audit_activities $$, '42501', 'audit_append_only',
  'the database owner cannot delete audit rows');
select throws_ok($$ truncate public.audit_activities $$, '42501', 'audit_append_only',
  'the database owner cannot truncate the audit trail');
set local role service_role;
select throws_ok($$ update public.audit_activities set details = 'Ändrad' $$, '42501', null, 'the service role cannot change audit rows');
select throws_ok($$ delete from public.audit_activities $$, '42501', null, 'the service role cannot delete audit rows');
select tests.clear_authentication();
select is((select count(*)::int from public.audit_activities where details = 'Ändrad'), 0, 'no audit row was changed by any of the attempts');

select * from finish();
rollback;
