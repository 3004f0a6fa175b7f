-- Run inputs (docs/automation.md "Run inputs"): a schedule keeps fixed values for the inputs its workflow
-- declares (checked by the api when the schedule or the definition is saved), and every run it starts gets
-- them. A webhook call is checked against the declared inputs before its run starts: the api reads the current
-- definition behind a token through app.webhook_definition (the token is the credential, as for the trigger).

alter table public.workflow_schedules
  add column inputs jsonb not null default '{}' check (jsonb_typeof(inputs) = 'object' and pg_column_size(inputs) <= 65536);

drop function app.set_workflow_schedule(uuid, text, text, boolean, timestamptz);

-- PUT /api/workflows/{id}/schedule: sets (p_cron not null) or removes (null) the schedule, with the input values
-- its runs use.
create function app.set_workflow_schedule(p_workflow_id uuid, p_cron text, p_timezone text, p_enabled boolean, p_next_run_at timestamptz,
                                          p_inputs jsonb default '{}')
returns public.workflow_schedules
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_workflow public.workflows := private.editable_workflow(p_workflow_id);
  v_row public.workflow_schedules;
begin
  if p_cron is null then
    delete from public.workflow_schedules where workflow_id = p_workflow_id returning * into v_row;
    perform private.write_audit(v_workflow.organization_id, 'schedule_removed', v_workflow.name, 'workflow', p_workflow_id);
    return v_row;
  end if;
  insert into public.workflow_schedules (workflow_id, organization_id, cron, timezone, enabled, next_run_at, updated_by, inputs)
  values (p_workflow_id, v_workflow.organization_id, p_cron, p_timezone, p_enabled, p_next_run_at, auth.uid(), coalesce(p_inputs, '{}'))
  on conflict (workflow_id) do update
    set cron = excluded.cron, timezone = excluded.timezone, enabled = excluded.enabled,
        next_run_at = excluded.next_run_at, updated_by = excluded.updated_by, inputs = excluded.inputs
  returning * into v_row;
  update public.workflows set start_method = 'scheduled' where id = p_workflow_id and start_method <> 'scheduled';
  perform private.write_audit(v_workflow.organization_id, 'schedule_set', v_workflow.name, 'workflow', p_workflow_id, null,
    jsonb_build_object('cron', p_cron, 'timezone', p_timezone, 'enabled', p_enabled, 'inputs', coalesce(p_inputs, '{}')));
  return v_row;
end;
$$;

-- The runner's schedule tick (as in 20261123000600), now starting the run with the schedule's input values.
create or replace function app.start_scheduled_run(p_workflow_id uuid, p_next_run_at timestamptz)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_workflow public.workflows;
  v_inputs jsonb;
  v_run_id uuid;
begin
  update public.workflow_schedules set next_run_at = p_next_run_at, last_run_at = now() where workflow_id = p_workflow_id
  returning inputs into v_inputs;
  select * into v_workflow from public.workflows where id = p_workflow_id;
  if v_workflow.status <> 'active' then
    return null;
  end if;
  begin
    v_run_id := private.start_run(v_workflow, 'schedule', coalesce(v_inputs, '{}'), null);
  exception when sqlstate 'P0001' then
    return null;
  end;
  return v_run_id;
end;
$$;

-- POST /api/hooks: the current definition of the workflow behind a webhook token (null for an unknown token),
-- so the api can check the payload against its declared inputs. Called by the api function's pool role.
create function app.webhook_definition(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select v.definition
  from public.workflow_webhooks h
  join public.workflows w on w.id = h.workflow_id
  join public.workflow_versions v on v.workflow_id = w.id and v.version = w.current_version
  where h.token_hash = extensions.digest(p_token, 'sha256')
$$;

revoke all on function app.set_workflow_schedule(uuid, text, text, boolean, timestamptz, jsonb) from public, anon;
revoke all on function app.webhook_definition(text) from public, anon, authenticated;
grant execute on function app.set_workflow_schedule(uuid, text, text, boolean, timestamptz, jsonb) to authenticated, service_role;
grant execute on function app.webhook_definition(text) to service_role;
