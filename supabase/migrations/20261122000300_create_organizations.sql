-- Organisations (tenants). Rows are created by the registration trigger on auth.users; policies
-- are added once the access helpers exist (20261122000600).
create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  organization_number text not null unique check (btrim(organization_number) <> '' and char_length(organization_number) <= 32),
  address text not null,
  city text not null,
  postal_code text not null,
  country text not null default 'Sverige',
  email text not null,
  phone text not null,
  domain text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger organizations_set_updated_at
  before update on public.organizations
  for each row execute function private.set_updated_at();

alter table public.organizations enable row level security;

revoke all on public.organizations from anon, authenticated;
grant select on public.organizations to authenticated;
grant update (name, address, city, postal_code, country, email, phone, domain) on public.organizations to authenticated;
grant select, insert, update, delete on public.organizations to service_role;
