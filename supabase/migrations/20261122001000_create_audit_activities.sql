-- The audit trail: append-only for every role, the database owner included. Rows come from the audit
-- triggers (20261122001700) and from members recording an activity as themselves.
create table public.audit_activities (
  id uuid primary key default gen_random_uuid(),
  -- No cascade: an organisation with an audit trail is not deleted by accident.
  organization_id uuid not null default private.current_org_id() references public.organizations (id),
  -- No foreign keys: the trail outlives deleted users, workflows and runs.
  user_id uuid default auth.uid(),
  action text not null check (action ~ '^[a-z][a-z_]{0,63}$'),
  details text not null default '' check (char_length(details) <= 1000),
  workflow_id uuid,
  execution_id uuid,
  resource text,
  ip_address inet,
  metadata jsonb check (metadata is null or jsonb_typeof(metadata) = 'object'),
  created_at timestamptz not null default now()
);

create index audit_activities_organization_id_created_at_idx on public.audit_activities (organization_id, created_at desc);

create function private.reject_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'audit_append_only'
    using errcode = '42501', detail = 'Audit activities cannot be changed or deleted.';
end;
$$;

create trigger audit_activities_append_only
  before update or delete on public.audit_activities
  for each row execute function private.reject_audit_change();

create trigger audit_activities_no_truncate
  before truncate on public.audit_activities
  for each statement execute function private.reject_audit_change();

alter table public.audit_activities enable row level security;

revoke all on public.audit_activities from anon, authenticated;
grant select on public.audit_activities to authenticated;
grant insert (organization_id, user_id, action, details, workflow_id, execution_id, resource, ip_address, metadata)
  on public.audit_activities to authenticated;
grant select, insert on public.audit_activities to service_role;

create policy "members can read the audit trail of their organisation"
  on public.audit_activities for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "members can record activities of their own in their organisation"
  on public.audit_activities for insert
  to authenticated
  with check (organization_id = (select private.current_org_id()) and user_id = (select auth.uid()));
