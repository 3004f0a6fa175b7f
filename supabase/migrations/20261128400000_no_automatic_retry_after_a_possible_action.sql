-- An automatic retry never repeats an action that may already have reached the site (AUTOMATION "Trust:
-- Once"; when unsure, a person decides). A run that failed for a technical reason in a step that clicks or
-- presses a key (click, doubleClick, keyDown, keyUp) after that step had started (its run_steps row of the
-- attempt exists) may have sent the form before it failed: the runner died or lost its browser mid-step, the
-- page did not navigate as recorded after the click (timeout, navigation_failed). Retrying from that step
-- would send it a second time. Such a run stays failed with its error item for a person, and the audit trail
-- says why it was not retried (`run_retry_withheld`). Failures before the step began, and in steps that act on
-- nothing outside the page (navigate, change, wait, extract, …), are retried as before. An attended run (in a
-- person's own browser) is never retried by itself: only its person can connect a browser to a new attempt.
create or replace function private.retry_technical_failure()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_settings public.organization_settings;
  v_delay integer;
  v_from integer := coalesce(new.failed_step, 0);
  v_acting_step text;
begin
  if not (new.error_type = any (private.technical_error_types())) then
    return null;
  end if;
  -- An attended run goes on only when its person connects their browser again: a new attempt nobody takes
  -- would wait as pending for ever. Its person retries it (POST /api/runs/{id}/attended).
  if new.mode = 'attended' then
    return null;
  end if;
  select * into v_settings from public.organization_settings s where s.organization_id = new.organization_id;
  if v_settings.organization_id is null or new.attempt > v_settings.retry_attempts then
    return null;
  end if;

  select s.step_type into v_acting_step
  from public.run_steps s
  where s.run_id = new.id and s.attempt = new.attempt and s.step_index = v_from
    and s.step_type in ('click', 'doubleClick', 'keyDown', 'keyUp')
  limit 1;
  if v_acting_step is not null then
    perform private.write_audit(new.organization_id, 'run_retry_withheld', null, 'run', new.workflow_id, new.id,
      jsonb_build_object('attempt', new.attempt, 'step', v_from + 1, 'stepType', v_acting_step, 'errorType', new.error_type,
        'reason', 'the step may already have acted on the site'));
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

revoke all on function private.retry_technical_failure() from public;
