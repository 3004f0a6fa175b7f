-- Failed workflow steps awaiting a person ('Felkö'). Created by the automation (system); every active
-- member may resolve an item; only superusers and admins may ignore, reopen or re-prioritise one.
create table public.error_queue_items (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  workflow_id uuid not null references public.workflows (id) on delete cascade,
  execution_id uuid not null,
  step_id text,
  error_type text not null check (error_type ~ '^[a-z][a-z0-9_]{0,63}$'),
  error_message text not null default '',
  status public.error_status not null default 'pending',
  priority public.error_priority not null default 'medium',
  resolved_at timestamptz,
  resolved_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index error_queue_items_organization_id_status_created_at_idx
  on public.error_queue_items (organization_id, status, created_at desc);
create index error_queue_items_workflow_id_idx on public.error_queue_items (workflow_id);
create index error_queue_items_resolved_by_idx on public.error_queue_items (resolved_by);

create trigger error_queue_items_set_updated_at
  before update on public.error_queue_items
  for each row execute function private.set_updated_at();

-- Status rules and resolution stamps. resolved_at / resolved_by are always set here, never by the caller.
create function private.guard_error_queue_item_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null and not private.has_role('superuser') then
    if new.priority is distinct from old.priority
       or (new.status is distinct from old.status
           and (old.status in ('resolved', 'ignored') or new.status not in ('in_progress', 'resolved'))) then
      raise exception 'error_status_forbidden'
        using errcode = '42501', detail = 'Only superusers and admins can ignore, reopen or re-prioritise an error.';
    end if;
  end if;

  if new.status = 'resolved' and old.status = 'resolved' then
    new.resolved_at := old.resolved_at;
    new.resolved_by := old.resolved_by;
  elsif new.status = 'resolved' then
    new.resolved_at := now();
    new.resolved_by := auth.uid();
  else
    new.resolved_at := null;
    new.resolved_by := null;
  end if;
  return new;
end;
$$;

create trigger error_queue_items_guard_update
  before update on public.error_queue_items
  for each row execute function private.guard_error_queue_item_update();

alter table public.error_queue_items enable row level security;

revoke all on public.error_queue_items from anon, authenticated;
grant select on public.error_queue_items to authenticated;
grant update (status, priority) on public.error_queue_items to authenticated;
grant select, insert, update, delete on public.error_queue_items to service_role;

create policy "members can read the error queue of their organisation"
  on public.error_queue_items for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "members can work the error queue of their organisation"
  on public.error_queue_items for update
  to authenticated
  using (organization_id = (select private.current_org_id()))
  with check (organization_id = (select private.current_org_id()));
