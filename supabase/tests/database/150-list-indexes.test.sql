-- The hot list reads of the data API, as the routes send them, are served by indexes under RLS with a
-- few thousand rows of two organisations present (no enable_seqscan tricks: the planner's own choice).
begin;
select plan(6);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (organization_id, created_by, name, status, last_run_at, run_count, created_at)
select case when i % 2 = 0 then tests.org_id('admin') else tests.org_id('outsider_admin') end, null, 'Flöde ' || i, 'active',
       case when i % 3 > 0 then now() - make_interval(mins => i) end, i, now() - make_interval(secs => i)
from generate_series(1, 6000) i;
insert into public.audit_activities (organization_id, user_id, action, details, created_at)
select case when i % 2 = 0 then tests.org_id('admin') else tests.org_id('outsider_admin') end,
       case when i % 5 = 0 then tests.uid('member') else tests.uid('admin') end,
       (array['workflow_executed', 'workflow_updated', 'error_resolved', 'user_updated'])[i % 4 + 1], 'Rad ' || i,
       now() - make_interval(secs => i)
from generate_series(1, 8000) i;
analyze public.workflows;
analyze public.audit_activities;

create function tests.list_plan(p_query text) returns text language plpgsql set search_path = '' as $$
declare
  v_line text;
  v_plan text := '';
begin
  for v_line in execute 'explain ' || p_query loop
    v_plan := v_plan || v_line || E'\n';
  end loop;
  return v_plan;
end;
$$;
grant execute on function tests.list_plan(text) to authenticated;

select tests.authenticate_as('member');
select matches(
  tests.list_plan($$ select a.id, p.full_name from public.audit_activities a left join public.profiles p on p.id = a.user_id
                     where true order by a.created_at desc, a.id desc limit 50 $$),
  'Index Scan using audit_activities_organization_id_created_at_idx',
  'the audit trail / recent activity, newest first, is read through the (organization_id, created_at) index');
select matches(
  tests.list_plan(format($$ select a.id from public.audit_activities a where true and a.user_id = %L
                            order by a.created_at desc, a.id desc limit 50 $$, tests.uid('member'))),
  'audit_activities_organization_id_user_id_created_at_idx',
  'the audit trail filtered by user is read through the (organization_id, user_id, created_at) index');
select matches(
  tests.list_plan($$ select a.id from public.audit_activities a where true and a.action = 'error_resolved'
                     order by a.created_at desc, a.id desc limit 50 $$),
  'audit_activities_organization_id_action_created_at_idx',
  'the audit trail filtered by action is read through the (organization_id, action, created_at) index');
select matches(
  tests.list_plan(format($$ select a.id from public.audit_activities a
                            where true and a.created_at <= %L::timestamptz and (a.created_at, a.id) < (%L::timestamptz, %L::uuid)
                            order by a.created_at desc, a.id desc limit 50 $$, now() - interval '1 hour', now() - interval '1 hour', gen_random_uuid())),
  'Index Cond: \(\(organization_id = \$\d+\) AND \(created_at <= ',
  'a later page of the audit trail starts in the index at its keyset position');
select matches(
  tests.list_plan($$ select id, name from public.workflows where true order by created_at desc, id desc limit 500 $$),
  'workflows_organization_id_created_at_idx',
  'the workflow list, newest first, is read through the (organization_id, created_at) index');
select matches(
  tests.list_plan($$ select id, name from public.workflows order by last_run_at desc nulls last, id limit 10 $$),
  'workflows_organization_id_last_run_at_idx',
  'the workflow performance list, most recently run first, is read through the (organization_id, last_run_at) index');

select * from finish();
rollback;
