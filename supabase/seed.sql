-- Demo data for the local stack (runs once as postgres on a fresh database, after the migrations).
-- Two organisations: "Fastighets AB Demo" with a user of every role plus a deactivated one, and
-- "Ekonomi Partner AB" with its own admin, for isolation demos. Passwords:
--   admin@kollega.se Admin123!   superuser@kollega.se Super123!   user@kollega.se User123!
--   inactive@kollega.se Inactive123! (deactivated, banned)   other@kollega.se Other123!
-- Users are created the way an admin invites a colleague (raw_app_meta_data.organization_id and role),
-- so the registration trigger makes their profiles. Changes are made "as" a seeded user (request.jwt.claims)
-- so the audit triggers attribute them; audit rows are only ever inserted.

insert into public.organizations (id, name, organization_number, address, city, postal_code, country, email, phone, domain) values
  ('10000000-0000-4000-8000-000000000001', 'Fastighets AB Demo', '5566778899', 'Storgatan 1', 'Stockholm', '11122', 'Sverige', 'info@fastighetsdemo.se', '08-123 456 78', 'fastighetsdemo.se'),
  ('10000000-0000-4000-8000-000000000002', 'Ekonomi Partner AB', '5599887766', 'Kungsgatan 12', 'Göteborg', '41119', 'Sverige', 'kontakt@ekonomipartner.se', '031-987 654 32', null);

insert into public.subscriptions (organization_id, plan, status, expires_at) values
  ('10000000-0000-4000-8000-000000000001', 'enterprise', 'active', now() + interval '1 year'),
  ('10000000-0000-4000-8000-000000000002', 'pro', 'active', now() + interval '14 days');

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, banned_until,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt(u.password, extensions.gen_salt('bf', 6)), now(), u.banned_until,
  jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'), 'organization_id', u.organization_id, 'role', u.role),
  jsonb_build_object('full_name', u.full_name),
  now() - interval '60 days', now(),
  '', '', '', ''
from (values
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'admin@kollega.se', 'Admin123!', 'Anna Admin', 'admin', '10000000-0000-4000-8000-000000000001'::uuid, null::timestamptz),
  ('a0000000-0000-4000-8000-000000000002'::uuid, 'superuser@kollega.se', 'Super123!', 'Sven Superanvändare', 'superuser', '10000000-0000-4000-8000-000000000001'::uuid, null::timestamptz),
  ('a0000000-0000-4000-8000-000000000003'::uuid, 'user@kollega.se', 'User123!', 'Ulla Användare', 'user', '10000000-0000-4000-8000-000000000001'::uuid, null::timestamptz),
  ('a0000000-0000-4000-8000-000000000004'::uuid, 'inactive@kollega.se', 'Inactive123!', 'Ingrid Inaktiv', 'user', '10000000-0000-4000-8000-000000000001'::uuid, '2999-12-31 00:00:00+00'::timestamptz),
  ('a0000000-0000-4000-8000-000000000005'::uuid, 'other@kollega.se', 'Other123!', 'Olle Ekonom', 'admin', '10000000-0000-4000-8000-000000000002'::uuid, null::timestamptz)
) as u (id, email, password, full_name, role, organization_id, banned_until);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', null, u.created_at, u.created_at
from auth.users u
where u.id::text like 'a0000000-0000-4000-8000-00000000000_';

-- As Anna Admin: deactivate Ingrid, add the payment methods (the first becomes the default).
select set_config('request.jwt.claims', '{"sub":"a0000000-0000-4000-8000-000000000001","role":"authenticated"}', true);

update public.profiles set is_active = false where id = 'a0000000-0000-4000-8000-000000000004';

insert into public.payment_methods (id, organization_id, name, type, card_last_four, bank_account, metadata, created_at) values
  ('d0000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 'Företagskort Visa', 'card', '4242', null,
   '{"holderName":"Anna Admin","expiryMonth":8,"expiryYear":2028,"provider":"Visa"}', now() - interval '50 days'),
  ('d0000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001', 'Bankgiro SEB', 'bank_account', null, '5050-1055',
   '{"provider":"SEB"}', now() - interval '40 days'),
  ('d0000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000001', 'Faktura 30 dagar', 'invoice', null, null,
   '{}', now() - interval '30 days');

