-- Who may read and change an organisation, and the organisation number being fixed once registered.

-- The organisation number identifies the company: nobody changes it, not even the database owner.
create function private.keep_organization_number()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.organization_number is distinct from old.organization_number then
    raise exception 'organization_number_read_only'
      using errcode = '42501', detail = 'The organisation number cannot be changed.';
  end if;
  return new;
end;
$$;

create trigger organizations_keep_organization_number
  before update of organization_number on public.organizations
  for each row execute function private.keep_organization_number();

create policy "members can read their own organisation"
  on public.organizations for select
  to authenticated
  using (id = (select private.current_org_id()));

create policy "admins can update their own organisation"
  on public.organizations for update
  to authenticated
  using (id = (select private.current_org_id()) and (select private.has_role('admin')))
  with check (id = (select private.current_org_id()) and (select private.has_role('admin')));
