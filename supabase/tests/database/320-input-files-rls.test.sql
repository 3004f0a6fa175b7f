-- input_files (20261129200000): the files of file inputs. Members see which files their organisation's runs and
-- batches have, never the content; nobody writes the table directly; app.add_run_file adds a file only to the
-- caller's own run that has not started, under a file input its workflow declares; app.add_webhook_file only with
-- the token of the webhook that started the run; app.add_batch_file only to the caller's own batch. The content is
-- stored encrypted under the key the api passes; only the runner decrypts it, for a run it is executing, and gets a
-- batch row's file by the name the row gives. Files go with their run, and a finished batch's with the retention.
begin;
select plan(43);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b3200000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('admin'), 'Leverantörsfakturor', 'active', true),
  ('b3200000-0000-4000-8000-000000000002', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Fakturor B', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b3200000-0000-4000-8000-000000000001', 1,
   '{"version":1,"inputs":[{"name":"lev","label":"Leverantör","type":"text","required":true},{"name":"faktura","label":"Faktura","type":"file","required":true}],"steps":[{"id":"s1","type":"change","selectors":["#fil"],"value":"{{input.faktura}}"}]}'),
  (tests.org_id('outsider_admin'), 'b3200000-0000-4000-8000-000000000002', 1,
   '{"version":1,"inputs":[{"name":"faktura","label":"Faktura","type":"file","required":true}],"steps":[{"id":"s1","type":"change","selectors":["#fil"],"value":"{{input.faktura}}"}]}');
update public.workflows set current_version = 1 where id in ('b3200000-0000-4000-8000-000000000001', 'b3200000-0000-4000-8000-000000000002');
insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, started_by, status, step_count, inputs, started_at) values
  ('f3200000-0000-4000-8000-000000000001', tests.org_id('admin'), 'b3200000-0000-4000-8000-000000000001', 1, 'manual', tests.uid('member'), 'pending', 1, '{"lev":"Dahl","faktura":"faktura.pdf"}', null),
  ('f3200000-0000-4000-8000-000000000002', tests.org_id('admin'), 'b3200000-0000-4000-8000-000000000001', 1, 'manual', tests.uid('admin'), 'pending', 1, '{"faktura":"admin.pdf"}', null),
  ('f3200000-0000-4000-8000-000000000003', tests.org_id('admin'), 'b3200000-0000-4000-8000-000000000001', 1, 'manual', tests.uid('member'), 'running', 1, '{"faktura":"igang.pdf"}', now()),
  ('f3200000-0000-4000-8000-000000000004', tests.org_id('outsider_admin'), 'b3200000-0000-4000-8000-000000000002', 1, 'manual', tests.uid('outsider_admin'), 'pending', 1, '{"faktura":"b.pdf"}', null),
  ('f3200000-0000-4000-8000-000000000005', tests.org_id('admin'), 'b3200000-0000-4000-8000-000000000001', 1, 'webhook', null, 'pending', 1, '{"faktura":"hook.pdf"}', null),
  ('f3200000-0000-4000-8000-000000000006', tests.org_id('admin'), 'b3200000-0000-4000-8000-000000000001', 1, 'manual', tests.uid('member'), 'running', 1, '{"lev":"Ahlsell","faktura":"../../etc/a.pdf"}', now());
insert into public.workflow_webhooks (workflow_id, organization_id, token_hash, created_by) values
  ('b3200000-0000-4000-8000-000000000001', tests.org_id('admin'), extensions.digest('token-320', 'sha256'), tests.uid('admin'));
insert into public.batches (id, organization_id, workflow_id, created_by, format, file_name, columns) values
  ('a3200000-0000-4000-8000-000000000001', tests.org_id('admin'), 'b3200000-0000-4000-8000-000000000001', tests.uid('member'), 'csv', 'rader.csv', '["lev","faktura"]');
insert into public.batch_items (organization_id, batch_id, index, status, cells, inputs, run_id) values
  (tests.org_id('admin'), 'a3200000-0000-4000-8000-000000000001', 0, 'running', '["Ahlsell","../../etc/a.pdf"]', '{"lev":"Ahlsell","faktura":"../../etc/a.pdf"}', 'f3200000-0000-4000-8000-000000000006');