-- Workflows, created "as" their creators.
insert into public.workflows (id, organization_id, created_by, name, description, category, start_method, status, is_active, last_run_at, success_rate, run_count, created_at) values
  ('b0000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001',
   'Hyresavier till hyresgäster', 'Skapar och skickar månatliga hyresavier från fastighetssystemet.', 'Fastighetsadministration', 'scheduled', 'active', true,
   now() - interval '2 hours', 98.50, 412, now() - interval '45 days'),
  ('b0000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001',
   'Felanmälningar till ärendesystem', 'Läser felanmälningar från e-post och registrerar dem som ärenden.', 'Ärendehantering', 'trigger', 'active', true,
   now() - interval '25 minutes', 94.20, 1280, now() - interval '40 days'),
  ('b0000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002',
   'Månadsrapport driftkostnader', 'Hämtar driftkostnader per fastighet och sammanställer månadsrapporten.', 'Rapportering', 'scheduled', 'active', true,
   now() - interval '3 days', 91.67, 12, now() - interval '38 days'),
  ('b0000000-0000-4000-8000-000000000004', '10000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002',
   'Förlängning av hyresavtal', 'Bevakar avtal som löper ut och förbereder förlängningsunderlag.', 'Avtalshantering', 'manual', 'paused', false,
   now() - interval '9 days', 87.50, 24, now() - interval '30 days'),
  ('b0000000-0000-4000-8000-000000000005', '10000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003',
   'Bokning av serviceärenden', 'Bokar tekniker för inkomna serviceärenden i underhållssystemet.', 'Underhåll och service', 'trigger', 'error', true,
   now() - interval '1 hour', 61.30, 75, now() - interval '21 days'),
  ('b0000000-0000-4000-8000-000000000006', '10000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003',
   'Inläsning av leverantörsfakturor', 'Registrerar leverantörsfakturor från PDF i ekonomisystemet.', 'Övrigt', 'manual', 'draft', false,
   null, null, 0, now() - interval '6 days'),
  ('b0000000-0000-4000-8000-000000000007', '10000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001',
   'Besiktningsprotokoll till arkiv', 'Arkiverar OVK- och hissbesiktningsprotokoll per fastighet.', 'Fastighetsadministration', 'scheduled', 'inactive', false,
   now() - interval '20 days', 92.00, 50, now() - interval '35 days'),
  ('b0000000-0000-4000-8000-000000000008', '10000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002',
   'Kvartalsrapport vakanser', 'Sammanställer vakansgrad per fastighet inför kvartalsmötet.', 'Rapportering', 'manual', 'draft', false,
   null, null, 0, now() - interval '2 days');

select set_config('request.jwt.claims', '{"sub":"a0000000-0000-4000-8000-000000000005","role":"authenticated"}', true);

insert into public.workflows (id, organization_id, created_by, name, description, category, start_method, status, is_active, last_run_at, success_rate, run_count, created_at) values
  ('b0000000-0000-4000-8000-000000000009', '10000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000005',
   'Bokföring av kundinbetalningar', 'Matchar inbetalningar mot kundfakturor.', 'Rapportering', 'scheduled', 'active', true,
   now() - interval '5 hours', 97.00, 180, now() - interval '20 days');

select set_config('request.jwt.claims', '', true);

-- Definitions (version 1 of each workflow) and run history. The demo organisation's systems live at
-- example.se addresses that do not exist, so a real run of a seeded workflow fails at its first
-- navigation: the history below is seeded, and says so in its runner id ('seed').
insert into public.workflow_versions (organization_id, workflow_id, version, definition, source, recorded_duration_ms, created_by, created_at)
select w.organization_id, w.id, 1, d.definition::jsonb, 'recorder', d.recorded_ms, w.created_by, w.created_at
from public.workflows w
join (values
  ('b0000000-0000-4000-8000-000000000001', 540000, '{"version":1,"steps":[
    {"id":"s1","type":"navigate","description":"Öppna fastighetssystemet","url":"https://fastighetssystem.example.se/login"},
    {"id":"s2","type":"change","description":"Användarnamn","selectors":["aria/Användarnamn[role=\"textbox\"]","#username"],"value":"{{input.user}}"},
    {"id":"s3","type":"change","description":"Lösenord","selectors":["aria/Lösenord","#password"],"value":"{{secret.FASTIGHET_PASSWORD}}"},
    {"id":"s4","type":"click","description":"Logga in","selectors":["aria/Logga in[role=\"button\"]","text/Logga in"]},
    {"id":"s5","type":"click","description":"Hyresavier","selectors":["aria/Hyresavier[role=\"link\"]"]},
    {"id":"s6","type":"click","description":"Skapa avier för månaden","selectors":["aria/Skapa avier[role=\"button\"]"]},
    {"id":"s7","type":"screenshot","description":"Kvitto på skapade avier"}]}'),
  ('b0000000-0000-4000-8000-000000000002', 300000, '{"version":1,"steps":[
    {"id":"s1","type":"navigate","description":"Öppna inkorgen för felanmälningar","url":"https://mail.example.se/felanmalan"},
    {"id":"s2","type":"extract","description":"Läs felanmälan","selectors":["aria/Meddelande[role=\"article\"]"],"variable":"anmalan"},
    {"id":"s3","type":"navigate","description":"Öppna ärendesystemet","url":"https://arenden.example.se/nytt"},
    {"id":"s4","type":"change","description":"Beskrivning","selectors":["aria/Beskrivning"],"value":"{{var.anmalan}}"},
    {"id":"s5","type":"change","description":"Lägenhetsnummer","selectors":["aria/Lägenhetsnummer"],"value":"{{input.lagenhet}}"},
    {"id":"s6","type":"click","description":"Registrera ärendet","selectors":["aria/Registrera[role=\"button\"]"]}]}'),
  ('b0000000-0000-4000-8000-000000000003', 1800000, '{"version":1,"steps":[
    {"id":"s1","type":"navigate","description":"Öppna ekonomisystemet","url":"https://ekonomi.example.se/rapporter"},
    {"id":"s2","type":"click","description":"Driftkostnader per fastighet","selectors":["aria/Driftkostnader[role=\"link\"]"]},
    {"id":"s3","type":"change","description":"Period","selectors":["aria/Period[role=\"combobox\"]"],"value":"Föregående månad"},
    {"id":"s4","type":"click","description":"Exportera rapport","selectors":["aria/Exportera[role=\"button\"]"]},
    {"id":"s5","type":"screenshot","description":"Rapportens sammanfattning"}]}'),
  ('b0000000-0000-4000-8000-000000000004', 900000, '{"version":1,"steps":[
    {"id":"s1","type":"navigate","description":"Öppna avtalsregistret","url":"https://avtal.example.se/"},
    {"id":"s2","type":"change","description":"Slutdatum inom 90 dagar","selectors":["aria/Slutdatum[role=\"combobox\"]"],"value":"90"},
    {"id":"s3","type":"click","description":"Sök","selectors":["aria/Sök[role=\"button\"]"]},
    {"id":"s4","type":"manual","description":"Granska underlaget","instructions":"Kontrollera hyresnivå och villkor innan förlängning."}]}'),
  ('b0000000-0000-4000-8000-000000000005', 420000, '{"version":1,"steps":[
    {"id":"s1","type":"navigate","description":"Öppna underhållssystemet","url":"https://underhall.example.se/arenden"},
    {"id":"s2","type":"click","description":"Nästa obokade ärende","selectors":["aria/Obokade[role=\"tab\"]"]},
    {"id":"s3","type":"click","description":"Boka tekniker","selectors":["aria/Boka tekniker[role=\"button\"]","#book-technician"]},
    {"id":"s4","type":"click","description":"Bekräfta bokning","selectors":["aria/Bekräfta[role=\"button\"]"]}]}'),
  ('b0000000-0000-4000-8000-000000000006', null, '{"version":1,"steps":[
    {"id":"s1","type":"navigate","description":"Öppna fakturaportalen","url":"https://fakturor.example.se/"},
    {"id":"s2","type":"extract","description":"Fakturans belopp","selectors":["aria/Belopp"],"variable":"belopp"}]}'),
  ('b0000000-0000-4000-8000-000000000007', 240000, '{"version":1,"steps":[
    {"id":"s1","type":"navigate","description":"Öppna besiktningsportalen","url":"https://besiktning.example.se/"},
    {"id":"s2","type":"click","description":"Ladda ner protokoll","selectors":["aria/Ladda ner[role=\"button\"]"]}]}'),
  ('b0000000-0000-4000-8000-000000000008', null, '{"version":1,"steps":[]}'),
  ('b0000000-0000-4000-8000-000000000009', 600000, '{"version":1,"steps":[
    {"id":"s1","type":"navigate","description":"Öppna bankens filöverföring","url":"https://bank.example.se/"},
    {"id":"s2","type":"click","description":"Hämta inbetalningar","selectors":["aria/Hämta inbetalningar[role=\"button\"]"]}]}')
) as d (workflow_id, recorded_ms, definition) on w.id = d.workflow_id::uuid;

