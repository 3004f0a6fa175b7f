-- Running a workflow by hand (POST /api/workflows/{id}/run). Users cannot write run statistics, so a
-- narrow security-definer function records the run: it stamps last_run_at, counts the run and writes
-- one `workflow_executed` audit activity carrying the new execution id. The run statistics are not
-- a change a person made to the workflow, so they no longer produce a `workflow_updated` row.

-- Same as in 20261122001700, except that a change of only the run statistics is not audited as an update.
create or replace function private.audit_workflow_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_changed text[];
begin
  if tg_op = 'INSERT' then
    perform private.write_audit(new.organization_id, 'workflow_created', new.name, 'workflow', new.id, null,
      jsonb_build_object('category', new.category, 'startMethod', new.start_method));
  elsif tg_op = 'UPDATE' then
    v_changed := array(
      select f from unnest(private.changed_fields(to_jsonb(old), to_jsonb(new))) f
      where f not in ('last_run_at', 'run_count', 'success_rate')
    );
    if cardinality(v_changed) > 0 then
      perform private.write_audit(new.organization_id, 'workflow_updated', new.name, 'workflow', new.id, null,
        jsonb_build_object('changedFields', v_changed, 'status', new.status));
    end if;
  else
    perform private.write_audit(old.organization_id, 'workflow_deleted', old.name, 'workflow', old.id);
  end if;
  return null;
end;
$$;

-- Starts a run of an active workflow of the caller's organisation and returns its execution id.
-- Errors: 42501 'forbidden' (no active caller), P0002 'workflow_not_found' (no such workflow in the
-- caller's organisation), P0001 'workflow_not_active' (status is not active).
create function public.run_workflow(p_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
  v_workflow public.workflows;
  v_execution_id uuid := pg_catalog.gen_random_uuid();
begin
  if v_organization_id is null then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only active members can run workflows.';
  end if;

  select * into v_workflow
  from public.workflows w
  where w.id = p_id and w.organization_id = v_organization_id
  for no key update;
  if not found then
    raise exception 'workflow_not_found' using errcode = 'P0002';
  end if;
  if v_workflow.status <> 'active' then
    raise exception 'workflow_not_active' using errcode = 'P0001', detail = 'Only active workflows can be run.';
  end if;

  update public.workflows
  set last_run_at = now(), run_count = run_count + 1
  where id = p_id;

  perform private.write_audit(v_organization_id, 'workflow_executed', v_workflow.name, 'workflow', p_id, v_execution_id,
    jsonb_build_object('trigger', 'manual', 'runNumber', v_workflow.run_count + 1));
  return v_execution_id;
end;
$$;

revoke all on function public.run_workflow(uuid) from public, anon;
grant execute on function public.run_workflow(uuid) to authenticated, service_role;
