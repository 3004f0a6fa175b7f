-- Writes the audit trail for changes made through any path: workflows, error resolution, users,
-- the organisation and payment methods. user_id is the acting user (auth.uid(); null for system
-- changes). details is the name of the object; metadata holds ids and the changed field names.

create function private.write_audit(
  p_organization_id uuid,
  p_action text,
  p_details text,
  p_resource text,
  p_workflow_id uuid default null,
  p_execution_id uuid default null,
  p_metadata jsonb default null
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_activities (organization_id, user_id, action, details, resource, workflow_id, execution_id, metadata)
  values (p_organization_id, auth.uid(), p_action, left(coalesce(p_details, ''), 1000), p_resource, p_workflow_id, p_execution_id, p_metadata)
$$;

-- Workflows: created, updated (when anything but updated_at changed), deleted.
create function private.audit_workflow_change()
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
    v_changed := private.changed_fields(to_jsonb(old), to_jsonb(new));
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

create trigger workflows_audit
  after insert or update or delete on public.workflows
  for each row execute function private.audit_workflow_change();

-- Error queue: one error_resolved per transition into 'resolved' (none when already resolved).
create function private.audit_error_resolution()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.write_audit(new.organization_id, 'error_resolved', new.error_message, 'error_queue_item',
    new.workflow_id, new.execution_id,
    jsonb_build_object('errorId', new.id, 'errorType', new.error_type, 'stepId', new.step_id));
  return null;
end;
$$;

create trigger error_queue_items_audit_resolution
  after update of status on public.error_queue_items
  for each row
  when (new.status = 'resolved' and old.status is distinct from 'resolved')
  execute function private.audit_error_resolution();

-- Profiles: user_activated / user_deactivated, and user_updated for name, e-mail or role changes.
create function private.audit_profile_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_changed text[] := array(
    select f from unnest(private.changed_fields(to_jsonb(old), to_jsonb(new))) f where f <> 'is_active'
  );
begin
  if new.is_active is distinct from old.is_active then
    perform private.write_audit(new.organization_id,
      case when new.is_active then 'user_activated' else 'user_deactivated' end,
      new.full_name, 'user', null, null, jsonb_build_object('targetUserId', new.id));
  end if;
  if cardinality(v_changed) > 0 then
    perform private.write_audit(new.organization_id, 'user_updated', new.full_name, 'user', null, null,
      jsonb_build_object('targetUserId', new.id, 'changedFields', v_changed)
        || case when new.role is distinct from old.role
             then jsonb_build_object('previousRole', old.role, 'role', new.role) else '{}'::jsonb end);
  end if;
  return null;
end;
$$;

create trigger profiles_audit
  after update on public.profiles
  for each row execute function private.audit_profile_change();

-- Organisation: organization_updated with the changed field names.
create function private.audit_organization_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_changed text[] := private.changed_fields(to_jsonb(old), to_jsonb(new));
begin
  if cardinality(v_changed) > 0 then
    perform private.write_audit(new.id, 'organization_updated', new.name, 'organization', null, null,
      jsonb_build_object('changedFields', v_changed));
  end if;
  return null;
end;
$$;

create trigger organizations_audit
  after update on public.organizations
  for each row execute function private.audit_organization_change();

-- Payment methods: created, updated, deleted, and default_changed when one becomes the default.
create function private.audit_payment_method_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_changed text[];
begin
  if tg_op = 'INSERT' then
    perform private.write_audit(new.organization_id, 'payment_method_created', new.name, 'payment_method', null, null,
      jsonb_build_object('paymentMethodId', new.id, 'type', new.type, 'isDefault', new.is_default));
  elsif tg_op = 'UPDATE' then
    v_changed := array(
      select f from unnest(private.changed_fields(to_jsonb(old), to_jsonb(new))) f where f <> 'is_default'
    );
    if cardinality(v_changed) > 0 then
      perform private.write_audit(new.organization_id, 'payment_method_updated', new.name, 'payment_method', null, null,
        jsonb_build_object('paymentMethodId', new.id, 'type', new.type, 'changedFields', v_changed));
    end if;
    if new.is_default and not old.is_default then
      perform private.write_audit(new.organization_id, 'payment_method_default_changed', new.name, 'payment_method', null, null,
        jsonb_build_object('paymentMethodId', new.id, 'type', new.type));
    end if;
  else
    perform private.write_audit(old.organization_id, 'payment_method_deleted', old.name, 'payment_method', null, null,
      jsonb_build_object('paymentMethodId', old.id, 'type', old.type));
  end if;
  return null;
end;
$$;

create trigger payment_methods_audit
  after insert or update or delete on public.payment_methods
  for each row execute function private.audit_payment_method_change();
