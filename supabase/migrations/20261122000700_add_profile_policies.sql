-- Who may read and change profiles. RLS picks the rows; a trigger enforces the column rules RLS
-- cannot express (a user changes only their own full name; an admin cannot change their own role or
-- deactivate themselves; an organisation always keeps one active admin).

-- Serialises changes to an organisation's admins: locks the organisation row and counts the other
-- active admins. Security definer so it works for any caller; only called from the trigger below.
create function private.other_active_admins(p_organization_id uuid, p_profile_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  perform 1 from public.organizations o where o.id = p_organization_id for no key update;
  select count(*) into v_count
  from public.profiles p
  where p.organization_id = p_organization_id
    and p.role = 'admin'
    and p.is_active
    and p.id <> p_profile_id;
  return v_count;
end;
$$;

create function private.guard_profile_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_caller uuid := auth.uid();
begin
  -- Rules for a signed-in caller (the API); system paths (registration, e-mail sync, seed) have no caller.
  if v_caller is not null then
    if new.organization_id is distinct from old.organization_id or new.username is distinct from old.username then
      raise exception 'profile_field_forbidden'
        using errcode = '42501', detail = 'The organisation and username of a profile cannot be changed.';
    end if;
    if private.current_app_role() is distinct from 'admin'
       and (new.role is distinct from old.role
            or new.is_active is distinct from old.is_active
            or new.email is distinct from old.email) then
      raise exception 'profile_field_forbidden'
        using errcode = '42501', detail = 'Only an admin can change the e-mail, role or active state of a user.';
    end if;
    if old.id = v_caller and new.role is distinct from old.role then
      raise exception 'self_role_change' using errcode = 'P0001', detail = 'You cannot change your own role.';
    end if;
    if old.id = v_caller and old.is_active and not new.is_active then
      raise exception 'self_deactivation' using errcode = 'P0001', detail = 'You cannot deactivate your own account.';
    end if;
  end if;

  -- For everyone: the last active admin of an organisation stays an active admin.
  if old.role = 'admin' and old.is_active and (new.role <> 'admin' or not new.is_active)
     and private.other_active_admins(old.organization_id, old.id) = 0 then
    raise exception 'last_admin'
      using errcode = 'P0001', detail = 'The organisation must keep at least one active admin.';
  end if;
  return new;
end;
$$;

create trigger profiles_guard_update
  before update on public.profiles
  for each row execute function private.guard_profile_update();

create policy "members can read the profiles of their organisation"
  on public.profiles for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "users can update their own profile and admins the profiles of their organisation"
  on public.profiles for update
  to authenticated
  using (
    organization_id = (select private.current_org_id())
    and (id = (select auth.uid()) or (select private.has_role('admin')))
  )
  with check (
    organization_id = (select private.current_org_id())
    and (id = (select auth.uid()) or (select private.has_role('admin')))
  );
