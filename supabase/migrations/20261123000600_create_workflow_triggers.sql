-- What starts a workflow besides a person: a cron schedule (in a time zone, Europe/Stockholm by default)
-- and a webhook URL. Both create runs through private.start_run, like "Run now".
-- Schedules: the api function validates the cron expression and computes next_run_at (cron-parser); the
-- runner's once-a-minute tick (queue workflow-schedules) starts every due, enabled schedule of an active
-- workflow and computes its next time. Webhooks: the URL carries a random token shown once; only its
-- SHA-256 is stored, so a leaked database does not leak working URLs.
create table public.workflow_schedules (
  workflow_id uuid primary key references public.workflows (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  cron text not null check (char_length(cron) between 9 and 100),
  timezone text not null default 'Europe/Stockholm' check (char_length(timezone) <= 64),
  enabled boolean not null default true,
  next_run_at timestamptz,
  last_run_at timestamptz,
  updated_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index workflow_schedules_organization_id_idx on public.workflow_schedules (organization_id);
create index workflow_schedules_updated_by_idx on public.workflow_schedules (updated_by);
create index workflow_schedules_next_run_at_idx on public.workflow_schedules (next_run_at) where enabled;

create trigger workflow_schedules_set_updated_at
  before update on public.workflow_schedules
  for each row execute function private.set_updated_at();

create table public.workflow_webhooks (
  workflow_id uuid primary key references public.workflows (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  token_hash bytea not null unique,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);

create index workflow_webhooks_organization_id_idx on public.workflow_webhooks (organization_id);
create index workflow_webhooks_created_by_idx on public.workflow_webhooks (created_by);

alter table public.workflow_schedules enable row level security;
alter table public.workflow_webhooks enable row level security;

revoke all on public.workflow_schedules, public.workflow_webhooks from anon, authenticated;
grant select on public.workflow_schedules to authenticated;
grant select (workflow_id, organization_id, created_by, created_at, last_used_at) on public.workflow_webhooks to authenticated;
grant select, update on public.workflow_schedules to kollega_runner;

create policy "members can read the schedules of their organisation"
  on public.workflow_schedules for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "members can see which workflows of their organisation have a webhook"
  on public.workflow_webhooks for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "the runner works every schedule"
  on public.workflow_schedules for all
  to kollega_runner
  using (true) with check (true);

-- The workflow p_workflow_id of the caller's organisation, if the caller may change it (its creator, a
-- superuser or an admin); P0002 'workflow_not_found' / 42501 'forbidden' otherwise.
create function private.editable_workflow(p_workflow_id uuid)
returns public.workflows
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_workflow public.workflows;
begin
  select * into v_workflow from public.workflows w
  where w.id = p_workflow_id and w.organization_id = private.current_org_id()
  for no key update;
  if not found then
    raise exception 'workflow_not_found' using errcode = 'P0002';
  end if;
  if v_workflow.created_by is distinct from auth.uid() and not private.has_role('superuser') then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only its creator, superusers and admins can change a workflow.';
  end if;
  return v_workflow;
end;
$$;

-- PUT /api/workflows/{id}/schedule: sets (p_cron not null) or removes (null) the schedule.
create function app.set_workflow_schedule(p_workflow_id uuid, p_cron text, p_timezone text, p_enabled boolean, p_next_run_at timestamptz)
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
  insert into public.workflow_schedules (workflow_id, organization_id, cron, timezone, enabled, next_run_at, updated_by)
  values (p_workflow_id, v_workflow.organization_id, p_cron, p_timezone, p_enabled, p_next_run_at, auth.uid())
  on conflict (workflow_id) do update
    set cron = excluded.cron, timezone = excluded.timezone, enabled = excluded.enabled,
        next_run_at = excluded.next_run_at, updated_by = excluded.updated_by
  returning * into v_row;
  update public.workflows set start_method = 'scheduled' where id = p_workflow_id and start_method <> 'scheduled';
  perform private.write_audit(v_workflow.organization_id, 'schedule_set', v_workflow.name, 'workflow', p_workflow_id, null,
    jsonb_build_object('cron', p_cron, 'timezone', p_timezone, 'enabled', p_enabled));
  return v_row;
end;
$$;

-- POST /api/workflows/{id}/webhook: a new webhook token for the workflow (the previous one stops
-- working). The caller (the api function) makes the random token and passes it; only its hash is kept.
create function app.create_workflow_webhook(p_workflow_id uuid, p_token text)
returns public.workflow_webhooks
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_workflow public.workflows := private.editable_workflow(p_workflow_id);
  v_row public.workflow_webhooks;
begin
  insert into public.workflow_webhooks (workflow_id, organization_id, token_hash, created_by)
  values (p_workflow_id, v_workflow.organization_id, extensions.digest(p_token, 'sha256'), auth.uid())
  on conflict (workflow_id) do update
    set token_hash = excluded.token_hash, created_by = excluded.created_by, created_at = now(), last_used_at = null
  returning * into v_row;
  update public.workflows set start_method = 'trigger' where id = p_workflow_id and start_method <> 'trigger';
  perform private.write_audit(v_workflow.organization_id, 'webhook_created', v_workflow.name, 'workflow', p_workflow_id);
  return v_row;
end;
$$;

create function app.delete_workflow_webhook(p_workflow_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_workflow public.workflows := private.editable_workflow(p_workflow_id);
begin
  delete from public.workflow_webhooks where workflow_id = p_workflow_id;
  if not found then
    return false;
  end if;
  perform private.write_audit(v_workflow.organization_id, 'webhook_deleted', v_workflow.name, 'workflow', p_workflow_id);
  return true;
end;
$$;

-- POST /api/hooks/{token}: no session; the token is the credential. Called by the api function's pool
-- role (not a user). Returns the new run id, or null when no workflow has this token.
-- Errors: those of private.start_run (workflow_not_active, workflow_has_no_steps).
create function app.trigger_webhook(p_token text, p_inputs jsonb)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_hook public.workflow_webhooks;
  v_workflow public.workflows;
begin
  update public.workflow_webhooks set last_used_at = now()
  where token_hash = extensions.digest(p_token, 'sha256')
  returning * into v_hook;
  if not found then
    return null;
  end if;
  select * into v_workflow from public.workflows where id = v_hook.workflow_id;
  return private.start_run(v_workflow, 'webhook', p_inputs, null);
end;
$$;

-- The runner's schedule tick: starts the run of one due schedule (locked by the caller's transaction)
-- and stores the next time the caller computed. A schedule of a workflow that is not active or has no
-- steps is moved on without a run. Returns the run id or null.
create function app.start_scheduled_run(p_workflow_id uuid, p_next_run_at timestamptz)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_workflow public.workflows;
  v_run_id uuid;
begin
  update public.workflow_schedules set next_run_at = p_next_run_at, last_run_at = now() where workflow_id = p_workflow_id;
  select * into v_workflow from public.workflows where id = p_workflow_id;
  if v_workflow.status <> 'active' then
    return null;
  end if;
  begin
    v_run_id := private.start_run(v_workflow, 'schedule', '{}', null);
  exception when sqlstate 'P0001' then
    return null;
  end;
  return v_run_id;
end;
$$;

revoke all on function private.editable_workflow(uuid) from public;
revoke all on function app.set_workflow_schedule(uuid, text, text, boolean, timestamptz) from public, anon;
revoke all on function app.create_workflow_webhook(uuid, text) from public, anon;
revoke all on function app.delete_workflow_webhook(uuid) from public, anon;
revoke all on function app.trigger_webhook(text, jsonb) from public, anon, authenticated;
revoke all on function app.start_scheduled_run(uuid, timestamptz) from public, anon, authenticated;
grant execute on function app.set_workflow_schedule(uuid, text, text, boolean, timestamptz) to authenticated, service_role;
grant execute on function app.create_workflow_webhook(uuid, text) to authenticated, service_role;
grant execute on function app.delete_workflow_webhook(uuid) to authenticated, service_role;
grant execute on function app.trigger_webhook(text, jsonb) to service_role;
grant usage on schema app to kollega_runner;
grant execute on function app.start_scheduled_run(uuid, timestamptz) to kollega_runner;
