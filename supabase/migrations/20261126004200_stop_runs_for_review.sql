-- What follows from the run state `stopped` (20261126004100, docs/automation.md "Runs"): a decision stopped
-- the run for review. It is a finished state like completed and failed (finished_at set, never moves again,
-- no retry: the decision was taken on purpose; a new run starts afresh), it is audited as run_stopped with the
-- decision, it becomes a high-priority error-queue item of type stopped_by_decision (low for a test run) that
-- a member marks reviewed (resolves), and it counts as a finished run that did not complete in the workflow's
-- run_count and success_rate, like a failure. A person's stop (failed, error type stopped) still counts nowhere.

-- A finished run has its finished_at; that check was unnamed (20261123000200), so it is found by its text.
do $$
declare
  v_name text;
begin
  select c.conname into v_name from pg_constraint c
  where c.conrelid = 'public.runs'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%finished_at IS NOT NULL%';
  if v_name is not null then
    execute format('alter table public.runs drop constraint %I', v_name);
  end if;
end;
$$;
alter table public.runs add constraint runs_finished_at_check
  check ((status in ('completed', 'failed', 'stopped')) = (finished_at is not null));

-- A run's state may only move forward; a finished run only back to pending through a retry of a failed one.
create or replace function private.guard_run_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status in ('completed', 'failed', 'stopped') and new.status is distinct from old.status
     and not (old.status = 'failed' and new.status = 'pending' and new.attempt = old.attempt + 1) then
    raise exception 'run_finished' using errcode = '55000', detail = format('Run %s is already %s.', old.id, old.status);
  end if;
  -- Back to pending only as a retry's new attempt.
  if new.status = 'pending' and old.status <> 'pending' and not (old.status = 'failed' and new.attempt = old.attempt + 1) then
    raise exception 'run_state_invalid' using errcode = '55000', detail = format('Run %s cannot go from %s back to pending.', old.id, old.status);
  end if;
  return new;
end;
$$;

-- Audit, error queue and workflow statistics follow a run's start and end (as in 20261123000500, plus stopped).
create or replace function private.after_run_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_workflow_name text;
  v_step_id text;
  v_decision jsonb;
begin
  select w.name into v_workflow_name from public.workflows w where w.id = new.workflow_id;

  if tg_op = 'INSERT' then
    perform private.write_audit(new.organization_id, 'workflow_executed', v_workflow_name, 'run', new.workflow_id, new.id,
      jsonb_build_object('trigger', new.trigger, 'version', new.workflow_version));
    return null;
  end if;

  if new.status in ('completed', 'failed', 'stopped') and old.status not in ('completed', 'failed', 'stopped') then
    if new.status = 'stopped' then
      -- The decision that stopped it, as its step recorded it (the runner writes the step before the run ends).
      select s.decision into v_decision from public.run_steps s
      where s.run_id = new.id and s.attempt = new.attempt and s.step_index = new.failed_step
      order by s.seq desc limit 1;
    end if;
    perform private.write_audit(new.organization_id,
      case new.status when 'completed' then 'run_completed' when 'stopped' then 'run_stopped' else 'run_failed' end,
      v_workflow_name, 'run', new.workflow_id, new.id,
      jsonb_strip_nulls(jsonb_build_object('attempt', new.attempt, 'errorType', new.error_type,
        'step', case when new.failed_step is null then null else new.failed_step + 1 end,
        'choice', v_decision ->> 'choice', 'label', v_decision ->> 'label', 'decidedBy', v_decision ->> 'by',
        'decidedByUserId', v_decision -> 'details' -> 'person' ->> 'userId',
        'durationMs', (extract(epoch from new.finished_at - coalesce(new.started_at, new.created_at)) * 1000)::bigint)));

    if (new.status = 'failed' and new.error_type is distinct from 'stopped') or new.status = 'stopped' then
      select v.definition -> 'steps' -> new.failed_step ->> 'id' into v_step_id
      from public.workflow_versions v
      where v.workflow_id = new.workflow_id and v.version = new.workflow_version;
      insert into public.error_queue_items (organization_id, workflow_id, execution_id, step_id, step_index, error_type, error_message, priority)
      values (new.organization_id, new.workflow_id, new.id, v_step_id, new.failed_step,
              case when new.status = 'stopped' then 'stopped_by_decision' else coalesce(new.error_type, 'unknown_error') end,
              coalesce(new.error_message, ''),
              case when new.trigger = 'test' then 'low' when new.status = 'stopped' then 'high' else 'medium' end::public.error_priority);
    end if;

    -- A person's stop says nothing about how well the workflow works: it does not count. A decision's stop
    -- counts as a finished run that did not complete.
    if new.trigger <> 'test' and new.error_type is distinct from 'stopped' then
      -- run_count counts finished attempts; success_rate is the share completed of the last 100 (test runs and stops by people aside).
      update public.workflows w
      set run_count = w.run_count + 1,
          success_rate = (
            select round(100.0 * count(*) filter (where r.status = 'completed') / nullif(count(*), 0), 2)
            from (
              select status from public.runs
              where workflow_id = new.workflow_id and status in ('completed', 'failed', 'stopped') and trigger <> 'test'
                and error_type is distinct from 'stopped'
              order by created_at desc
              limit 100
            ) r
          )
      where w.id = new.workflow_id;
    end if;
  end if;
  return null;
end;
$$;

-- A run that ends (completed, failed, stopped by a person or by a decision) leaves no task open.
drop trigger runs_cancel_open_tasks on public.runs;
create trigger runs_cancel_open_tasks
  after update of status on public.runs
  for each row when (new.status in ('completed', 'failed', 'stopped') and old.status is distinct from new.status)
  execute function private.cancel_tasks_of_finished_run();
