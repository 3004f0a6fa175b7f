-- Workflow definitions (format v1, supabase/functions/_shared/schemas/definition.ts). Every save is a new,
-- immutable version; the workflow points at its current one and every run at the version it ran.
-- The api function validates a definition with the shared zod schema before it saves it; the database
-- keeps the shape's invariants it can check (an object with version 1 and a steps array, at most 1 MB).
-- A version is written by app.save_workflow_definition, which runs as the caller: RLS decides who may.
alter table public.workflows add column current_version integer;

create table public.workflow_versions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  workflow_id uuid not null references public.workflows (id) on delete cascade,
  version integer not null check (version > 0),
  definition jsonb not null check (
    jsonb_typeof(definition) = 'object'
    and definition ->> 'version' = '1'
    and jsonb_typeof(definition -> 'steps') = 'array'
    and pg_column_size(definition) <= 1048576
  ),
  step_count integer generated always as (jsonb_array_length(definition -> 'steps')) stored,
  -- Where the version came from: the step editor, Track & Trace, an import, a template.
  source text not null default 'editor' check (source in ('editor', 'recorder', 'import', 'template')),
  -- How long the person took when the steps were recorded (the manual baseline of "time saved").
  recorded_duration_ms integer check (recorded_duration_ms >= 0),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (workflow_id, version)
);

create index workflow_versions_organization_id_idx on public.workflow_versions (organization_id);
create index workflow_versions_created_by_idx on public.workflow_versions (created_by);

create index workflows_id_current_version_idx on public.workflows (id, current_version);
alter table public.workflows
  add constraint workflows_current_version_fkey foreign key (id, current_version)
  references public.workflow_versions (workflow_id, version) deferrable initially deferred;

-- Versions never change: a new save is a new version.
create function private.reject_version_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'version_immutable' using errcode = '42501', detail = 'Saved workflow versions cannot be changed.';
end;
$$;

create trigger workflow_versions_immutable
  before update on public.workflow_versions
  for each row execute function private.reject_version_change();

alter table public.workflow_versions enable row level security;

revoke all on public.workflow_versions from anon, authenticated;
grant select on public.workflow_versions to authenticated;
grant insert (organization_id, workflow_id, version, definition, source, recorded_duration_ms, created_by)
  on public.workflow_versions to authenticated;
grant select, insert, delete on public.workflow_versions to service_role;
grant update (current_version) on public.workflows to authenticated;

create policy "members can read the workflow versions of their organisation"
  on public.workflow_versions for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

-- The same people who may change the workflow (its creator, superusers, admins) may save a version of it.
create policy "editors of a workflow can save versions of it as themselves"
  on public.workflow_versions for insert
  to authenticated
  with check (
    organization_id = (select private.current_org_id())
    and created_by = (select auth.uid())
    and exists (
      select 1 from public.workflows w
      where w.id = workflow_id
        and w.organization_id = (select private.current_org_id())
        and (w.created_by = (select auth.uid()) or (select private.has_role('superuser')))
    )
  );

-- Saves a definition as the workflow's next version and makes it current; returns the version number.
-- Runs as the caller (security invoker), so the workflow must be one the caller may update: the row lock
-- needs the update policy, the insert the policy above. Concurrent saves queue on the row lock.
-- Errors: P0002 'workflow_not_found' (no such workflow the caller may edit).
create function app.save_workflow_definition(
  p_workflow_id uuid,
  p_definition jsonb,
  p_source text default 'editor',
  p_recorded_duration_ms integer default null
)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_workflow public.workflows;
  v_version integer;
begin
  select * into v_workflow from public.workflows w where w.id = p_workflow_id for no key update;
  if not found then
    raise exception 'workflow_not_found' using errcode = 'P0002';
  end if;

  select coalesce(max(v.version), 0) + 1 into v_version from public.workflow_versions v where v.workflow_id = p_workflow_id;
  insert into public.workflow_versions (organization_id, workflow_id, version, definition, source, recorded_duration_ms)
  values (v_workflow.organization_id, p_workflow_id, v_version, p_definition, p_source, p_recorded_duration_ms);
  update public.workflows set current_version = v_version where id = p_workflow_id;
  return v_version;
end;
$$;

revoke all on function app.save_workflow_definition(uuid, jsonb, text, integer) from public, anon;
grant execute on function app.save_workflow_definition(uuid, jsonb, text, integer) to authenticated, service_role;
