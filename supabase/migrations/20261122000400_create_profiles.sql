-- One profile per auth user: the user's organisation, role and active flag. Rows are created by the
-- registration trigger on auth.users (20261122001600); policies follow in 20261122000700.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  full_name text not null check (char_length(full_name) <= 200),
  email text not null,
  username text not null,
  role public.app_role not null default 'user',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index profiles_organization_id_idx on public.profiles (organization_id);

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

alter table public.profiles enable row level security;

revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (full_name, email, role, is_active) on public.profiles to authenticated;
grant select, insert, update, delete on public.profiles to service_role;