-- Runs: as many as each workflow's seeded run count, spread evenly between its creation and its last
-- run, failed in the proportion of its success rate (the runs of the error-queue items below by id).
-- The audit trail already carries their history, so the run triggers are off while they are written.
alter table public.runs disable trigger runs_after_insert;

update public.workflows set current_version = 1;

insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, started_by, status, step_count, completed_steps,
                         current_step, failed_step, error_type, error_message, runner_id, created_at, started_at, finished_at)
select coalesce(e.execution_id, gen_random_uuid()), w.organization_id, w.id, 1,
       case w.start_method when 'scheduled' then 'schedule' when 'trigger' then 'webhook' else 'manual' end::public.run_trigger,
       case when w.start_method = 'manual' then w.created_by end,
       case when failed then 'failed' else 'completed' end::public.run_status,
       v.step_count,
       case when failed then coalesce(e.step_index, v.step_count - 1) else v.step_count end,
       case when failed then coalesce(e.step_index, v.step_count - 1) end,
       case when failed then coalesce(e.step_index, v.step_count - 1) end,
       case when failed then coalesce(e.error_type, 'element_not_found') end,
       case when failed then coalesce(e.error_message, 'Elementet hittades inte på sidan.') end,
       'seed', at, at, at + make_interval(secs => 20 + (n % 7) * 9)
from public.workflows w
join public.workflow_versions v on v.workflow_id = w.id and v.version = 1
cross join lateral generate_series(1, w.run_count) as n
cross join lateral (
  select w.last_run_at - (w.last_run_at - w.created_at) * (w.run_count - n)::float8 / greatest(w.run_count, 1) as at,
         -- Every k-th run failed, k from the success rate.
         (w.run_count - n) % greatest(round(100.0 / greatest(100 - coalesce(w.success_rate, 100), 0.01))::int, 1) = 0
           and w.success_rate < 100 as failed
) t
left join (values
  ('b0000000-0000-4000-8000-000000000005', 1, 'f0000000-0000-4000-8000-000000000001'::uuid, 2, 'element_not_found', 'Knappen "Boka tekniker" hittades inte på sidan.'),
  ('b0000000-0000-4000-8000-000000000002', 1, 'f0000000-0000-4000-8000-000000000002'::uuid, 4, 'validation_error', 'Fältet "Lägenhetsnummer" saknar värde i felanmälan.'),
  ('b0000000-0000-4000-8000-000000000001', 1, 'f0000000-0000-4000-8000-000000000003'::uuid, 1, 'network_error', 'Fastighetssystemet svarade inte (HTTP 503).'),
  ('b0000000-0000-4000-8000-000000000003', 1, 'f0000000-0000-4000-8000-000000000004'::uuid, 0, 'session_expired', 'Inloggningen i ekonomisystemet har gått ut.'),
  ('b0000000-0000-4000-8000-000000000005', 2, 'f0000000-0000-4000-8000-000000000005'::uuid, 3, 'timeout', 'Sidan laddades inte inom 30 sekunder.'),
  ('b0000000-0000-4000-8000-000000000009', 1, 'f0000000-0000-4000-8000-000000000006'::uuid, 0, 'network_error', 'Banken svarade inte.')
) as e (workflow_id, nth_failure, execution_id, step_index, error_type, error_message)
  on e.workflow_id::uuid = w.id and failed
     and e.nth_failure = (
       select count(*) from generate_series(n, w.run_count) m
       where (w.run_count - m) % greatest(round(100.0 / greatest(100 - coalesce(w.success_rate, 100), 0.01))::int, 1) = 0
     );

