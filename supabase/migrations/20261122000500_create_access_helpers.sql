-- Who is calling: the organisation and role of auth.uid(), only while that profile is active. A
-- deactivated or unknown caller gets null / false, so every policy built on these denies them.
-- Security definer so that policies do not pay the profiles table's own RLS; called from policies as
-- `(select private.fn())` so they run once per statement.

create function private.current_org_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.organization_id
  from public.profiles p
  where p.id = (select auth.uid()) and p.is_active
$$;

create function private.current_app_role()
returns public.app_role
language sql
stable
security definer
set search_path = ''
as $$
  select p.role
  from public.profiles p
  where p.id = (select auth.uid()) and p.is_active
$$;

-- True when the active caller's role is at least p_role (user < superuser < admin).
create function private.has_role(p_role public.app_role)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select p.role >= p_role from public.profiles p where p.id = (select auth.uid()) and p.is_active),
    false
  )
$$;

revoke all on function private.current_org_id() from public;
revoke all on function private.current_app_role() from public;
revoke all on function private.has_role(public.app_role) from public;
grant execute on function private.current_org_id() to authenticated, service_role;
grant execute on function private.current_app_role() to authenticated, service_role;
grant execute on function private.has_role(public.app_role) to authenticated, service_role;
