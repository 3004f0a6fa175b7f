-- Organisation settings (issue 23): what /settings sets for the whole organisation, read by what it drives.
--   ai_threshold_default   the confidence threshold a new AI decision step starts with (the step editor)
--   retry_attempts         automatic retries of a run that failed for a technical reason (below), 0 = none
--   retry_backoff_seconds  the wait before the first automatic retry; each further retry waits twice as long
--   run_retention_days     finished runs older than this are deleted (app.purge_expired_runs, every minute
--                          from the runner's schedule tick); null = kept
--   pause_limit_hours      how long a run may wait for a person or stay paused before it ends as
--                          waited_too_long (app.runner_expire_paused, 20261127400000)
-- No row = the defaults. Members read their organisation's row; admins insert and update it.

create table public.organization_settings (
  organization_id uuid primary key default private.current_org_id() references public.organizations (id) on delete cascade,
  ai_threshold_default smallint not null default 95 check (ai_threshold_default between 1 and 100),
  retry_attempts smallint not null default 0 check (retry_attempts between 0 and 5),
  retry_backoff_seconds integer not null default 60 check (retry_backoff_seconds between 10 and 3600),
  run_retention_days integer check (run_retention_days between 7 and 3650),
  pause_limit_hours integer not null default 24 check (pause_limit_hours between 1 and 720),
  updated_at timestamptz not null default now(),
  updated_by uuid references public.profiles (id) on delete set null
);

create index organization_settings_updated_by_idx on public.organization_settings (updated_by);

create trigger organization_settings_set_updated_at
  before update on public.organization_settings
  for each row execute function private.set_updated_at();

-- Who changed what, in the audit trail.
create function private.audit_organization_settings_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.updated_by := auth.uid();
  perform private.write_audit(new.organization_id, 'organization_settings_updated', null, 'organization_settings', null, null,
    jsonb_build_object('aiThresholdDefault', new.ai_threshold_default, 'retryAttempts', new.retry_attempts,
      'retryBackoffSeconds', new.retry_backoff_seconds, 'runRetentionDays', new.run_retention_days,
      'pauseLimitHours', new.pause_limit_hours));
  return new;
end;
$$;

create trigger organization_settings_audit
  before insert or update on public.organization_settings
  for each row execute function private.audit_organization_settings_change();

-- Error types of a technical failure, the ones an automatic retry may cure: the same list as
-- TECHNICAL_ERROR_TYPES in supabase/functions/_shared/run-types.ts (the api function's tests compare them).
create function private.technical_error_types()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['timeout', 'navigation_failed', 'browser_crashed', 'runner_lost', 'ai_unavailable']
$$;

-- A run (not a test) that failed for a technical reason goes back to pending as its next attempt, from the
-- step that failed, with the same version and inputs, while the organisation's retry_attempts allow it;
-- its queue job starts after the backoff (retry_backoff_seconds, doubled per attempt). The error queue item
-- the failure created is resolved, as a person's retry would (app.retry_run), and the audit trail names the
-- automatic retry. Runs after the trigger that audits the failure (runs_after_status_change).
create function private.retry_technical_failure()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_settings public.organization_settings;
  v_delay integer;
  v_from integer := coalesce(new.failed_step, 0);
begin
  if not (new.error_type = any (private.technical_error_types())) then
    return null;
  end if;
  select * into v_settings from public.organization_settings s where s.organization_id = new.organization_id;
  if v_settings.organization_id is null or new.attempt > v_settings.retry_attempts then
    return null;
  end if;
  v_delay := v_settings.retry_backoff_seconds * power(2, new.attempt - 1)::integer;

  update public.runs
  set status = 'pending', attempt = attempt + 1, start_step = v_from, completed_steps = v_from,
      current_step = null, current_step_description = null, error_type = null, error_message = null,
      failed_step = null, finished_at = null, requires_manual_intervention = false, runner_id = null, heartbeat_at = null
  where id = new.id and status = 'failed' and attempt = new.attempt;

  -- Enqueued as every attempt is, after the backoff (private.enqueue_run with its delay: 20261127400100).
  perform private.enqueue_run(new.id, new.attempt + 1, v_delay);

  update public.error_queue_items set status = 'resolved' where execution_id = new.id and status in ('pending', 'in_progress');
  perform private.write_audit(new.organization_id, 'run_retried_automatically', null, 'run', new.workflow_id, new.id,
    jsonb_build_object('attempt', new.attempt + 1, 'fromStep', v_from + 1, 'errorType', new.error_type, 'delaySeconds', v_delay));
  return null;
end;
$$;

create trigger runs_retry_technical_failure
  after update of status on public.runs
  for each row
  when (new.status = 'failed' and old.status <> 'failed' and new.trigger <> 'test')
  execute function private.retry_technical_failure();

-- Retention: deletes (with their steps, screenshots, tasks and error items) the finished runs older than
-- their organisation's run_retention_days, at most p_limit per call, never a run with an error item still
-- waiting for a person. The audit trail keeps its rows. Returns how many runs were deleted.
create function app.purge_expired_runs(p_limit integer default 1000)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_deleted integer;
begin
  with expired as (
    select r.id
    from public.runs r
    join public.organization_settings s on s.organization_id = r.organization_id
    where s.run_retention_days is not null
      and r.status in ('completed', 'failed', 'stopped')
      and r.created_at < now() - make_interval(days => s.run_retention_days)
      and not exists (
        select 1 from public.error_queue_items e where e.execution_id = r.id and e.status in ('pending', 'in_progress'))
    order by r.created_at
    limit p_limit
  )
  delete from public.runs r using expired where r.id = expired.id;
  get diagnostics v_deleted = row_count;
  return v_deleted;
end;
$$;

revoke all on function private.audit_organization_settings_change() from public;
revoke all on function private.technical_error_types() from public;
revoke all on function private.retry_technical_failure() from public;
revoke all on function app.purge_expired_runs(integer) from public, anon, authenticated;
grant execute on function private.technical_error_types() to service_role;
grant execute on function app.purge_expired_runs(integer) to kollega_runner, service_role;

alter table public.organization_settings enable row level security;
revoke all on public.organization_settings from anon, authenticated;
grant select on public.organization_settings to authenticated;
grant insert (ai_threshold_default, retry_attempts, retry_backoff_seconds, run_retention_days, pause_limit_hours),
      update (ai_threshold_default, retry_attempts, retry_backoff_seconds, run_retention_days, pause_limit_hours)
  on public.organization_settings to authenticated;
grant select, insert, update, delete on public.organization_settings to service_role;

create policy "members can read the settings of their organisation"
  on public.organization_settings for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "admins can create the settings of their organisation"
  on public.organization_settings for insert
  to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_role('admin')));

create policy "admins can update the settings of their organisation"
  on public.organization_settings for update
  to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_role('admin')))
  with check (organization_id = (select private.current_org_id()) and (select private.has_role('admin')));
