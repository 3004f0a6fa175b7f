-- Which steps sent data to the site, and no automatic retry that would send it again (AUTOMATION "Trust: Once").
-- A retry starts in a fresh browser and rebuilds the failed step's page by running the steps since the page's last
-- navigate again (retry-plan.ts). When one of those had sent data (a form saved with fetch, a record posted), the
-- retry would send it a second time: a save at step 2, a check at step 3 that times out, and the automatic retry
-- from step 3 saved twice. The runner now records on each step's row that the page sent data after the step acted
-- (`sent_data`: a request other than GET, HEAD or OPTIONS, as the engine reports it), and the automatic retry is
-- withheld when a step of the failed attempt from the page's last navigate up to the failed step sent data. Such a
-- run stays failed with its error item for a person, and the audit trail says why (`run_retry_withheld`). The rule
-- of 20261128400000 stays: a click or key step that had started when the run failed is not retried either.

alter table public.run_steps add column sent_data boolean not null default false;
comment on column public.run_steps.sent_data is
  'The page sent data to the site (a request other than GET, HEAD or OPTIONS) after this step acted: a retry that runs this step again would send it again.';
grant update (sent_data) on public.run_steps to kollega_runner;

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
  v_page integer;
  v_sent_step integer;
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

  -- The steps the retry runs again on the failed step's page (from its last navigate, as retry-plan.ts), and the
  -- failed step itself: none may have sent data in this attempt.
  select coalesce(max(s.step_index), 0) into v_page
  from public.run_steps s
  where s.run_id = new.id and s.attempt = new.attempt and s.step_type = 'navigate' and s.step_index <= v_from;
  select s.step_index into v_sent_step
  from public.run_steps s
  where s.run_id = new.id and s.attempt = new.attempt and s.sent_data and s.step_index between v_page and v_from
  order by s.step_index
  limit 1;
  if v_sent_step is not null then
    perform private.write_audit(new.organization_id, 'run_retry_withheld', null, 'run', new.workflow_id, new.id,
      jsonb_build_object('attempt', new.attempt, 'step', v_from + 1, 'sentStep', v_sent_step + 1, 'errorType', new.error_type,
        'reason', 'a step the retry would run again already sent data to the site'));
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