-- add: app.add_run_file
select tests.authenticate_as('member');
select isnt_empty($$ select app.add_run_file('f3200000-0000-4000-8000-000000000001', 'faktura', 'faktura.pdf', 'application/pdf', convert_to('%PDF-1.7 Faktura 4711', 'UTF8'), 'nyckel-320') $$,
  'a member gives the file of a file input to the run they have just started');
select throws_ok($$ select app.add_run_file('f3200000-0000-4000-8000-000000000001', 'faktura', 'igen.pdf', 'application/pdf', '\x01', 'nyckel-320') $$,
  '23505', null, 'a run input gets one file, once');
select throws_ok($$ select app.add_run_file('f3200000-0000-4000-8000-000000000002', 'faktura', 'x.pdf', 'application/pdf', '\x01', 'nyckel-320') $$,
  'P0002', 'run_not_found', 'a member cannot give a file to a run someone else started');
select throws_ok($$ select app.add_run_file('f3200000-0000-4000-8000-000000000003', 'faktura', 'x.pdf', 'application/pdf', '\x01', 'nyckel-320') $$,
  'P0002', 'run_not_found', 'a member cannot slip a file into their own run once it is under way');
select throws_ok($$ select app.add_run_file('f3200000-0000-4000-8000-000000000001', 'lev', 'x.pdf', 'application/pdf', '\x01', 'nyckel-320') $$,
  'P0002', 'run_not_found', 'a file is refused for an input the workflow does not declare as a file input');
select throws_ok($$ select app.add_run_file('f3200000-0000-4000-8000-000000000001', 'okand', 'x.pdf', 'application/pdf', '\x01', 'nyckel-320') $$,
  'P0002', 'run_not_found', 'a file is refused for an input the workflow does not have');
select throws_ok(format($$ select app.add_run_file('f3200000-0000-4000-8000-000000000001', 'faktura', 'stor.pdf', 'application/pdf', decode(repeat('00', %s), 'hex'), 'nyckel-320') $$, 10485761),
  '22023', 'input_file_too_large', 'a file over 10 MB is refused');
select throws_ok(format($$ insert into public.input_files (organization_id, run_id, input_name, file_name, size, content) values (%L, 'f3200000-0000-4000-8000-000000000001', 'faktura', 'klartext.pdf', 1, '\x01') $$, tests.org_id('admin')),
  '42501', 'permission denied for table input_files', 'a member cannot write a file directly, unencrypted');
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.input_files (organization_id, run_id, input_name, file_name, size, content) values (%L, 'f3200000-0000-4000-8000-000000000002', 'faktura', 'klartext.pdf', 1, '\x01') $$, tests.org_id('admin')),
  '42501', 'permission denied for table input_files', 'an admin cannot write a file directly either');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.add_run_file('f3200000-0000-4000-8000-000000000001', 'faktura', 'inbrott.pdf', 'application/pdf', '\x01', 'nyckel-b') $$,
  'P0002', 'run_not_found', 'an admin of another organisation cannot give a file to organisation A''s run');
select isnt_empty($$ select app.add_run_file('f3200000-0000-4000-8000-000000000004', 'faktura', 'b.pdf', 'application/pdf', convert_to('B:s faktura', 'UTF8'), 'nyckel-b') $$,
  'an admin of another organisation gives a file to their own run');
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.add_run_file('f3200000-0000-4000-8000-000000000001', 'faktura', 'x.pdf', 'application/pdf', '\x01', 'nyckel-320') $$,
  '42501', 'forbidden', 'a deactivated user cannot give files to runs');
select tests.authenticate_as_anon();
select throws_ok($$ select app.add_run_file('f3200000-0000-4000-8000-000000000001', 'faktura', 'x.pdf', 'application/pdf', '\x01', 'nyckel-320') $$,
  '42501', null, 'an anonymous visitor cannot give files to runs');
