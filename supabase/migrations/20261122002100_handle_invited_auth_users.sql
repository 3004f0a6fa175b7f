-- Invitations of colleagues through the Auth admin API (POST /api/users). GoTrue's admin create inserts
-- the auth user with user_metadata only and sets app_metadata {organization_id, role} by an UPDATE in the
-- same transaction, so the profile cannot be made by the insert trigger alone:
--  - the insert trigger (as in 20261122001600) leaves a user whose user_metadata carries `invitation: true`
--    without a profile for the moment;
--  - an update trigger makes the profile when app_metadata gains organization_id;
--  - a deferred constraint trigger refuses the commit of any new auth user still without a profile, so a
--    self-registration that claims to be an invitation creates nothing (22023 registration_metadata_invalid).

create or replace function private.handle_new_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app jsonb := coalesce(new.raw_app_meta_data, '{}');
  v_user jsonb := coalesce(new.raw_user_meta_data, '{}');
  v_org jsonb := v_user -> 'organization';
  v_username text := split_part(coalesce(new.email, ''), '@', 1);
  v_full_name text := nullif(btrim(v_user ->> 'full_name'), '');
  v_organization_id uuid;
  v_field text;
begin
  if v_username = '' then
    raise exception 'registration_metadata_invalid' using errcode = '22023', detail = 'An e-mail address is required.';
  end if;

  if v_app ? 'organization_id' then
    insert into public.profiles (id, organization_id, full_name, email, username, role, created_at)
    values (
      new.id,
      (v_app ->> 'organization_id')::uuid,
      coalesce(v_full_name, v_username),
      new.email,
      v_username,
      coalesce((v_app ->> 'role')::public.app_role, 'user'),
      coalesce(new.created_at, now())
    );
    return new;
  end if;

  -- An admin's invitation through Auth's admin API: GoTrue inserts the user first and sets app_metadata
  -- by an UPDATE in the same transaction; private.handle_invited_auth_user makes the profile then, and
  -- private.require_profile refuses the commit if no profile came. The marker is user_metadata
  -- (untrusted): it only postpones, the organisation still comes from app_metadata alone.
  if v_user -> 'invitation' = 'true'::jsonb then
    return new;
  end if;

  if v_full_name is null then
    raise exception 'registration_metadata_invalid' using errcode = '22023', detail = 'full_name is required.';
  end if;
  if jsonb_typeof(v_org) is distinct from 'object' then
    raise exception 'registration_metadata_invalid' using errcode = '22023', detail = 'organization is required.';
  end if;
  foreach v_field in array array['name', 'organization_number', 'address', 'city', 'postal_code', 'email', 'phone'] loop
    if jsonb_typeof(v_org -> v_field) is distinct from 'string' or btrim(v_org ->> v_field) = '' then
      raise exception 'registration_metadata_invalid' using errcode = '22023', detail = format('organization.%s is required.', v_field);
    end if;
  end loop;

  insert into public.organizations (name, organization_number, address, city, postal_code, country, email, phone)
  values (
    btrim(v_org ->> 'name'),
    btrim(v_org ->> 'organization_number'),
    btrim(v_org ->> 'address'),
    btrim(v_org ->> 'city'),
    btrim(v_org ->> 'postal_code'),
    coalesce(nullif(btrim(v_org ->> 'country'), ''), 'Sverige'),
    btrim(v_org ->> 'email'),
    btrim(v_org ->> 'phone')
  )
  returning id into v_organization_id;

  insert into public.subscriptions (organization_id, plan, status, expires_at)
  values (v_organization_id, 'pro', 'active', now() + interval '14 days');

  insert into public.profiles (id, organization_id, full_name, email, username, role, created_at)
  values (new.id, v_organization_id, v_full_name, new.email, v_username, 'admin', coalesce(new.created_at, now()));
  return new;
end;
$$;

-- The profile of an invited colleague, once the service role has set app_metadata.organization_id.
create function private.handle_invited_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_username text := split_part(coalesce(new.email, ''), '@', 1);
begin
  if v_username <> '' and not exists (select 1 from public.profiles p where p.id = new.id) then
    insert into public.profiles (id, organization_id, full_name, email, username, role, created_at)
    values (
      new.id,
      (new.raw_app_meta_data ->> 'organization_id')::uuid,
      coalesce(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), v_username),
      new.email,
      v_username,
      coalesce((new.raw_app_meta_data ->> 'role')::public.app_role, 'user'),
      coalesce(new.created_at, now())
    );
  end if;
  return null;
end;
$$;

create trigger on_auth_user_invited
  after update of raw_app_meta_data on auth.users
  for each row
  when (new.raw_app_meta_data ? 'organization_id' and not coalesce(old.raw_app_meta_data ? 'organization_id', false))
  execute function private.handle_invited_auth_user();

-- At commit: every auth user created in the transaction has a profile (unless it was deleted again).
create function private.require_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from auth.users u where u.id = new.id)
     and not exists (select 1 from public.profiles p where p.id = new.id) then
    raise exception 'registration_metadata_invalid'
      using errcode = '22023', detail = 'An invited user needs app_metadata.organization_id.';
  end if;
  return null;
end;
$$;

create constraint trigger on_auth_user_created_has_profile
  after insert on auth.users
  deferrable initially deferred
  for each row execute function private.require_profile();
