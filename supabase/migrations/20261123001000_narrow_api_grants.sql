-- The grant walk (docs/database.md, "What authenticated may do through the Data API"): on a hosted
-- project every grant to `authenticated` is also reachable at /rest/v1 with a member's own token, so
-- `authenticated` keeps only what the api function does as the caller. Everything else is revoked here.

-- 1. The audit trail: rows come only from the audit triggers and security-definer functions. A member
--    could otherwise write a fake `workflow_deleted` or `error_resolved` row in their own name.
--    (Revoking the table privilege also revokes the column-level insert grants.)
drop policy "members can record activities of their own in their organisatio" on public.audit_activities;
revoke insert, update, delete, truncate, references, trigger on public.audit_activities from authenticated, anon;

-- 2. Subscriptions: the function never reads them as the caller (only the registration triggers write
--    them). The select policy stays, so a later grant is still scoped to the member's organisation.
revoke select on public.subscriptions from authenticated;

-- 3. Columns that the function never sets on insert: their defaults (current organisation, auth.uid())
--    are the only values, so the Data API cannot even try another organisation or another author.
revoke insert (organization_id, created_by) on public.workflows from authenticated;
revoke insert (organization_id) on public.payment_methods from authenticated;

-- 4. Workflow versions: saved only through app.save_workflow_definition, which the function calls after
--    validating the definition and refusing blocked targets (internal addresses). A direct insert into
--    workflow_versions plus `update workflows set current_version` would skip both checks, so the
--    function now runs as its owner with the editor check written out, and the direct grants go.
create or replace function app.save_workflow_definition(
  p_workflow_id uuid,
  p_definition jsonb,
  p_source text default 'editor',
  p_recorded_duration_ms integer default null
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_workflow public.workflows;
  v_version integer;
begin
  -- The same people who may change the workflow (its creator, superusers, admins of its organisation;
  -- active members only: current_org_id() is null for a deactivated user).
  select * into v_workflow from public.workflows w
  where w.id = p_workflow_id
    and w.organization_id = (select private.current_org_id())
    and (w.created_by = (select auth.uid()) or (select private.has_role('superuser')))
  for no key update;
  if not found then
    raise exception 'workflow_not_found' using errcode = 'P0002';
  end if;

  select coalesce(max(v.version), 0) + 1 into v_version from public.workflow_versions v where v.workflow_id = p_workflow_id;
  insert into public.workflow_versions (organization_id, workflow_id, version, definition, source, recorded_duration_ms, created_by)
  values (v_workflow.organization_id, p_workflow_id, v_version, p_definition, p_source, p_recorded_duration_ms, (select auth.uid()));
  update public.workflows set current_version = v_version where id = p_workflow_id;
  return v_version;
end;
$$;

revoke all on function app.save_workflow_definition(uuid, jsonb, text, integer) from public, anon;
grant execute on function app.save_workflow_definition(uuid, jsonb, text, integer) to authenticated, service_role;

drop policy "editors of a workflow can save versions of it as themselves" on public.workflow_versions;
revoke insert on public.workflow_versions from authenticated;
revoke update (current_version) on public.workflows from authenticated;