alter table public.runs enable trigger runs_after_insert;

-- The statistics as the run triggers keep them: finished runs, and the share completed of the last 100.
update public.workflows w
set run_count = (select count(*) from public.runs r where r.workflow_id = w.id),
    success_rate = (
      select round(100.0 * count(*) filter (where r.status = 'completed') / nullif(count(*), 0), 2)
      from (select status from public.runs where workflow_id = w.id order by created_at desc limit 100) r
    )
where w.run_count > 0;

-- Error queue: four pending, one resolved (resolved by Ulla).
insert into public.error_queue_items (id, organization_id, workflow_id, execution_id, step_id, error_type, error_message, status, priority, resolved_at, resolved_by, created_at) values
  ('c0000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000005', 'f0000000-0000-4000-8000-000000000001', 'step-3',
   'element_not_found', 'Knappen "Boka tekniker" hittades inte på sidan.', 'pending', 'high', null, null, now() - interval '1 hour'),
  ('c0000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002', 'f0000000-0000-4000-8000-000000000002', 'step-5',
   'validation_error', 'Fältet "Lägenhetsnummer" saknar värde i felanmälan.', 'pending', 'medium', null, null, now() - interval '3 hours'),
  ('c0000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'f0000000-0000-4000-8000-000000000003', 'step-2',
   'network_error', 'Fastighetssystemet svarade inte (HTTP 503).', 'pending', 'high', null, null, now() - interval '6 hours'),
  ('c0000000-0000-4000-8000-000000000004', '10000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000003', 'f0000000-0000-4000-8000-000000000004', null,
   'session_expired', 'Inloggningen i ekonomisystemet har gått ut.', 'pending', 'low', null, null, now() - interval '1 day'),
  ('c0000000-0000-4000-8000-000000000005', '10000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000005', 'f0000000-0000-4000-8000-000000000005', 'step-4',
   'timeout', 'Sidan laddades inte inom 30 sekunder.', 'resolved', 'medium', now() - interval '2 days', 'a0000000-0000-4000-8000-000000000003', now() - interval '3 days'),
  ('c0000000-0000-4000-8000-000000000006', '10000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000009', 'f0000000-0000-4000-8000-000000000006', 'step-1',
   'network_error', 'Banken svarade inte.', 'pending', 'medium', null, null, now() - interval '5 hours');

