-- One subscription per organisation (a 14-day Pro trial is created at registration). Read-only
-- through the API; billing changes are made by the service role.
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null unique references public.organizations (id) on delete cascade,
  plan public.subscription_plan not null default 'pro',
  status public.subscription_status not null default 'active',
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger subscriptions_set_updated_at
  before update on public.subscriptions
  for each row execute function private.set_updated_at();

alter table public.subscriptions enable row level security;

revoke all on public.subscriptions from anon, authenticated;
grant select on public.subscriptions to authenticated;
grant select, insert, update, delete on public.subscriptions to service_role;

create policy "members can read the subscription of their organisation"
  on public.subscriptions for select
  to authenticated
  using (organization_id = (select private.current_org_id()));
