-- Pictures of the element a workflow's step acts on (issue 24): a small JPEG (at most 20 KB) the recorder
-- extension crops from the page when a person points at the element ("Peka ut"), shown beside the step's
-- sentence in the step editor. One per step id of a workflow: a step keeps its id across versions, so the
-- picture follows it. Members of the organisation read them (the api function serves them to its members
-- only); those who may change the workflow (its creator, superusers, admins) add or replace them; they go
-- with their workflow.
create table public.step_thumbnails (
  workflow_id uuid not null references public.workflows (id) on delete cascade,
  step_id text not null check (length(step_id) between 1 and 100),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  jpeg bytea not null check (octet_length(jpeg) between 1 and 20480),
  created_at timestamptz not null default now(),
  primary key (workflow_id, step_id)
);

create index step_thumbnails_organization_id_idx on public.step_thumbnails (organization_id);

alter table public.step_thumbnails enable row level security;

revoke all on public.step_thumbnails from anon, authenticated;
grant select on public.step_thumbnails to authenticated;
grant insert (workflow_id, step_id, jpeg), update (jpeg) on public.step_thumbnails to authenticated;
grant select, insert, update, delete on public.step_thumbnails to service_role;

create policy "members can read the step pictures of their organisation"
  on public.step_thumbnails for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "editors of a workflow can add pictures of its steps"
  on public.step_thumbnails for insert
  to authenticated
  with check (
    organization_id = (select private.current_org_id())
    and exists (
      select 1 from public.workflows w
      where w.id = workflow_id
        and w.organization_id = (select private.current_org_id())
        and (w.created_by = (select auth.uid()) or (select private.has_role('superuser')))
    )
  );

create policy "editors of a workflow can replace pictures of its steps"
  on public.step_thumbnails for update
  to authenticated
  using (
    organization_id = (select private.current_org_id())
    and exists (
      select 1 from public.workflows w
      where w.id = workflow_id
        and w.organization_id = (select private.current_org_id())
        and (w.created_by = (select auth.uid()) or (select private.has_role('superuser')))
    )
  )
  with check (organization_id = (select private.current_org_id()));