-- History of the demo organisation (the triggers above added the latest entries).
insert into public.audit_activities (organization_id, user_id, action, details, workflow_id, execution_id, resource, ip_address, metadata, created_at)
select '10000000-0000-4000-8000-000000000001', a.user_id::uuid, a.action, a.details, a.workflow_id::uuid, a.execution_id::uuid, a.resource, a.ip::inet, a.metadata::jsonb, now() - a.ago::interval
from (values
  ('a0000000-0000-4000-8000-000000000001', 'workflow_executed', 'Hyresavier till hyresgäster', 'b0000000-0000-4000-8000-000000000001', 'f1000000-0000-4000-8000-000000000001', 'workflow', '192.168.1.20', '{"status":"completed","durationMs":48200}', '2 hours'),
  (null, 'workflow_executed', 'Felanmälningar till ärendesystem', 'b0000000-0000-4000-8000-000000000002', 'f1000000-0000-4000-8000-000000000002', 'workflow', null, '{"status":"completed","durationMs":12400}', '25 minutes'),
  (null, 'workflow_executed', 'Bokning av serviceärenden', 'b0000000-0000-4000-8000-000000000005', 'f0000000-0000-4000-8000-000000000001', 'workflow', null, '{"status":"failed","errorType":"element_not_found"}', '1 hour'),
  (null, 'workflow_executed', 'Felanmälningar till ärendesystem', 'b0000000-0000-4000-8000-000000000002', 'f0000000-0000-4000-8000-000000000002', 'workflow', null, '{"status":"failed","errorType":"validation_error"}', '3 hours'),
  (null, 'workflow_executed', 'Hyresavier till hyresgäster', 'b0000000-0000-4000-8000-000000000001', 'f0000000-0000-4000-8000-000000000003', 'workflow', null, '{"status":"failed","errorType":"network_error"}', '6 hours'),
  ('a0000000-0000-4000-8000-000000000002', 'workflow_updated', 'Månadsrapport driftkostnader', 'b0000000-0000-4000-8000-000000000003', null, 'workflow', '192.168.1.21', '{"changedFields":["description"]}', '20 hours'),
  (null, 'workflow_executed', 'Månadsrapport driftkostnader', 'b0000000-0000-4000-8000-000000000003', 'f0000000-0000-4000-8000-000000000004', 'workflow', null, '{"status":"failed","errorType":"session_expired"}', '1 day'),
  ('a0000000-0000-4000-8000-000000000003', 'error_resolved', 'Sidan laddades inte inom 30 sekunder.', 'b0000000-0000-4000-8000-000000000005', 'f0000000-0000-4000-8000-000000000005', 'error_queue_item', '192.168.1.34', '{"errorId":"c0000000-0000-4000-8000-000000000005","errorType":"timeout"}', '2 days'),
  ('a0000000-0000-4000-8000-000000000003', 'workflow_executed', 'Bokning av serviceärenden', 'b0000000-0000-4000-8000-000000000005', 'f1000000-0000-4000-8000-000000000003', 'workflow', '192.168.1.34', '{"status":"completed","durationMs":30100}', '2 days 1 hour'),
  (null, 'workflow_executed', 'Bokning av serviceärenden', 'b0000000-0000-4000-8000-000000000005', 'f0000000-0000-4000-8000-000000000005', 'workflow', null, '{"status":"failed","errorType":"timeout"}', '3 days'),
  ('a0000000-0000-4000-8000-000000000002', 'workflow_executed', 'Månadsrapport driftkostnader', 'b0000000-0000-4000-8000-000000000003', 'f1000000-0000-4000-8000-000000000004', 'workflow', '192.168.1.21', '{"status":"completed","durationMs":95000}', '3 days 2 hours'),
  ('a0000000-0000-4000-8000-000000000001', 'user_updated', 'Sven Superanvändare', null, null, 'user', '192.168.1.20', '{"targetUserId":"a0000000-0000-4000-8000-000000000002","changedFields":["role"],"previousRole":"user","role":"superuser"}', '5 days'),
  ('a0000000-0000-4000-8000-000000000002', 'workflow_updated', 'Förlängning av hyresavtal', 'b0000000-0000-4000-8000-000000000004', null, 'workflow', '192.168.1.21', '{"changedFields":["is_active","status"],"status":"paused"}', '8 days'),
  ('a0000000-0000-4000-8000-000000000002', 'workflow_executed', 'Förlängning av hyresavtal', 'b0000000-0000-4000-8000-000000000004', 'f1000000-0000-4000-8000-000000000005', 'workflow', '192.168.1.21', '{"status":"completed","durationMs":61000}', '9 days'),
  ('a0000000-0000-4000-8000-000000000001', 'organization_updated', 'Fastighets AB Demo', null, null, 'organization', '192.168.1.20', '{"changedFields":["domain","phone"]}', '12 days'),
  ('a0000000-0000-4000-8000-000000000001', 'workflow_updated', 'Besiktningsprotokoll till arkiv', 'b0000000-0000-4000-8000-000000000007', null, 'workflow', '192.168.1.20', '{"changedFields":["is_active","status"],"status":"inactive"}', '19 days'),
  (null, 'workflow_executed', 'Besiktningsprotokoll till arkiv', 'b0000000-0000-4000-8000-000000000007', 'f1000000-0000-4000-8000-000000000006', 'workflow', null, '{"status":"completed","durationMs":22000}', '20 days'),
  ('a0000000-0000-4000-8000-000000000003', 'workflow_updated', 'Bokning av serviceärenden', 'b0000000-0000-4000-8000-000000000005', null, 'workflow', '192.168.1.34', '{"changedFields":["is_active","status"],"status":"active"}', '20 days 4 hours'),
  ('a0000000-0000-4000-8000-000000000001', 'user_updated', 'Ulla Användare', null, null, 'user', '192.168.1.20', '{"targetUserId":"a0000000-0000-4000-8000-000000000003","changedFields":["full_name"]}', '25 days'),
  ('a0000000-0000-4000-8000-000000000001', 'payment_method_updated', 'Företagskort Visa', null, null, 'payment_method', '192.168.1.20', '{"paymentMethodId":"d0000000-0000-4000-8000-000000000001","type":"card","changedFields":["metadata"]}', '28 days')
) as a (user_id, action, details, workflow_id, execution_id, resource, ip, metadata, ago);

