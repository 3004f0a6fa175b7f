-- notifications, notification_preferences, notification_emails (20261128200000): a failed run tells the person it
-- is of and the workflow's owner once each (not a test run, not a failure the automatic retry takes over); a
-- task tells the roles its step names, else the run's starter; a finished batch tells whoever started it. Each
-- person reads and marks read only their own notifications, in their organisation; nobody writes one directly.
-- A failure is e-mailed exactly to those who opted in, in their language; only the runner's sender claims an
-- e-mail, once.
begin;
select plan(30);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b3100000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('admin'), 'Hyresavier', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b3100000-0000-4000-8000-000000000001', 1,
   '{"version":1,"inputs":[{"name":"lev","label":"Leverantör","type":"text","required":false}],"steps":[{"id":"s1","type":"navigate","description":"Öppna","url":"https://a.example.se/"}]}');
update public.workflows set current_version = 1 where id = 'b3100000-0000-4000-8000-000000000001';

create function tests.runner_fails(p_run uuid, p_error_type text) returns void language sql set search_path = '' as $$
  select from tests.as_runner(format(
    $q$ update public.runs set status = 'running', started_at = now() where id = %L $q$, p_run));
  select from tests.as_runner(format(
    $q$ update public.runs set status = 'failed', error_type = %L, error_message = 'x', failed_step = 0, current_step = 0, finished_at = now() where id = %L $q$,
    p_error_type, p_run));
$$;

-- preferences: the member wants failure e-mails in English; the admin never said
select tests.authenticate_as('member');
select lives_ok($$ insert into public.notification_preferences (email_run_failed, language) values (true, 'en') $$,
  'a member saves their own notification preferences');
select throws_ok(format($$ insert into public.notification_preferences (profile_id, email_run_failed) values (%L, true) $$, tests.uid('superuser')),
  '42501', null, 'a member cannot save another person''s preferences');
select tests.authenticate_as('admin');
select is_empty($$ select 1 from public.notification_preferences $$, 'an admin does not read a member''s preferences');
select is_empty($$ update public.notification_preferences set email_run_failed = false returning 1 $$, 'nor change them');

-- a failed run
select tests.authenticate_as('member');
select app.start_run('b3100000-0000-4000-8000-000000000001') as run1 \gset
select app.start_run('b3100000-0000-4000-8000-000000000001', '{}', true) as test1 \gset
select tests.clear_authentication();
select tests.runner_fails(:'run1', 'validation_error');
select tests.runner_fails(:'test1', 'validation_error');
select results_eq(format($$ select recipient_id, workflow_name, details ->> 'errorType' from public.notifications where run_id = %L order by recipient_id = %L $$, :'run1', tests.uid('admin')),
  format($$ values (%L::uuid, 'Hyresavier', 'validation_error'), (%L::uuid, 'Hyresavier', 'validation_error') $$, tests.uid('member'), tests.uid('admin')),
  'a failed run tells the person who started it and the workflow''s owner, once each');
select is_empty(format($$ select 1 from public.notifications where run_id = %L $$, :'test1'), 'a failed test run tells nobody');
select results_eq($$ select e.to_address, e.language from private.notification_emails e join public.notifications n on n.id = e.notification_id
     where n.workflow_id = 'b3100000-0000-4000-8000-000000000001' $$,
  format($$ values (%L, 'en') $$, (select email from public.profiles where id = tests.uid('member'))),
  'exactly one e-mail waits: to the member who opted in, in their language; none to the owner who did not');

-- a technical failure the automatic retry takes over tells nobody; the attempt that stays failed does
insert into public.organization_settings (organization_id, retry_attempts, retry_backoff_seconds) values (tests.org_id('admin'), 1, 10);
select tests.authenticate_as('member');
select app.start_run('b3100000-0000-4000-8000-000000000001') as run2 \gset
select tests.clear_authentication();
select tests.runner_fails(:'run2', 'timeout');
select is_empty(format($$ select 1 from public.notifications where run_id = %L $$, :'run2'), 'a failure that is retried automatically tells nobody yet');
select tests.runner_fails(:'run2', 'timeout');
select is((select count(*)::int from public.notifications where run_id = :'run2'), 2, 'the attempt that stays failed does');

-- tasks: to the roles the step names, else to the run's starter
select is((select count(*)::int from tests.as_runner(format($q$
  insert into public.human_tasks (id, organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, title, handover_reason, approvers)
  values ('c3100000-0000-4000-8000-000000000001', %1$L, %2$L, 'b3100000-0000-4000-8000-000000000001', 1, 0, 's1', 'manual_step', 'Attestera', 'manual', '{"roles":["superuser"]}'),
         ('c3100000-0000-4000-8000-000000000002', %1$L, %3$L, 'b3100000-0000-4000-8000-000000000001', 2, 0, 's1', 'ai_confirmation', 'Vem?', 'below_threshold', '{}')
  returning id $q$, tests.org_id('admin'), :'run1', :'run2'))), 2, 'the runner opens two tasks');
