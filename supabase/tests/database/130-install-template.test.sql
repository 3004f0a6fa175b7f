-- app.install_template: an active member installs a template as a draft workflow of their own
-- organisation, with the template's definition as version 1 (none for a template without steps); the
-- download count rises, the template's updated_at does not.
begin;
select plan(15);
select tests.create_actors();

select tests.clear_authentication();
insert into public.templates (id, name, description, category, industry, creator, downloads, updated_at) values
  ('e1000000-0000-4000-8000-000000000001', 'Testmall', 'Gör något nyttigt', 'Rapportering', 'Ekonomi', 'Kollega', 10, '2026-01-01'),
  ('e1000000-0000-4000-8000-000000000002', 'Udda mall', '', 'Okänd kategori', 'Övrigt', 'Kollega', 0, '2026-01-01');
update public.templates set definition =
  '{"version":1,"steps":[{"id":"open","type":"navigate","description":"Öppna systemet","url":"{{input.system_url}}"},{"id":"ask","type":"manual","description":"Kontrollera","instructions":"Kontrollera rapporten"}]}'
where id = 'e1000000-0000-4000-8000-000000000001';

-- member: allowed once, denied once
select tests.authenticate_as('member');
select results_eq(
  $$ select name, description, category, status::text, is_active, organization_id, created_by
     from app.install_template('e1000000-0000-4000-8000-000000000001') $$,
  format($$ values ('Testmall', 'Gör något nyttigt', 'Rapportering', 'draft', false, %L::uuid, %L::uuid) $$, tests.org_id('admin'), tests.uid('member')),
  'a member installs a template as a draft workflow of their organisation, created by them');
select results_eq($$ select action, details from public.audit_activities where action = 'workflow_created' $$,
  $$ values ('workflow_created', 'Testmall') $$, 'the installed workflow is audited as created');
select throws_ok($$ update public.templates set downloads = 0 $$, '42501', null, 'a member still cannot update templates directly');
select results_eq($$ select w.current_version, v.version, v.source, v.definition -> 'steps' -> 1 ->> 'instructions', v.created_by = auth.uid()
     from public.workflows w join public.workflow_versions v on v.workflow_id = w.id where w.name = 'Testmall' $$,
  $$ values (1, 1, 'template', 'Kontrollera rapporten', true) $$,
  'the installed workflow has the template''s steps as its version 1, saved by the member from the template');

select tests.clear_authentication();
select results_eq($$ select downloads, updated_at from public.templates where id = 'e1000000-0000-4000-8000-000000000001' $$,
  $$ values (11, '2026-01-01'::timestamptz) $$, 'the download is counted and does not count as an edit of the template');

-- superuser, admin, outsider_admin: allowed, each into their own organisation
select tests.authenticate_as('superuser');
select results_eq($$ select category, current_version from app.install_template('e1000000-0000-4000-8000-000000000002') $$,
  $$ values ('Övrigt', null::integer) $$,
  'a superuser installs a template; an unknown category becomes Övrigt, and a template without steps gives no version');
select tests.authenticate_as('admin');
select is((select organization_id from app.install_template('e1000000-0000-4000-8000-000000000001')), tests.org_id('admin'),
  'an admin installs a template into their organisation');
select throws_ok($$ select app.install_template(gen_random_uuid()) $$, 'P0002', 'template_not_found',
  'a template that does not exist cannot be installed');
select tests.authenticate_as('outsider_admin');
select is((select organization_id from app.install_template('e1000000-0000-4000-8000-000000000001')), tests.org_id('outsider_admin'),
  'an admin of another organisation installs into their own organisation');
select is_empty(format('select 1 from public.workflows where organization_id = %L', tests.org_id('admin')),
  'an admin of another organisation still sees none of organisation A''s workflows');

-- deactivated and anon: never
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.install_template('e1000000-0000-4000-8000-000000000001') $$, '42501', 'forbidden',
  'a deactivated user cannot install templates');
select tests.authenticate_as_anon();
select throws_ok($$ select app.install_template('e1000000-0000-4000-8000-000000000001') $$, '42501', null,
  'an anonymous visitor cannot install templates');

select tests.clear_authentication();
select is((select downloads from public.templates where id = 'e1000000-0000-4000-8000-000000000001'), 13,
  'only the successful installations were counted');
select is((select count(*)::int from public.workflows where name = 'Testmall' and organization_id = tests.org_id('admin')), 2,
  'organisation A got one workflow per installation');
select is((select count(*)::int from public.workflows where name = 'Testmall' and organization_id = tests.org_id('outsider_admin')), 1,
  'organisation B got its own');

select * from finish();
rollback;