select tests.clear_authentication();
select throws_ok(format($$ select tests.as_runner(%L) $$,
    format($q$ insert into public.input_files (organization_id, run_id, input_name, file_name, size, content) values (%L, 'f3200000-0000-4000-8000-000000000001', 'faktura', 'r.pdf', 1, '\x01') $q$, tests.org_id('admin'))),
  '42501', 'permission denied for table input_files', 'the runner cannot write files');

-- add: app.add_webhook_file (the api's pool, with the webhook's token)
select tests.clear_authentication();
set local role service_role;
select isnt_empty($$ select app.add_webhook_file('token-320', 'f3200000-0000-4000-8000-000000000005', 'faktura', 'hook.pdf', 'application/pdf', convert_to('från webhook', 'UTF8'), 'nyckel-320') $$,
  'the webhook that started a run gives it the file of its payload');
select throws_ok($$ select app.add_webhook_file('fel-token', 'f3200000-0000-4000-8000-000000000005', 'faktura', 'x.pdf', 'application/pdf', '\x01', 'nyckel-320') $$,
  'P0002', 'run_not_found', 'another token cannot give a file to the webhook''s run');
select throws_ok($$ select app.add_webhook_file('token-320', 'f3200000-0000-4000-8000-000000000002', 'faktura', 'x.pdf', 'application/pdf', '\x01', 'nyckel-320') $$,
  'P0002', 'run_not_found', 'a webhook''s token cannot give a file to a run a person started');
select tests.authenticate_as('admin');
select throws_ok($$ select app.add_webhook_file('token-320', 'f3200000-0000-4000-8000-000000000005', 'faktura', 'x.pdf', 'application/pdf', '\x01', 'nyckel-320') $$,
  '42501', 'permission denied for function add_webhook_file', 'a member, even an admin, cannot use the webhook''s way in');

-- add: app.add_batch_file
select tests.authenticate_as('member');
select isnt_empty($$ select app.add_batch_file('a3200000-0000-4000-8000-000000000001', '../../etc/a.pdf', 'application/pdf', convert_to('rad 1', 'UTF8'), 'nyckel-320') $$,
  'a member adds a zip''s file to the batch they created, under its name in the zip (a name like ../../ is only a name)');
select isnt_empty($$ select app.add_batch_file('a3200000-0000-4000-8000-000000000001', 'b.pdf', 'application/pdf', convert_to('rad 2', 'UTF8'), 'nyckel-320') $$,
  'and a second file of the same zip');
select tests.authenticate_as('superuser');
select throws_ok($$ select app.add_batch_file('a3200000-0000-4000-8000-000000000001', 'c.pdf', 'application/pdf', '\x01', 'nyckel-320') $$,
  'P0002', 'batch_not_found', 'a superuser cannot add files to a batch someone else created');
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.add_batch_file('a3200000-0000-4000-8000-000000000001', 'c.pdf', 'application/pdf', '\x01', 'nyckel-b') $$,
  'P0002', 'batch_not_found', 'an admin of another organisation cannot add files to organisation A''s batch');

-- select: names, never the content
select tests.authenticate_as('member');
select results_eq($$ select file_name, size from public.input_files order by file_name $$,
  $$ values ('../../etc/a.pdf', 5), ('b.pdf', 5), ('faktura.pdf', 21), ('hook.pdf', 13) $$,
  'a member sees which files their organisation''s runs and batches have, with their sizes, and no others');
select throws_ok($$ select content from public.input_files $$, '42501', 'permission denied for table input_files',
  'a member cannot read a file''s content');
select tests.authenticate_as('admin');
select throws_ok($$ select * from public.input_files $$, '42501', 'permission denied for table input_files',
  'an admin cannot read whole file rows (they include the content)');
select tests.authenticate_as('outsider_admin');
select results_eq($$ select file_name from public.input_files $$, array['b.pdf'],
  'an admin of another organisation sees only their own organisation''s files');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.input_files $$, 'a deactivated user sees no files');
select tests.authenticate_as_anon();
select throws_ok($$ select file_name from public.input_files $$, '42501', null, 'an anonymous visitor cannot see files');