select results_eq($$ select task_id, recipient_id, details ->> 'taskKind' from public.notifications where kind = 'task_assigned' and workflow_id = 'b3100000-0000-4000-8000-000000000001' order by task_id $$,
  format($$ values ('c3100000-0000-4000-8000-000000000001'::uuid, %L::uuid, 'manual_step'), ('c3100000-0000-4000-8000-000000000002'::uuid, %L::uuid, 'ai_confirmation') $$,
    tests.uid('superuser'), tests.uid('member')),
  'a task tells every member of the role its step names, and a task for anyone tells the person the run is of');

-- a finished batch tells whoever started it
select tests.authenticate_as('member');
select app.create_batch('b3100000-0000-4000-8000-000000000001', 'json', '', '["lev"]', null, 1, '[{"cells":["A"],"inputs":{"lev":"A"}}]') as batch \gset
select tests.clear_authentication();
select run_id as batch_run from public.batch_items where batch_id = :'batch' \gset
select from tests.as_runner(format($q$ update public.runs set status = 'running', started_at = now() where id = %L $q$, :'batch_run'));
select from tests.as_runner(format($q$ update public.runs set status = 'completed', finished_at = now(), completed_steps = 1 where id = %L $q$, :'batch_run'));
select results_eq(format($$ select recipient_id, details from public.notifications where batch_id = %L $$, :'batch'),
  format($$ values (%L::uuid, '{"completed":1,"failed":0,"skipped":0}'::jsonb) $$, tests.uid('member')),
  'a finished batch tells the person who started it, with how its rows ended');

-- select: one's own only, in one's organisation
select tests.authenticate_as('member');
select is((select count(*)::int from public.notifications), 4, 'a member reads their own notifications (two failures, a task, a batch)');
select is((select count(*)::int from public.notifications where recipient_id <> auth.uid()), 0, 'and no one else''s');
select tests.authenticate_as('superuser');
select results_eq($$ select kind::text from public.notifications $$, $$ values ('task_assigned') $$, 'a superuser reads only the task for their role');
select tests.authenticate_as('outsider_admin');
select is_empty($$ select 1 from public.notifications $$, 'an admin of another organisation reads none of them');
select tests.clear_authentication();
update public.profiles set organization_id = tests.org_id('outsider_admin') where id = tests.uid('superuser');
select tests.authenticate_as('superuser');
select is_empty($$ select 1 from public.notifications $$, 'a person moved to another organisation no longer reads the notifications of the first');
select tests.clear_authentication();
update public.profiles set organization_id = tests.org_id('admin') where id = tests.uid('superuser');
select tests.authenticate_as('deactivated');
select is_empty($$ select 1 from public.notifications $$, 'a deactivated member reads none');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.notifications $$, '42501', null, 'an anonymous visitor cannot read notifications');

-- update: only read_at, only one's own
select tests.authenticate_as('admin');
select is_empty(format($$ update public.notifications set read_at = now() where recipient_id = %L returning 1 $$, tests.uid('member')),
  'an admin cannot mark a member''s notifications read');
select tests.authenticate_as('member');
select results_eq($$ with u as (update public.notifications set read_at = now() where kind = 'run_failed' returning 1) select count(*)::int from u $$,
  $$ values (2) $$, 'a member marks their own notifications read');
select throws_ok($$ update public.notifications set recipient_id = gen_random_uuid() $$, '42501', null, 'but cannot give one to someone else');
select throws_ok($$ update public.notifications set details = '{}' $$, '42501', null, 'nor change what it says');

-- insert, delete: never directly
select throws_ok(format($$ insert into public.notifications (organization_id, recipient_id, kind) values (%L, %L, 'run_failed') $$, tests.org_id('admin'), tests.uid('member')),
  '42501', null, 'a member cannot make up a notification');
select throws_ok($$ delete from public.notifications $$, '42501', null, 'nor delete one');

-- the e-mail outbox: the runner's sender only
select throws_ok($$ select 1 from private.notification_emails $$, '42501', null, 'a member cannot read the e-mail outbox');
select throws_ok($$ select * from app.claim_notification_emails() $$, '42501', null, 'nor claim an e-mail');
select tests.clear_authentication();
select results_eq($$ select r ->> 'kind', r ->> 'workflow_name', r ->> 'language' from tests.as_runner('select * from app.claim_notification_emails(10)') r $$,
  $$ values ('run_failed', 'Hyresavier', 'en'), ('run_failed', 'Hyresavier', 'en') $$, 'the runner''s sender claims the waiting e-mails (the member''s two failures) with what their text needs');
select is_empty($$ select 1 from tests.as_runner('select * from app.claim_notification_emails(10)') $$, 'a second claim gets nothing: each e-mail goes out once');
select count(*) from private.notification_emails e cross join lateral tests.as_runner(format('select app.finish_notification_email(%L)', e.id)) \gset
select results_eq($$ select e.status::text, e.sent_at is not null from private.notification_emails e join public.notifications n on n.id = e.notification_id
     where n.workflow_id = 'b3100000-0000-4000-8000-000000000001' $$, $$ values ('sent', true), ('sent', true) $$, 'the sender marks them sent');

select * from finish();
rollback;
