-- public.run_workflow: any active member of the workflow's organisation runs an active workflow; the
-- run is stamped on the workflow and audited once as workflow_executed (never as workflow_updated).
begin;
select plan(16);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (organization_id, created_by, name, status, is_active) values
  (tests.org_id('admin'), tests.uid('admin'), 'Aktivt flöde', 'active', true),
  (tests.org_id('admin'), tests.uid('admin'), 'Utkast', 'draft', false),
  (tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Utomståendes flöde', 'active', true);

create function tests.workflow_id(p_name text) returns uuid language sql stable security definer set search_path = '' as $$
  select w.id from public.workflows w where w.name = p_name
$$;
grant execute on function tests.workflow_id(text) to anon, authenticated;

-- member: allowed once, denied once
select tests.authenticate_as('member');
select isnt(public.run_workflow(tests.workflow_id('Aktivt flöde')), null, 'a member runs an active workflow of their organisation and gets an execution id');
select results_eq(
  $$ select action, details, user_id, workflow_id, execution_id is not null from public.audit_activities where action = 'workflow_executed' $$,
  format($$ values ('workflow_executed', 'Aktivt flöde', %L::uuid, %L::uuid, true) $$, tests.uid('member'), tests.workflow_id('Aktivt flöde')),
  'the run writes one workflow_executed audit row naming the member, the workflow and the execution');
select results_eq(
  $$ select run_count, last_run_at = now() from public.workflows where name = 'Aktivt flöde' $$,
  $$ values (1, true) $$,
  'the run is counted and stamped on the workflow');
select is_empty($$ select 1 from public.audit_activities where action = 'workflow_updated' $$,
  'run statistics are not audited as an edit of the workflow');
select throws_ok(format('select public.run_workflow(%L)', tests.workflow_id('Utkast')), 'P0001', 'workflow_not_active',
  'a member cannot run a workflow that is not active');
select throws_ok($$ update public.workflows set run_count = 99 where name = 'Aktivt flöde' $$, '42501', null,
  'a member still cannot write run statistics directly');

-- superuser and admin: allowed; a run of a workflow that does not exist is not found
select tests.authenticate_as('superuser');
select isnt(public.run_workflow(tests.workflow_id('Aktivt flöde')), null, 'a superuser runs an active workflow');
select throws_ok($$ select public.run_workflow(gen_random_uuid()) $$, 'P0002', 'workflow_not_found',
  'running a workflow that does not exist is not found');
select tests.authenticate_as('admin');
select isnt(public.run_workflow(tests.workflow_id('Aktivt flöde')), null, 'an admin runs an active workflow');
select throws_ok(format('select public.run_workflow(%L)', tests.workflow_id('Utomståendes flöde')), 'P0002', 'workflow_not_found',
  'an admin cannot run (nor learn of) a workflow of another organisation');

-- outsider_admin: their own workflow only
select tests.authenticate_as('outsider_admin');
select isnt(public.run_workflow(tests.workflow_id('Utomståendes flöde')), null, 'an admin of another organisation runs their own workflow');
select throws_ok(format('select public.run_workflow(%L)', tests.workflow_id('Aktivt flöde')), 'P0002', 'workflow_not_found',
  'an admin of another organisation cannot run organisation A''s workflow');

-- deactivated and anon: never
select tests.authenticate_as('deactivated');
select throws_ok(format('select public.run_workflow(%L)', tests.workflow_id('Aktivt flöde')), '42501', 'forbidden',
  'a deactivated user cannot run workflows');
select tests.authenticate_as_anon();
select throws_ok(format('select public.run_workflow(%L)', tests.workflow_id('Aktivt flöde')), '42501', null,
  'an anonymous visitor cannot run workflows');

select tests.clear_authentication();
select is((select run_count from public.workflows where name = 'Aktivt flöde'), 3, 'three runs of organisation A were counted');
select is((select count(*)::int from public.audit_activities where action = 'workflow_executed'
           and organization_id in (tests.org_id('admin'), tests.org_id('outsider_admin'))), 4, 'every run, and only runs, wrote an audit row');

select * from finish();
rollback;