-- update, delete: nobody directly
select tests.authenticate_as('member');
select throws_ok($$ update public.input_files set file_name = 'bytt.pdf' $$, '42501', 'permission denied for table input_files', 'a member cannot change files');
select throws_ok($$ delete from public.input_files $$, '42501', 'permission denied for table input_files', 'a member cannot delete files');
select tests.authenticate_as('admin');
select throws_ok($$ delete from public.input_files $$, '42501', 'permission denied for table input_files', 'an admin cannot delete files directly');

-- encryption
select tests.clear_authentication();
select ok((select position(convert_to('Faktura 4711', 'UTF8') in content) = 0 from public.input_files where file_name = 'faktura.pdf'),
  'a file is stored encrypted: its bytes appear nowhere in what is stored');
select is((select convert_from(extensions.pgp_sym_decrypt_bytea(content, 'nyckel-320'), 'UTF8') from public.input_files where file_name = 'faktura.pdf'),
  '%PDF-1.7 Faktura 4711', 'the stored file decrypts to its bytes with the key it was stored with');

-- the runner: app.run_input_files
create function tests.runner_files(p_run uuid, p_key text) returns table (input_name text, file_name text, content text) language sql set search_path = '' as $$
  select r ->> 'input_name', r ->> 'file_name', convert_from(decode(substr(r ->> 'content', 3), 'hex'), 'UTF8')
  from tests.as_runner(format('select input_name, file_name, content from app.run_input_files(%L, %L)', p_run, p_key)) r
  order by 1
$$;
select is_empty($$ select * from tests.runner_files('f3200000-0000-4000-8000-000000000001', 'nyckel-320') $$,
  'the runner gets no file for a run that has not started');
update public.runs set status = 'running', started_at = now() where id in ('f3200000-0000-4000-8000-000000000001', 'f3200000-0000-4000-8000-000000000004');
select results_eq($$ select * from tests.runner_files('f3200000-0000-4000-8000-000000000001', 'nyckel-320') $$,
  $$ values ('faktura', 'faktura.pdf', '%PDF-1.7 Faktura 4711') $$,
  'the runner gets a running run''s file, decrypted, by its input''s name');
select results_eq($$ select * from tests.runner_files('f3200000-0000-4000-8000-000000000006', 'nyckel-320') $$,
  $$ values ('faktura', '../../etc/a.pdf', 'rad 1') $$,
  'a batch row''s run gets the one file of the batch its row names, not the others of the zip');
select results_eq($$ select * from tests.runner_files('f3200000-0000-4000-8000-000000000004', 'nyckel-b') $$,
  $$ values ('faktura', 'b.pdf', 'B:s faktura') $$,
  'another organisation''s run gets its own file only');
select throws_ok($$ select * from tests.runner_files('f3200000-0000-4000-8000-000000000001', 'fel-nyckel') $$,
  '39000', 'Wrong key or corrupt data', 'a file does not decrypt with another key');
select throws_ok($$ select tests.as_runner($q$ select file_name from public.input_files $q$) $$,
  '42501', 'permission denied for table input_files', 'the runner cannot read the table itself');
select tests.authenticate_as('admin');
select throws_ok($$ select * from app.run_input_files('f3200000-0000-4000-8000-000000000001', 'nyckel-320') $$,
  '42501', 'permission denied for function run_input_files', 'an admin cannot get a run''s files decrypted');

-- retention
select tests.clear_authentication();
delete from public.runs where id = 'f3200000-0000-4000-8000-000000000001';
select is((select count(*)::int from public.input_files where file_name = 'faktura.pdf'), 0, 'a run''s files are deleted with the run');
insert into public.organization_settings (organization_id, run_retention_days) values (tests.org_id('admin'), 7)
  on conflict (organization_id) do update set run_retention_days = 7;
do $$ begin perform app.purge_expired_runs(); end $$;
select is((select count(*)::int from public.input_files where batch_id is not null), 2, 'the files of a batch that is still running are kept');
update public.batches set status = 'completed', finished_at = now(), created_at = now() - interval '8 days' where id = 'a3200000-0000-4000-8000-000000000001';
do $$ begin perform app.purge_expired_runs(); end $$;
select is((select count(*)::int from public.input_files where batch_id is not null), 0,
  'the files of a finished batch older than the organisation''s run retention are deleted');

select * from finish();
rollback;
