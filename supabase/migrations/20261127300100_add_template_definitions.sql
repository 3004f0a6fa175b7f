-- Templates that work (issue 23): a template carries a real workflow definition (format v1, checked against
-- the shared schema by the api function's tests of the catalogue), and installing it saves that definition
-- as the new workflow's version 1 (source 'template'), so the draft has its steps for a person to complete
-- in the editor (the target system's address and values are run inputs, passwords secrets). The older
-- `steps` column (descriptions only) is no longer read.

alter table public.templates
  add column definition jsonb not null default '{"version":1,"steps":[]}'
    check (jsonb_typeof(definition) = 'object' and definition ->> 'version' = '1' and jsonb_typeof(definition -> 'steps') = 'array');

create or replace function app.install_template(p_id uuid)
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

  if jsonb_array_length(v_template.definition -> 'steps') > 0 then
    perform app.save_workflow_definition(v_workflow.id, v_template.definition, 'template');
    select * into v_workflow from public.workflows w where w.id = v_workflow.id;
  end if;
  return v_workflow;
end;
$$;

revoke all on function app.install_template(uuid) from public, anon;
grant execute on function app.install_template(uuid) to authenticated, service_role;
