-- batches, batch_items (20261127200100): members of the organisation read its batches and their rows, nobody
-- writes them directly; app.create_batch makes a batch and all its rows at once and starts at most `concurrency`
-- runs; each row follows its run (completed with what it extracted, failed with why) and the next row starts as
-- one ends; retry-failed runs exactly the failed rows again; a reference done in an earlier batch is skipped;
-- pause and stop start nothing more; another organisation's or a deactivated member's calls are refused.
begin;
select plan(36);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2400000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Fakturor', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2400000-0000-4000-8000-000000000001', 1,
   '{"version":1,"inputs":[{"name":"lev","label":"Leverantör","type":"text","required":true}],"steps":[{"id":"s1","type":"change","description":"Leverantör","selectors":["#lev"],"value":"{{input.lev}}"}]}');
update public.workflows set current_version = 1 where id = 'b2400000-0000-4000-8000-000000000001';

-- create
select tests.authenticate_as('member');
select lives_ok($$ select app.create_batch('b2400000-0000-4000-8000-000000000001', 'csv', 'fakturor.csv', '["lev","reference"]', ';', 2,
  '[{"reference":"F1","cells":["Ahlsell","F1"],"inputs":{"lev":"Ahlsell"}},
    {"reference":"F2","cells":["Dahl","F2"],"inputs":{"lev":"Dahl"}},
    {"reference":"F3","cells":["Bauhaus","F3"],"inputs":{"lev":"Bauhaus"}}]') $$,
  'a member starts a batch of an active workflow of their organisation');
select tests.clear_authentication();
select id as batch from public.batches where workflow_id = 'b2400000-0000-4000-8000-000000000001' \gset
select results_eq(format($$ select index, status::text, run_id is not null from public.batch_items where batch_id = %L order by index $$, :'batch'),
  $$ values (0, 'running', true), (1, 'running', true), (2, 'pending', false) $$,
  'the rows are kept in file order and only `concurrency` (2) of them start');
select results_eq(format($$ select r.inputs, r.trigger::text, r.started_by from public.runs r join public.batch_items i on i.run_id = r.id where i.batch_id = %L and i.index = 0 $$, :'batch'),
  format($$ values ('{"lev":"Ahlsell"}'::jsonb, 'manual', %L::uuid) $$, tests.uid('member')),
  'a row''s run has the row''s input values and is started by whoever started the batch');
select is((select count(*)::int from public.audit_activities where action = 'batch_started' and workflow_id = 'b2400000-0000-4000-8000-000000000001'), 1,
  'starting a batch is audited');

-- select
select tests.authenticate_as('member');
select is((select count(*)::int from public.batches where id = :'batch'), 1, 'a member reads their organisation''s batch');
select is((select count(*)::int from public.batch_items where batch_id = :'batch'), 3, 'and its rows');
select tests.authenticate_as('admin');
select is((select count(*)::int from public.batch_items where batch_id = :'batch'), 3, 'an admin reads them too');
select tests.authenticate_as('outsider_admin');
select is_empty($$ select 1 from public.batches $$, 'an admin of another organisation reads no batch of organisation A');
select is_empty($$ select 1 from public.batch_items $$, 'nor its rows');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.batches $$, 'a deactivated member reads no batch');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.batches $$, '42501', null, 'an anonymous visitor cannot read batches');

-- insert, update, delete: never directly
select tests.authenticate_as('admin');
select throws_ok(format($$ insert into public.batches (organization_id, workflow_id, format, columns) values (%L, 'b2400000-0000-4000-8000-000000000001', 'csv', '[]') $$, tests.org_id('admin')),
  '42501', null, 'an admin cannot create a batch directly');
select throws_ok(format($$ insert into public.batch_items (organization_id, batch_id, index, cells, inputs) values (%L, %L, 9, '[]', '{}') $$, tests.org_id('admin'), :'batch'),
  '42501', null, 'nor add a row to one');
select throws_ok(format($$ update public.batch_items set status = 'completed' where batch_id = %L $$, :'batch'), '42501', null,
  'nor mark rows done');
select throws_ok(format($$ update public.batches set concurrency = 8 where id = %L $$, :'batch'), '42501', null, 'nor change a batch');
select throws_ok(format($$ delete from public.batches where id = %L $$, :'batch'), '42501', null, 'nor delete one');

-- another organisation, a deactivated member
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.create_batch('b2400000-0000-4000-8000-000000000001', 'json', '', '["lev"]', null, 1, '[{"cells":["x"],"inputs":{"lev":"x"}}]') $$,
  'P0002', 'workflow_not_found', 'an admin of another organisation cannot start a batch of organisation A''s workflow');
select throws_ok(format($$ select app.control_batch(%L, 'stop') $$, :'batch'), 'P0002', 'batch_not_found',
  'nor stop organisation A''s batch');
select throws_ok(format($$ select app.retry_failed_batch(%L) $$, :'batch'), 'P0002', 'batch_not_found',
  'nor retry its rows');
