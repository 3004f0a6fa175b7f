-- Creates the profile (and for a self-registration the organisation and its trial subscription) in the
-- same transaction as the auth user: any failure aborts the sign-up and leaves nothing behind.
--  (a) Invited colleague: raw_app_meta_data.organization_id (+ optional role) is set by the service role
--      through the Auth admin API. app_metadata cannot be written by users.
--  (b) Self-registration: raw_user_meta_data carries full_name and organization {...}; the user
--      becomes the admin of a new organisation. user_metadata is never read for organisation or role.
-- Error: 22023 'registration_metadata_invalid' when the data for (b) is missing or empty.
create function private.handle_new_auth_user()
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

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_auth_user();

-- Keeps profiles.email equal to the auth e-mail address after a confirmed change.
create function private.sync_profile_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id and email is distinct from new.email;
  return null;
end;
$$;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (new.email is distinct from old.email)
  execute function private.sync_profile_email();
