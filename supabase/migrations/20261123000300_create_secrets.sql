-- Organisation secrets ({{secret.NAME}} in a workflow: passwords, API keys of the systems a workflow logs
-- into). Encrypted with pgcrypto (pgp_sym_encrypt) under a key that lives only in the api function's and
-- the runner's environment (KOLLEGA_SECRETS_KEY), never in the database. Write-only for people: members
-- see the names (which secrets exist, when they were set), never the values; superusers and admins set
-- and delete them through app.set_secret / app.delete_secret; only the runner decrypts, at run time.
create table public.secrets (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  name text not null check (name ~ '^[A-Z][A-Z0-9_]{0,63}$'),
  value bytea not null,
  created_by uuid references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, name)
);

create index secrets_created_by_idx on public.secrets (created_by);
create index secrets_updated_by_idx on public.secrets (updated_by);

create trigger secrets_set_updated_at
  before update on public.secrets
  for each row execute function private.set_updated_at();

alter table public.secrets enable row level security;

revoke all on public.secrets from anon, authenticated;
-- Column grants: the value column is not readable by members at all.
grant select (id, organization_id, name, created_by, updated_by, created_at, updated_at) on public.secrets to authenticated;

create policy "members can see which secrets their organisation has"
  on public.secrets for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

-- Sets (creates or replaces) a secret of the caller's organisation. p_key is the encryption key, passed
-- by the api function from its environment for this statement only.
-- Errors: 42501 'superuser_only'.
create function app.set_secret(p_name text, p_value text, p_key text)
returns table (name text, created_at timestamptz, updated_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
  v_created boolean;
begin
  if v_organization_id is null or not private.has_role('superuser') then
    raise exception 'superuser_only' using errcode = '42501', detail = 'Only superusers and admins can set secrets.';
  end if;
  v_created := not exists (select 1 from public.secrets s where s.organization_id = v_organization_id and s.name = p_name);
  insert into public.secrets (organization_id, name, value, created_by, updated_by)
  values (v_organization_id, p_name, extensions.pgp_sym_encrypt(p_value, p_key, 'cipher-algo=aes256'), auth.uid(), auth.uid())
  on conflict on constraint secrets_organization_id_name_key do update
    set value = excluded.value, updated_by = excluded.updated_by
  ;
  perform private.write_audit(v_organization_id, case when v_created then 'secret_created' else 'secret_updated' end,
    p_name, 'secret', null, null, jsonb_build_object('name', p_name));
  return query select s.name, s.created_at, s.updated_at from public.secrets s
    where s.organization_id = v_organization_id and s.name = p_name;
end;
$$;

-- Deletes a secret of the caller's organisation; false when there was none.
create function app.delete_secret(p_name text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
begin
  if v_organization_id is null or not private.has_role('superuser') then
    raise exception 'superuser_only' using errcode = '42501', detail = 'Only superusers and admins can delete secrets.';
  end if;
  delete from public.secrets where organization_id = v_organization_id and name = p_name;
  if not found then
    return false;
  end if;
  perform private.write_audit(v_organization_id, 'secret_deleted', p_name, 'secret', null, null, jsonb_build_object('name', p_name));
  return true;
end;
$$;

revoke all on function app.set_secret(text, text, text) from public, anon;
revoke all on function app.delete_secret(text) from public, anon;
grant execute on function app.set_secret(text, text, text) to authenticated, service_role;
grant execute on function app.delete_secret(text) to authenticated, service_role;

-- The runner's only way to a secret's value: the decrypted secrets that run p_run_id's definition uses
-- ({{secret.NAME}}), while the run is being executed. p_key comes from the runner's environment.
create function app.run_secrets(p_run_id uuid, p_key text)
returns table (name text, value text)
language sql
stable
security definer
set search_path = ''
as $$
  select s.name, extensions.pgp_sym_decrypt(s.value, p_key)
  from public.runs r
  join public.workflow_versions v on v.workflow_id = r.workflow_id and v.version = r.workflow_version
  join public.secrets s on s.organization_id = r.organization_id
  where r.id = p_run_id and r.status in ('running', 'paused')
    and s.name in (select m[1] from regexp_matches(v.definition::text, '\{\{\s*secret\.([A-Z][A-Z0-9_]{0,63})\s*\}\}', 'g') m)
$$;

revoke all on function app.run_secrets(uuid, text) from public, anon, authenticated;
grant usage on schema app to kollega_runner;
grant execute on function app.run_secrets(uuid, text) to kollega_runner;