-- The template catalogue.
insert into public.templates (id, name, description, category, industry, difficulty, rating, downloads, creator, is_featured, steps, created_at, updated_at) values
  ('e0000000-0000-4000-8000-000000000001', 'Hyresavisering', 'Skapar och skickar hyresavier varje månad.', 'Fastighetsadministration', 'Fastigheter', 'beginner', 0, 0, 'Kollega', true,
   '[{"action":"navigate","description":"Öppna fastighetssystemet"},{"action":"click","description":"Välj Hyresavier"},{"action":"click","description":"Skapa avier för månaden"}]', now() - interval '120 days', now() - interval '10 days'),
  ('e0000000-0000-4000-8000-000000000002', 'Felanmälan till ärende', 'Registrerar felanmälningar från e-post som ärenden.', 'Ärendehantering', 'Fastigheter', 'intermediate', 0, 0, 'Kollega', true,
   '[{"action":"navigate","description":"Öppna inkorgen"},{"action":"ai_decision","description":"Klassificera felanmälan"},{"action":"type","description":"Skapa ärende"}]', now() - interval '100 days', now() - interval '14 days'),
  ('e0000000-0000-4000-8000-000000000003', 'Månadsrapport ekonomi', 'Sammanställer resultat och driftkostnader per fastighet.', 'Rapportering', 'Ekonomi', 'intermediate', 0, 0, 'Ekonomi Partner AB', false,
   '[{"action":"navigate","description":"Öppna ekonomisystemet"},{"action":"click","description":"Exportera rapport"},{"action":"screenshot","description":"Spara underlag"}]', now() - interval '90 days', now() - interval '20 days'),
  ('e0000000-0000-4000-8000-000000000004', 'Avtalsbevakning', 'Påminner om avtal som löper ut inom 90 dagar.', 'Avtalshantering', 'Fastigheter', 'beginner', 0, 0, 'Kollega', false,
   '[{"action":"navigate","description":"Öppna avtalsregistret"},{"action":"type","description":"Filtrera på slutdatum"}]', now() - interval '80 days', now() - interval '30 days'),
  ('e0000000-0000-4000-8000-000000000005', 'Serviceorder till tekniker', 'Bokar tekniker för inkomna serviceärenden.', 'Underhåll och service', 'Fastigheter', 'advanced', 0, 0, 'Nordic Facility', false,
   '[{"action":"navigate","description":"Öppna underhållssystemet"},{"action":"ai_decision","description":"Välj tekniker"},{"action":"manual","description":"Bekräfta bokning"}]', now() - interval '70 days', now() - interval '5 days'),
  ('e0000000-0000-4000-8000-000000000006', 'Leverantörsfakturor från PDF', 'Läser av leverantörsfakturor och registrerar dem för attest.', 'Övrigt', 'Ekonomi', 'advanced', 0, 0, 'Kollega', true,
   '[{"action":"navigate","description":"Öppna fakturaportalen"},{"action":"ai_decision","description":"Tolka fakturan"},{"action":"type","description":"Registrera fakturan"}]', now() - interval '150 days', now() - interval '3 days'),
  ('e0000000-0000-4000-8000-000000000007', 'Kundinbetalningar', 'Matchar inbetalningar mot kundfakturor.', 'Rapportering', 'Ekonomi', 'intermediate', 0, 0, 'Ekonomi Partner AB', false,
   '[{"action":"navigate","description":"Öppna bankens filöverföring"},{"action":"click","description":"Hämta inbetalningar"}]', now() - interval '60 days', now() - interval '12 days'),
  ('e0000000-0000-4000-8000-000000000008', 'Diarieföring av inkommande post', 'Diarieför inkommande handlingar i ärendesystemet.', 'Ärendehantering', 'Offentlig sektor', 'beginner', 0, 0, 'Kommunkollega', false,
   '[{"action":"navigate","description":"Öppna diariet"},{"action":"type","description":"Registrera handling"},{"action":"wait","description":"Vänta på bekräftelse"}]', now() - interval '45 days', now() - interval '8 days');
