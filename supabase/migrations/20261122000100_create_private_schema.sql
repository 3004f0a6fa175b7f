-- The non-exposed schema for access helpers, trigger functions and server-only tables. The Data API
-- never exposes it; API roles get no privileges on anything in it unless granted one by one.

-- Functions are not executable by PUBLIC by default: every callable function is granted explicitly.
alter default privileges for role postgres revoke execute on functions from public;

create schema private;
-- No usage for the API roles: policies, column defaults and triggers reference these objects by OID,
-- so they work without it, while nobody can call or read anything here directly.
revoke all on schema private from public;

-- Keeps `updated_at` current on every row change.
create function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- The names of the columns whose values differ between two versions of a row (ignoring updated_at).
create function private.changed_fields(p_old jsonb, p_new jsonb)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(n.key order by n.key), '{}')
  from jsonb_each(p_new) n
  where n.key <> 'updated_at'
    and n.value is distinct from p_old -> n.key
$$;
