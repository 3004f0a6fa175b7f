-- Secrets are bound to sites (AUTOMATION "Secrets are bound to sites", issue 21). A secret's value may only
-- be typed into a field of a page on one of its origins (`https://bank.example`, `http://127.0.0.1:8080`),
-- never sent anywhere else. Until now any member who could save a definition could have a run put any
-- secret into an address of their choosing.
--
-- Existing secrets get no origins: nothing can use them until an admin names their sites (Settings lists
-- the secrets that wait for it). The runner refuses to type a secret without origins (secret_origin_denied).

-- An origin as the api writes it: scheme, lower-case host (or a bracketed IPv6 address) and an optional port;
-- no path, no user, no trailing slash.
create function private.origins_valid(p_origins text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(o ~ '^https?://(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)(:[0-9]{1,5})?$'), true)
  from unnest(p_origins) o
$$;

alter table public.secrets
  add column origins text[] not null default '{}'
    constraint secrets_origins_valid check (
      cardinality(origins) <= 20 and array_position(origins, null) is null and private.origins_valid(origins)
    );

grant select (origins) on public.secrets to authenticated;

-- Sets (creates or replaces) a secret of the caller's organisation with the sites it may be typed on. p_key is
-- the encryption key, passed by the api function from its environment for this statement only.
-- Errors: 42501 'superuser_only'; 22023 'secret_origins_required' (none given).
drop function app.set_secret(text, text, text);
create function app.set_secret(p_name text, p_value text, p_key text, p_origins text[])
returns table (name text, origins text[], created_at timestamptz, updated_at timestamptz)
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
  if coalesce(cardinality(p_origins), 0) = 0 then
    raise exception 'secret_origins_required' using errcode = '22023', detail = 'A secret needs at least one site it may be typed on.';
  end if;
  v_created := not exists (select 1 from public.secrets s where s.organization_id = v_organization_id and s.name = p_name);
  insert into public.secrets (organization_id, name, value, origins, created_by, updated_by)
  values (v_organization_id, p_name, extensions.pgp_sym_encrypt(p_value, p_key, 'cipher-algo=aes256'), p_origins, auth.uid(), auth.uid())
  on conflict on constraint secrets_organization_id_name_key do update
    set value = excluded.value, origins = excluded.origins, updated_by = excluded.updated_by
  ;
  perform private.write_audit(v_organization_id, case when v_created then 'secret_created' else 'secret_updated' end,
    p_name, 'secret', null, null, jsonb_build_object('name', p_name, 'origins', to_jsonb(p_origins)));
  return query select s.name, s.origins, s.created_at, s.updated_at from public.secrets s
    where s.organization_id = v_organization_id and s.name = p_name;
end;
$$;

-- Names the sites of an existing secret without touching its value (an admin fixing a migrated secret, or
-- adding a site). Null when there is no such secret. Errors as app.set_secret.
create function app.set_secret_origins(p_name text, p_origins text[])
returns table (name text, origins text[], created_at timestamptz, updated_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
begin
  if v_organization_id is null or not private.has_role('superuser') then
    raise exception 'superuser_only' using errcode = '42501', detail = 'Only superusers and admins can change secrets.';
  end if;
  if coalesce(cardinality(p_origins), 0) = 0 then
    raise exception 'secret_origins_required' using errcode = '22023', detail = 'A secret needs at least one site it may be typed on.';
  end if;
  update public.secrets s set origins = p_origins, updated_by = auth.uid()
  where s.organization_id = v_organization_id and s.name = p_name;
  if not found then
    return;
  end if;
  perform private.write_audit(v_organization_id, 'secret_sites_changed', p_name, 'secret', null, null,
    jsonb_build_object('name', p_name, 'origins', to_jsonb(p_origins)));
  return query select s.name, s.origins, s.created_at, s.updated_at from public.secrets s
    where s.organization_id = v_organization_id and s.name = p_name;
end;
$$;

revoke all on function app.set_secret(text, text, text, text[]) from public, anon;
revoke all on function app.set_secret_origins(text, text[]) from public, anon;
grant execute on function app.set_secret(text, text, text, text[]) to authenticated, service_role;
grant execute on function app.set_secret_origins(text, text[]) to authenticated, service_role;

-- The runner's only way to a secret's value, now with the sites it may be typed on.
drop function app.run_secrets(uuid, text);
create function app.run_secrets(p_run_id uuid, p_key text)
returns table (name text, value text, origins text[])
language sql
stable
security definer
set search_path = ''
as $$
  select s.name, extensions.pgp_sym_decrypt(s.value, p_key), s.origins
  from public.runs r
  join public.workflow_versions v on v.workflow_id = r.workflow_id and v.version = r.workflow_version
  join public.secrets s on s.organization_id = r.organization_id
  where r.id = p_run_id and r.status in ('running', 'paused')
    and s.name in (select m[1] from regexp_matches(v.definition::text, '\{\{\s*secret\.([A-Z][A-Z0-9_]{0,63})\s*\}\}', 'g') m)
$$;

revoke all on function app.run_secrets(uuid, text) from public, anon, authenticated;
grant execute on function app.run_secrets(uuid, text) to kollega_runner;

-- Every use of a secret in a run is in the audit trail: which secret, on which site, in which run and who (or
-- which schedule or webhook) started it; never its value. Only the attempt that holds the run's lease records
-- (false otherwise, and the runner then types nothing).
create function app.runner_secret_used(p_run_id uuid, p_attempt integer, p_runner_id text, p_name text, p_origin text, p_step_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.runs;
begin
  select * into v_run from public.runs r
  where r.id = p_run_id and r.attempt = p_attempt and r.runner_id = p_runner_id and r.status = 'running';
  if not found then
    return false;
  end if;
  insert into public.audit_activities (organization_id, user_id, action, details, resource, workflow_id, execution_id, metadata)
  values (v_run.organization_id, null, 'secret_used', left(p_name, 64), 'secret', v_run.workflow_id, v_run.id,
    jsonb_build_object('name', left(p_name, 64), 'origin', left(p_origin, 300), 'stepId', left(p_step_id, 64),
      'trigger', v_run.trigger, 'startedBy', v_run.started_by,
      'startedByName', (select p.full_name from public.profiles p where p.id = v_run.started_by)));
  return true;
end;
$$;

revoke all on function app.runner_secret_used(uuid, integer, text, text, text, text) from public, anon, authenticated;
grant execute on function app.runner_secret_used(uuid, integer, text, text, text, text) to kollega_runner;