select tests.authenticate_as('deactivated');
select throws_ok($$ select app.create_batch('b2400000-0000-4000-8000-000000000001', 'json', '', '["lev"]', null, 1, '[{"cells":["x"],"inputs":{"lev":"x"}}]') $$,
  '42501', 'forbidden', 'a deactivated member cannot start a batch');

-- rows follow their runs
select tests.clear_authentication();
select run_id as run0 from public.batch_items where batch_id = :'batch' and index = 0 \gset
select run_id as run1 from public.batch_items where batch_id = :'batch' and index = 1 \gset
update public.runs set status = 'running' where id in (:'run0', :'run1');
insert into public.run_steps (organization_id, run_id, attempt, seq, step_index, step_id, step_type, description, status, extracted)
values (tests.org_id('admin'), :'run0', 1, 0, 0, 's1', 'extract', 'Fakturanummer', 'passed', '{"fakturanr":"8400"}');
update public.runs set status = 'completed', finished_at = now() where id = :'run0';
select results_eq(format($$ select status::text, output from public.batch_items where batch_id = %L and index = 0 $$, :'batch'),
  $$ values ('completed', '{"fakturanr":"8400"}'::jsonb) $$, 'a row whose run completed is completed, with what the run extracted');
select is((select status::text from public.batch_items where batch_id = :'batch' and index = 2), 'running',
  'and the next row starts');
update public.runs set status = 'paused', requires_manual_intervention = true where id = :'run1';
select is((select status::text from public.batch_items where batch_id = :'batch' and index = 1), 'waiting',
  'a row whose run waits for a person is waiting');
update public.runs set status = 'failed', error_type = 'element_not_found', error_message = 'no Attestera button', finished_at = now() where id = :'run1';
select results_eq(format($$ select status::text, error from public.batch_items where batch_id = %L and index = 1 $$, :'batch'),
  $$ values ('failed', 'no Attestera button') $$, 'a row whose run failed is failed, with why');
select run_id as run2 from public.batch_items where batch_id = :'batch' and index = 2 \gset
update public.runs set status = 'running' where id = :'run2';
update public.runs set status = 'completed', finished_at = now() where id = :'run2';
select is((select status::text from public.batches where id = :'batch'), 'completed', 'when every row has ended the batch is completed');

-- retry-failed: exactly the failed rows
select tests.authenticate_as('member');
select is(app.retry_failed_batch(:'batch'), 1, 'retry-failed retries the one failed row');
select tests.clear_authentication();
select results_eq(format($$ select index, status::text, run_id is distinct from %L::uuid from public.batch_items where batch_id = %L order by index $$, :'run1', :'batch'),
  $$ values (0, 'completed', true), (1, 'running', true), (2, 'completed', true) $$,
  'only that row runs again, as a new run; the completed rows keep their runs');
select is((select status::text from public.batches where id = :'batch'), 'running', 'and the batch runs again');

-- a reference done earlier is skipped
select tests.authenticate_as('member');
select app.create_batch('b2400000-0000-4000-8000-000000000001', 'csv', 'igen.csv', '["lev","reference"]', ',', 1,
  '[{"reference":"F1","cells":["Ahlsell","F1"],"inputs":{"lev":"Ahlsell"}},{"reference":"F4","cells":["Dahl","F4"],"inputs":{"lev":"Dahl"}},{"reference":"F5","cells":["Beijer","F5"],"inputs":{"lev":"Beijer"}}]') as batch2 \gset
select tests.clear_authentication();
select results_eq(format($$ select index, status::text, error from public.batch_items where batch_id = %L order by index $$, :'batch2'),
  $$ values (0, 'skipped', 'reference_done'), (1, 'running', null), (2, 'pending', null) $$,
  'a row whose reference completed in an earlier batch is skipped; concurrency 1 starts one row');

-- pause, resume and stop
select tests.authenticate_as('member');
select is((app.control_batch(:'batch2', 'pause')).status::text, 'paused', 'a member pauses the batch');
select tests.clear_authentication();
select run_id as run4 from public.batch_items where batch_id = :'batch2' and index = 1 \gset
update public.runs set status = 'running' where id = :'run4';
update public.runs set status = 'completed', finished_at = now() where id = :'run4';
select is((select status::text from public.batch_items where batch_id = :'batch2' and index = 2), 'pending', 'a paused batch starts no new row');
select tests.authenticate_as('member');
select is((app.control_batch(:'batch2', 'resume')).status::text, 'running', 'resuming goes on');
select tests.clear_authentication();
select is((select status::text from public.batch_items where batch_id = :'batch2' and index = 2), 'running', 'with the next row');
select tests.authenticate_as('member');
select is((app.control_batch(:'batch2', 'stop')).status::text, 'stopped', 'stop all stops the batch');
select tests.clear_authentication();
select results_eq(format($$ select r.status::text, r.error_type from public.runs r join public.batch_items i on i.run_id = r.id where i.batch_id = %L and i.index = 2 $$, :'batch2'),
  $$ values ('failed', 'stopped') $$, 'and the runs under way');
select tests.authenticate_as('member');
select throws_ok(format($$ select app.control_batch(%L, 'resume') $$, :'batch2'), 'P0001', 'batch_finished', 'a stopped batch cannot be resumed');

select * from finish();
rollback;
