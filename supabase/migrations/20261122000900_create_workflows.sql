-- Recorded workflows of an organisation. Every member creates them; the creator, superusers and admins
-- change and delete them. Run statistics (last_run_at, success_rate, run_count) are written by the system.
create table public.workflows (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  description text not null default '',
  category text not null default 'Övrigt' check (category in (
    'Fastighetsadministration', 'Ärendehantering', 'Rapportering', 'Avtalshantering', 'Underhåll och service', 'Övrigt'
  )),
  start_method public.workflow_start_method not null default 'manual',
  status public.workflow_status not null default 'draft',
  is_active boolean not null default false,
  last_run_at timestamptz,
  success_rate numeric(5, 2) check (success_rate between 0 and 100),
  run_count integer not null default 0 check (run_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index workflows_organization_id_created_at_idx on public.workflows (organization_id, created_at desc);
create index workflows_created_by_idx on public.workflows (created_by);

create trigger workflows_set_updated_at
  before update on public.workflows
  for each row execute function private.set_updated_at();

alter table public.workflows enable row level security;

revoke all on public.workflows from anon, authenticated;
grant select, delete on public.workflows to authenticated;
grant insert (organization_id, created_by, name, description, category, start_method, status, is_active) on public.workflows to authenticated;
grant update (name, description, category, start_method, status, is_active) on public.workflows to authenticated;
grant select, insert, update, delete on public.workflows to service_role;

create policy "members can read the workflows of their organisation"
  on public.workflows for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "members can create workflows in their organisation as themselves"
  on public.workflows for insert
  to authenticated
  with check (organization_id = (select private.current_org_id()) and created_by = (select auth.uid()));

create policy "creators, superusers and admins can update workflows of their organisation"
  on public.workflows for update
  to authenticated
  using (
    organization_id = (select private.current_org_id())
    and (created_by = (select auth.uid()) or (select private.has_role('superuser')))
  )
  with check (organization_id = (select private.current_org_id()));

create policy "creators, superusers and admins can delete workflows of their organisation"
  on public.workflows for delete
  to authenticated
  using (
    organization_id = (select private.current_org_id())
    and (created_by = (select auth.uid()) or (select private.has_role('superuser')))
  );
