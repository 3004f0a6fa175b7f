-- Schema-wide guarantees (the Supabase security and performance lints that matter here): RLS on every
-- table, nothing for anon, policies only for authenticated and calling helpers once per statement,
-- fixed search_path on every function, covering indexes for foreign keys, and index-backed hot reads.
begin;
select plan(11);

select is_empty($$ select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and not c.relrowsecurity $$,
  'every table in public has row-level security enabled');
select is_empty($$ select c.relname, p.privilege_type from pg_class c
                   cross join lateral (values ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE'), ('REFERENCES'), ('TRIGGER')) p (privilege_type)
                   where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace) and c.relkind in ('r', 'v', 'm', 'S')
                     and has_table_privilege('anon', c.oid, p.privilege_type) $$,
  'anon has no privilege on any table, view or sequence');
select is_empty($$ select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
                   and has_any_column_privilege('anon', c.oid, 'SELECT, INSERT, UPDATE') $$,
  'anon has no column privilege on any table either');
select is_empty($$ select tablename, policyname from pg_policies where schemaname = 'public' and roles <> '{authenticated}' and roles <> '{kollega_runner}' $$,
  'every policy applies to authenticated only, or to the runner''s own role');
select is_empty($$ select tablename, policyname from pg_policies where schemaname = 'public'
                   and coalesce(qual, '') || ' ' || coalesce(with_check, '') ~ '(?<!SELECT )(auth|private)\.[a-z_]+\(' $$,
  'every policy calls auth and private helpers through a sub-select (evaluated once per statement)');
select is_empty($$ select p.oid::regprocedure from pg_proc p
                   where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace, 'app'::regnamespace)
                     and not exists (select 1 from unnest(p.proconfig) c where c like 'search_path=%') $$,
  'every function in public, private and app has a fixed search_path');
select is_empty($$ select p.oid::regprocedure from pg_proc p
                   where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace, 'app'::regnamespace)
                     and (has_function_privilege('anon', p.oid, 'EXECUTE')
                          or (p.prosecdef and has_function_privilege('public', p.oid, 'EXECUTE'))) $$,
  'anon can execute no function, and no security definer function is executable by everyone');
select is_empty($$ select p.oid::regprocedure from pg_proc p where p.pronamespace = 'public'::regnamespace
                   and (p.prosecdef or has_function_privilege('authenticated', p.oid, 'EXECUTE')) $$,
  'public, which the Data API exposes, holds no function authenticated can execute and no security definer function');
select results_eq($$ select p.oid::regprocedure::text from pg_proc p where p.pronamespace = 'app'::regnamespace
                     and has_function_privilege('authenticated', p.oid, 'EXECUTE') order by 1 $$,
  array['app.add_batch_file(uuid,text,text,bytea,text)', 'app.add_run_file(uuid,text,text,text,bytea,text)', 'app.claim_ai_test()', 'app.control_batch(uuid,text)', 'app.control_run(uuid,text)', 'app.create_batch(uuid,text,text,jsonb,text,integer,jsonb)', 'app.create_workflow_webhook(uuid,text)', 'app.decide_task(uuid,text,boolean)', 'app.delete_secret(text)',
        'app.delete_workflow_webhook(uuid)', 'app.install_template(uuid)', 'app.reconnect_attended_run(uuid,bytea,integer)', 'app.retry_failed_batch(uuid)', 'app.retry_run(uuid,integer)',
        'app.save_workflow_definition(uuid,jsonb,text,integer)', 'app.set_default_payment_method(uuid)',
        'app.set_secret(text,text,text,text[])', 'app.set_secret_origins(text,text[])', 'app.set_workflow_schedule(uuid,text,text,boolean,timestamp with time zone,jsonb)',
        'app.set_workflow_webhook_signing(uuid,text)', 'app.start_attended_run(uuid,jsonb,boolean,bytea,integer)', 'app.start_run(uuid,jsonb,boolean)', 'app.task_refusal(human_tasks)'],
  'authenticated can execute exactly the narrow functions in app (runs and their files, tasks, AI test limit, definitions, secrets, triggers, templates, default payment)');
select is_empty($$ select c.conrelid::regclass, c.conname from pg_constraint c
                   where c.contype = 'f' and c.connamespace = 'public'::regnamespace
                     and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]) $$,
  'every foreign key is covered by an index');

create function tests.plan_of(p_query text) returns text language plpgsql set search_path = '' as $$
declare
  v_line text;
  v_plan text := '';
begin
  for v_line in execute 'explain ' || p_query loop
    v_plan := v_plan || v_line || E'\n';
  end loop;
  return v_plan;
end;
$$;
grant execute on function tests.plan_of(text) to authenticated;
select tests.create_actors();
select tests.authenticate_as('member');
set local enable_seqscan = off;
-- With few rows the planner may prefer a bitmap scan of another (organization_id, …) index and a sort;
-- supabase/functions/api/tests/list-indexes.test.ts checks the planner's own choice with realistic volumes.
set local enable_bitmapscan = off;
select matches(
  tests.plan_of('select * from public.audit_activities order by created_at desc limit 50'),
  'audit_activities_organization_id_created_at_idx',
  'the audit trail read under RLS is served by the (organization_id, created_at) index');

select * from finish();
rollback;