-- Each template's real steps (format v1), installed as the new workflow's version 1: the target system's
-- address and values are run inputs, passwords secrets, decisions carry their prompts; a person completes
-- the selectors in the editor. Valid against the shared schema (supabase/functions/api/tests/templates.test.ts).
update public.templates set definition = '{"version": 1, "steps": [{"id": "open", "type": "navigate", "description": "Öppna fastighetssystemet", "url": "{{input.system_url}}"}, {"id": "login-user", "type": "change", "description": "Fyll i användarnamnet", "selectors": ["aria/Användarnamn[role=\"textbox\"]"], "value": "{{input.anvandare}}"}, {"id": "login-password", "type": "change", "description": "Fyll i lösenordet (hemligheten FASTIGHETSSYSTEM_LOSENORD)", "selectors": ["aria/Lösenord[role=\"textbox\"]"], "value": "{{secret.FASTIGHETSSYSTEM_LOSENORD}}"}, {"id": "login-login", "type": "click", "description": "Logga in", "selectors": ["aria/Logga in[role=\"button\"]"]}, {"id": "notices", "type": "click", "description": "Välj Hyresavier", "selectors": ["aria/Hyresavier[role=\"link\"]"]}, {"id": "period", "type": "change", "description": "Fyll i perioden", "selectors": ["aria/Period[role=\"textbox\"]"], "value": "{{input.period}}"}, {"id": "create", "type": "click", "description": "Skapa avier för perioden", "selectors": ["aria/Skapa avier[role=\"button\"]"]}, {"id": "receipt", "type": "screenshot", "description": "Spara kvittot", "fullPage": false}]}' where id = 'e0000000-0000-4000-8000-000000000001';
update public.templates set definition = '{"version": 1, "steps": [{"id": "open", "type": "navigate", "description": "Öppna inkorgen för felanmälningar", "url": "{{input.system_url}}"}, {"id": "login-user", "type": "change", "description": "Fyll i användarnamnet", "selectors": ["aria/Användarnamn[role=\"textbox\"]"], "value": "{{input.anvandare}}"}, {"id": "login-password", "type": "change", "description": "Fyll i lösenordet (hemligheten INKORG_LOSENORD)", "selectors": ["aria/Lösenord[role=\"textbox\"]"], "value": "{{secret.INKORG_LOSENORD}}"}, {"id": "login-login", "type": "click", "description": "Logga in", "selectors": ["aria/Logga in[role=\"button\"]"]}, {"id": "report", "type": "extract", "description": "Läs felanmälan", "selectors": ["aria/Felanmälan[role=\"article\"]"], "variable": "felanmalan"}, {"id": "classify", "type": "ai_decision", "description": "Klassificera felanmälan", "prompt": "Avgör om felanmälan gäller ett akut fel (vatten, el, värme, lås), ett vanligt fel eller inget fel alls (en fråga eller ett klagomål). Svara med ett av alternativen.", "inputs": ["var.felanmalan"], "options": [{"value": "akut", "label": "Akut fel", "then": "continue", "alwaysAsk": true}, {"value": "normal", "label": "Vanligt fel", "then": "continue"}, {"value": "inget_fel", "label": "Inget fel", "then": "stop"}], "threshold": 95}, {"id": "new-case", "type": "click", "description": "Skapa ett nytt ärende", "selectors": ["aria/Nytt ärende[role=\"button\"]"]}, {"id": "describe", "type": "change", "description": "Fyll i beskrivningen", "selectors": ["aria/Beskrivning[role=\"textbox\"]"], "value": "{{var.felanmalan}}"}, {"id": "save", "type": "click", "description": "Spara ärendet", "selectors": ["aria/Spara[role=\"button\"]"]}]}' where id = 'e0000000-0000-4000-8000-000000000002';
update public.templates set definition = '{"version": 1, "steps": [{"id": "open", "type": "navigate", "description": "Öppna ekonomisystemet", "url": "{{input.system_url}}"}, {"id": "login-user", "type": "change", "description": "Fyll i användarnamnet", "selectors": ["aria/Användarnamn[role=\"textbox\"]"], "value": "{{input.anvandare}}"}, {"id": "login-password", "type": "change", "description": "Fyll i lösenordet (hemligheten EKONOMISYSTEM_LOSENORD)", "selectors": ["aria/Lösenord[role=\"textbox\"]"], "value": "{{secret.EKONOMISYSTEM_LOSENORD}}"}, {"id": "login-login", "type": "click", "description": "Logga in", "selectors": ["aria/Logga in[role=\"button\"]"]}, {"id": "period", "type": "change", "description": "Fyll i månaden", "selectors": ["aria/Period[role=\"textbox\"]"], "value": "{{input.period}}"}, {"id": "export", "type": "click", "description": "Exportera rapporten", "selectors": ["aria/Exportera rapport[role=\"button\"]"]}, {"id": "evidence", "type": "screenshot", "description": "Spara underlaget", "fullPage": false}]}' where id = 'e0000000-0000-4000-8000-000000000003';
update public.templates set definition = '{"version": 1, "steps": [{"id": "open", "type": "navigate", "description": "Öppna avtalsregistret", "url": "{{input.system_url}}"}, {"id": "login-user", "type": "change", "description": "Fyll i användarnamnet", "selectors": ["aria/Användarnamn[role=\"textbox\"]"], "value": "{{input.anvandare}}"}, {"id": "login-password", "type": "change", "description": "Fyll i lösenordet (hemligheten AVTALSREGISTER_LOSENORD)", "selectors": ["aria/Lösenord[role=\"textbox\"]"], "value": "{{secret.AVTALSREGISTER_LOSENORD}}"}, {"id": "login-login", "type": "click", "description": "Logga in", "selectors": ["aria/Logga in[role=\"button\"]"]}, {"id": "end-date", "type": "change", "description": "Filtrera på slutdatum", "selectors": ["aria/Slutdatum före[role=\"textbox\"]"], "value": "{{input.slutdatum}}"}, {"id": "filter", "type": "click", "description": "Filtrera", "selectors": ["aria/Filtrera[role=\"button\"]"]}, {"id": "list", "type": "extract", "description": "Läs avtalen som löper ut", "selectors": ["aria/Avtal[role=\"table\"]"], "variable": "avtal"}, {"id": "remind", "type": "manual", "description": "Påminn avtalsansvariga", "instructions": "Kontakta de avtalsansvariga för avtalen i listan och markera uppgiften klar."}]}' where id = 'e0000000-0000-4000-8000-000000000004';
update public.templates set definition = '{"version": 1, "steps": [{"id": "open", "type": "navigate", "description": "Öppna underhållssystemet", "url": "{{input.system_url}}"}, {"id": "login-user", "type": "change", "description": "Fyll i användarnamnet", "selectors": ["aria/Användarnamn[role=\"textbox\"]"], "value": "{{input.anvandare}}"}, {"id": "login-password", "type": "change", "description": "Fyll i lösenordet (hemligheten UNDERHALLSSYSTEM_LOSENORD)", "selectors": ["aria/Lösenord[role=\"textbox\"]"], "value": "{{secret.UNDERHALLSSYSTEM_LOSENORD}}"}, {"id": "login-login", "type": "click", "description": "Logga in", "selectors": ["aria/Logga in[role=\"button\"]"]}, {"id": "case", "type": "extract", "description": "Läs serviceärendet", "selectors": ["aria/Serviceärende[role=\"article\"]"], "variable": "arende"}, {"id": "choose", "type": "ai_decision", "description": "Välj tekniker", "prompt": "Vilken sorts tekniker behövs för serviceärendet? Svara el, vvs eller bygg.", "inputs": ["var.arende"], "options": [{"value": "el", "label": "Elektriker", "then": "continue"}, {"value": "vvs", "label": "VVS-tekniker", "then": "continue"}, {"value": "bygg", "label": "Byggtekniker", "then": "continue"}], "threshold": 95}, {"id": "book", "type": "click", "description": "Boka tekniker", "selectors": ["aria/Boka tekniker[role=\"button\"]"]}, {"id": "confirm", "type": "manual", "description": "Bekräfta bokningen", "instructions": "Kontrollera att bokningen syns i teknikerns kalender och bekräfta."}]}' where id = 'e0000000-0000-4000-8000-000000000005';
update public.templates set definition = '{"version": 1, "steps": [{"id": "open", "type": "navigate", "description": "Öppna fakturaportalen", "url": "{{input.system_url}}"}, {"id": "login-user", "type": "change", "description": "Fyll i användarnamnet", "selectors": ["aria/Användarnamn[role=\"textbox\"]"], "value": "{{input.anvandare}}"}, {"id": "login-password", "type": "change", "description": "Fyll i lösenordet (hemligheten FAKTURAPORTAL_LOSENORD)", "selectors": ["aria/Lösenord[role=\"textbox\"]"], "value": "{{secret.FAKTURAPORTAL_LOSENORD}}"}, {"id": "login-login", "type": "click", "description": "Logga in", "selectors": ["aria/Logga in[role=\"button\"]"]}, {"id": "invoice", "type": "extract", "description": "Läs fakturan", "selectors": ["aria/Faktura[role=\"article\"]"], "variable": "faktura"}, {"id": "interpret", "type": "ai_decision", "description": "Tolka fakturan", "prompt": "Stämmer fakturan med en beställning (leverantör, belopp och referens finns)? Svara registrera om den kan registreras för attest, annars granska.", "inputs": ["var.faktura", "input.leverantor", "input.belopp"], "options": [{"value": "registrera", "label": "Registrera för attest", "then": "continue"}, {"value": "granska", "label": "Behöver granskas", "then": "stop", "alwaysAsk": true}], "threshold": 95}, {"id": "supplier", "type": "change", "description": "Fyll i leverantören", "selectors": ["aria/Leverantör[role=\"textbox\"]"], "value": "{{input.leverantor}}"}, {"id": "amount", "type": "change", "description": "Fyll i beloppet", "selectors": ["aria/Belopp[role=\"textbox\"]"], "value": "{{input.belopp}}"}, {"id": "register", "type": "click", "description": "Registrera fakturan", "selectors": ["aria/Registrera[role=\"button\"]"]}]}' where id = 'e0000000-0000-4000-8000-000000000006';
update public.templates set definition = '{"version": 1, "steps": [{"id": "open", "type": "navigate", "description": "Öppna bankens filöverföring", "url": "{{input.system_url}}"}, {"id": "login-user", "type": "change", "description": "Fyll i användarnamnet", "selectors": ["aria/Användarnamn[role=\"textbox\"]"], "value": "{{input.anvandare}}"}, {"id": "login-password", "type": "change", "description": "Fyll i lösenordet (hemligheten BANK_LOSENORD)", "selectors": ["aria/Lösenord[role=\"textbox\"]"], "value": "{{secret.BANK_LOSENORD}}"}, {"id": "login-login", "type": "click", "description": "Logga in", "selectors": ["aria/Logga in[role=\"button\"]"]}, {"id": "date", "type": "change", "description": "Fyll i bokföringsdagen", "selectors": ["aria/Bokföringsdag[role=\"textbox\"]"], "value": "{{input.bokforingsdag}}"}, {"id": "fetch", "type": "click", "description": "Hämta inbetalningar", "selectors": ["aria/Hämta inbetalningar[role=\"button\"]"]}, {"id": "match", "type": "manual", "description": "Matcha inbetalningarna", "instructions": "Matcha de hämtade inbetalningarna mot kundfakturorna i ekonomisystemet och markera uppgiften klar."}]}' where id = 'e0000000-0000-4000-8000-000000000007';
update public.templates set definition = '{"version": 1, "steps": [{"id": "open", "type": "navigate", "description": "Öppna diariet", "url": "{{input.system_url}}"}, {"id": "login-user", "type": "change", "description": "Fyll i användarnamnet", "selectors": ["aria/Användarnamn[role=\"textbox\"]"], "value": "{{input.anvandare}}"}, {"id": "login-password", "type": "change", "description": "Fyll i lösenordet (hemligheten DIARIE_LOSENORD)", "selectors": ["aria/Lösenord[role=\"textbox\"]"], "value": "{{secret.DIARIE_LOSENORD}}"}, {"id": "login-login", "type": "click", "description": "Logga in", "selectors": ["aria/Logga in[role=\"button\"]"]}, {"id": "new", "type": "click", "description": "Registrera ny handling", "selectors": ["aria/Ny handling[role=\"button\"]"]}, {"id": "title", "type": "change", "description": "Fyll i rubriken", "selectors": ["aria/Rubrik[role=\"textbox\"]"], "value": "{{input.rubrik}}"}, {"id": "sender", "type": "change", "description": "Fyll i avsändaren", "selectors": ["aria/Avsändare[role=\"textbox\"]"], "value": "{{input.avsandare}}"}, {"id": "save", "type": "click", "description": "Diarieför", "selectors": ["aria/Diarieför[role=\"button\"]"]}, {"id": "confirm", "type": "waitForElement", "description": "Vänta på diarienumret", "selectors": ["aria/Diarienummer[role=\"status\"]"]}]}' where id = 'e0000000-0000-4000-8000-000000000008';

