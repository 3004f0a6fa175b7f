-- The global template catalogue of the marketplace: readable by every active member, maintained by
-- the service role only.
create table public.templates (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  description text not null default '',
  category text not null,
  industry text not null,
  difficulty text not null default 'beginner' check (difficulty in ('beginner', 'intermediate', 'advanced')),
  rating numeric(2, 1) not null default 0 check (rating between 0 and 5),
  downloads integer not null default 0 check (downloads >= 0),
  creator text not null,
  is_featured boolean not null default false,
  steps jsonb not null default '[]' check (jsonb_typeof(steps) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger templates_set_updated_at
  before update on public.templates
  for each row execute function private.set_updated_at();

alter table public.templates enable row level security;

revoke all on public.templates from anon, authenticated;
grant select on public.templates to authenticated;
grant select, insert, update, delete on public.templates to service_role;

create policy "active members can read the template catalogue"
  on public.templates for select
  to authenticated
  using ((select private.current_org_id()) is not null);
