-- Whether a workflow's current version has a "Logga in själv" (login) step (issue 22): such a workflow runs only
-- in a person's own browser whatever its run_location says (private.start_run), so a list of workflows must know it
-- without reading every definition: the workflow card offers "Kör i min webbläsare" only where a workflow may run
-- attended (run_location 'attended' or 'both', or a login step). Kept by the database, never written by a member:
-- set from the version that becomes current, in the same update (as manual_seconds' default, 20261128200100).

alter table public.workflows add column has_login_step boolean not null default false;

create function private.set_workflow_has_login_step()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.has_login_step := coalesce((
    select private.definition_needs_person(v.definition)
    from public.workflow_versions v
    where v.workflow_id = new.id and v.version = new.current_version
  ), false);
  return new;
end;
$$;

-- On insert too: a new workflow has no version yet, so whatever an insert says, it starts false.
create trigger workflows_has_login_step
  before insert or update of current_version on public.workflows
  for each row
  execute function private.set_workflow_has_login_step();

-- Workflows saved before this migration (no audit row: nobody changed anything).
alter table public.workflows disable trigger workflows_audit;
update public.workflows w
set has_login_step = true
from public.workflow_versions v
where v.workflow_id = w.id and v.version = w.current_version and private.definition_needs_person(v.definition);
alter table public.workflows enable trigger workflows_audit;

revoke all on function private.set_workflow_has_login_step() from public;
