-- Makes one payment method the organisation's default, atomically: the organisation's lock is taken,
-- the old default is cleared, then the new one set (the partial unique index allows one at a time).
-- Security definer with an explicit check: only an active admin of the method's organisation.
-- Errors: 42501 'forbidden' (not an active admin), P0002 'payment_method_not_found' (no such method
-- in the caller's organisation).
create function public.set_default_payment_method(p_id uuid)
returns public.payment_methods
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
  v_method public.payment_methods;
begin
  if v_organization_id is null or not private.has_role('admin') then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only admins can choose the default payment method.';
  end if;

  perform private.lock_payment_methods(v_organization_id);

  select * into v_method
  from public.payment_methods pm
  where pm.id = p_id and pm.organization_id = v_organization_id
  for update;
  if not found then
    raise exception 'payment_method_not_found' using errcode = 'P0002';
  end if;
  if v_method.is_default then
    return v_method;
  end if;

  update public.payment_methods
  set is_default = false
  where organization_id = v_organization_id and is_default;

  update public.payment_methods
  set is_default = true
  where id = p_id
  returning * into v_method;
  return v_method;
end;
$$;

revoke all on function public.set_default_payment_method(uuid) from public, anon;
grant execute on function public.set_default_payment_method(uuid) to authenticated, service_role;
