-- A workflow's manual time (issue 23 item 3, docs/product.md "Figures"): how long the task takes a person by
-- hand, the baseline of "Sparade timmar". Asked once, on the workflow (its details dialog), not per version: it
-- starts as the duration of the recording the workflow was made from (Track & Trace and the onboarding send it
-- with the version, workflow_versions.recorded_duration_ms) and stays whatever a person sets, through later
-- versions saved from the editor (which have no recording). Null until known: such a workflow adds nothing to
-- the hours saved.

alter table public.workflows add column manual_seconds integer check (manual_seconds between 1 and 86400);

-- The first version that brings a recorded duration sets it, in the same update that makes it current (so the
-- audit row of that update names both).
create function private.default_manual_time()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.manual_seconds is null then
    select greatest(1, least(86400, round(v.recorded_duration_ms / 1000.0)))::integer into new.manual_seconds
    from public.workflow_versions v
    where v.workflow_id = new.id and v.version = new.current_version and v.recorded_duration_ms > 0;
  end if;
  return new;
end;
$$;

create trigger workflows_default_manual_time
  before update of current_version on public.workflows
  for each row
  when (new.current_version is distinct from old.current_version)
  execute function private.default_manual_time();

-- Workflows recorded before this migration: the newest recorded duration they have (no audit row: nobody
-- changed anything).
alter table public.workflows disable trigger workflows_audit;
update public.workflows w
set manual_seconds = greatest(1, least(86400, round(v.recorded_duration_ms / 1000.0)))::integer
from (
  select distinct on (workflow_id) workflow_id, recorded_duration_ms
  from public.workflow_versions
  where recorded_duration_ms > 0
  order by workflow_id, version desc
) v
where v.workflow_id = w.id and w.manual_seconds is null;
alter table public.workflows enable trigger workflows_audit;

revoke all on function private.default_manual_time() from public;

-- Whoever may edit the workflow (its creator, superusers, admins: the update policy) may change it.
grant update (manual_seconds) on public.workflows to authenticated;
