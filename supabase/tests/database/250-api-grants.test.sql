-- The grant walk (docs/database.md, "What authenticated may do through the Data API"): on a hosted project
-- every privilege of `authenticated` is reachable at /rest/v1 with a member's own token, so it holds exactly
-- what the api function does as the caller, and nothing else. A new grant must be added here on purpose.
begin;
select plan(6);

create function tests.authenticated_table_privileges() returns setof text language sql set search_path = '' as $$
  select format('%s %s', c.relname, p.priv) from pg_class c
  cross join (values ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE'), ('REFERENCES'), ('TRIGGER')) p (priv)
  where c.relkind in ('r', 'v', 'm', 'S', 'p', 'f') and c.relnamespace in ('public'::regnamespace, 'private'::regnamespace, 'app'::regnamespace)
    and has_table_privilege('authenticated', c.oid, p.priv)
  order by 1
$$;
create function tests.authenticated_column_privileges(p_priv text) returns setof text language sql set search_path = '' as $$
  select format('%s.%s', c.relname, a.attname) from pg_class c
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where c.relkind in ('r', 'v', 'm', 'p', 'f') and c.relnamespace in ('public'::regnamespace, 'private'::regnamespace, 'app'::regnamespace)
    and has_column_privilege('authenticated', c.oid, a.attnum, p_priv) and not has_table_privilege('authenticated', c.oid, p_priv)
  order by 1
$$;

select results_eq($$ select * from tests.authenticated_table_privileges() $$,
  array['ai_decisions SELECT', 'audit_activities SELECT', 'batch_items SELECT', 'batches SELECT', 'error_queue_items SELECT', 'human_task_screenshots SELECT', 'human_tasks SELECT', 'notification_preferences SELECT', 'notifications SELECT', 'organization_settings SELECT', 'organizations SELECT', 'payment_methods DELETE', 'payment_methods SELECT',
        'profiles SELECT', 'run_screenshots SELECT', 'run_steps SELECT', 'run_tables SELECT', 'step_thumbnails SELECT', 'templates SELECT', 'workflow_schedules SELECT',
        'workflow_versions SELECT', 'workflows DELETE', 'workflows SELECT'],
  'authenticated holds whole-table privileges only to read what the screens show and to delete payment methods and workflows');
select results_eq($$ select * from tests.authenticated_column_privileges('INSERT') $$,
  array['notification_preferences.email_run_failed', 'notification_preferences.language',
        'organization_settings.ai_threshold_default', 'organization_settings.pause_limit_hours', 'organization_settings.retry_attempts',
        'organization_settings.retry_backoff_seconds', 'organization_settings.run_retention_days', 'organization_settings.site_concurrency',
        'payment_methods.bank_account', 'payment_methods.card_last_four', 'payment_methods.metadata', 'payment_methods.name', 'payment_methods.type',
        'step_thumbnails.jpeg', 'step_thumbnails.step_id', 'step_thumbnails.workflow_id',
        'workflows.category', 'workflows.description', 'workflows.is_active', 'workflows.name', 'workflows.start_method', 'workflows.status'],
  'authenticated inserts only the columns the api function sets (organisation and author come from their defaults)');
select results_eq($$ select * from tests.authenticated_column_privileges('UPDATE') $$,
  array['error_queue_items.priority', 'error_queue_items.status',
        'notification_preferences.email_run_failed', 'notification_preferences.language', 'notifications.read_at',
        'organization_settings.ai_threshold_default', 'organization_settings.pause_limit_hours', 'organization_settings.retry_attempts',
        'organization_settings.retry_backoff_seconds', 'organization_settings.run_retention_days', 'organization_settings.site_concurrency',
        'organizations.address', 'organizations.city', 'organizations.country', 'organizations.domain', 'organizations.email',
        'organizations.name', 'organizations.phone', 'organizations.postal_code',
        'payment_methods.bank_account', 'payment_methods.card_last_four', 'payment_methods.metadata', 'payment_methods.name', 'payment_methods.type',
        'profiles.email', 'profiles.full_name', 'profiles.is_active', 'profiles.role',
        'step_thumbnails.jpeg',
        'workflows.category', 'workflows.description', 'workflows.is_active', 'workflows.manual_seconds', 'workflows.name', 'workflows.run_location', 'workflows.start_method', 'workflows.status'],
  'authenticated updates only the columns the api function changes (no current_version: versions go through app.save_workflow_definition)');
select results_eq($$ select * from tests.authenticated_column_privileges('SELECT') $$,
  array['input_files.batch_id', 'input_files.content_type', 'input_files.created_at', 'input_files.created_by', 'input_files.file_name',
        'input_files.id', 'input_files.input_name', 'input_files.organization_id', 'input_files.run_id', 'input_files.size',
        'runs.attempt', 'runs.attended_by', 'runs.completed_steps', 'runs.created_at', 'runs.current_step', 'runs.current_step_description',
        'runs.error_message', 'runs.error_type', 'runs.failed_step', 'runs.finished_at', 'runs.heartbeat_at',
        'runs.id', 'runs.inputs', 'runs.min_ai_confidence', 'runs.mode', 'runs.organization_id', 'runs.pause_reason', 'runs.paused_at', 'runs.requires_manual_intervention',
        'runs.runner_id', 'runs.start_step', 'runs.started_at', 'runs.started_by', 'runs.status',
        'runs.step_count', 'runs.stopped_by', 'runs.trigger', 'runs.updated_at', 'runs.workflow_id',
        'runs.workflow_version',
        'secrets.created_at', 'secrets.created_by', 'secrets.id', 'secrets.name', 'secrets.organization_id', 'secrets.origins', 'secrets.updated_at', 'secrets.updated_by',
        'workflow_webhooks.created_at', 'workflow_webhooks.created_by', 'workflow_webhooks.last_used_at', 'workflow_webhooks.organization_id',
        'workflow_webhooks.signed', 'workflow_webhooks.workflow_id'],
  'authenticated reads runs without what they read from pages (variables) or their browser state, input files without their content, secrets and webhooks without their values, tokens or signing secrets');
select is_empty($$ select c.relname from pg_class c where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace, 'app'::regnamespace)
                   and c.relkind in ('r', 'p') and (c.relname ~ '(audit|log|failure)' ) and (
                     has_table_privilege('authenticated', c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')
                     or has_table_privilege('anon', c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')
                     or has_any_column_privilege('authenticated', c.oid, 'INSERT, UPDATE')
                     or has_any_column_privilege('anon', c.oid, 'INSERT, UPDATE')) $$,
  'no audit or log table (audit_activities, login_failures) is writable by authenticated or anon');
select is_empty($$ select c.relname from pg_class c where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace, 'app'::regnamespace)
                   and c.relkind = 'S' and (has_sequence_privilege('authenticated', c.oid, 'USAGE, UPDATE') or has_sequence_privilege('anon', c.oid, 'USAGE, UPDATE')) $$,
  'no sequence is usable by an API role');

select * from finish();
rollback;
