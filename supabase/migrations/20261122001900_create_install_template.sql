-- Installing a marketplace template (POST /api/templates/{id}/install): a draft workflow in the
-- caller's organisation, created by the caller, and the template's download count raised by one.
-- Members cannot update templates, so this is a narrow security-definer function.

-- A download is not an edit: the template's "last updated" moves only when its content changes.
drop trigger templates_set_updated_at on public.templates;
create trigger templates_set_updated_at
  before update of name, description, category, industry, difficulty, rating, creator, is_featured, steps on public.templates
  for each row execute function private.set_updated_at();

-- Errors: 42501 'forbidden' (no active caller), P0002 'template_not_found'.
create function public.install_template(p_id uuid)
returns public.workflows
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
  v_template public.templates;
  v_workflow public.workflows;
begin
  if v_organization_id is null then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only active members can install templates.';
  end if;

  update public.templates t
  set downloads = t.downloads + 1
  where t.id = p_id
  returning * into v_template;
  if not found then
    raise exception 'template_not_found' using errcode = 'P0002';
  end if;

  insert into public.workflows (organization_id, created_by, name, description, category, start_method, status, is_active)
  values (
    v_organization_id,
    auth.uid(),
    left(v_template.name, 200),
    v_template.description,
    case when v_template.category in ('Fastighetsadministration', 'Ärendehantering', 'Rapportering', 'Avtalshantering',
                                      'Underhåll och service', 'Övrigt')
         then v_template.category else 'Övrigt' end,
    'manual',
    'draft',
    false
  )
  returning * into v_workflow;
  return v_workflow;
end;
$$;

revoke all on function public.install_template(uuid) from public, anon;
grant execute on function public.install_template(uuid) to authenticated, service_role;
