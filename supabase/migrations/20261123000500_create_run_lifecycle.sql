-- How runs start and end (AUTOMATION "Runs"). A run is created together with its job (pgboss.job, queue
-- run-workflow) in one transaction, so no run waits without a job and no job runs without a run.
-- People act on runs through the app.* functions below (as themselves: auth.uid() is the actor); the
-- runner claims, heartbeats and finishes them (runner/src/db.ts). Triggers keep what follows from a
-- run's state: the audit trail (start and end), the error queue (every failure but a person's stop),
-- and the workflow's statistics (last run, run count, success rate).
--
-- Replaces app.run_workflow (20261122001800), which stamped a counter without running anything.
drop function app.run_workflow(uuid);

-- The error queue points at real runs and steps from now on (seeded items from before may not).
alter table public.error_queue_items
  add column step_index integer check (step_index >= 0),
  add constraint error_queue_items_execution_id_fkey foreign key (execution_id) references public.runs (id) on delete cascade not valid;
create index error_queue_items_execution_id_idx on public.error_queue_items (execution_id);
-- The error queue's figures (resolved today, average resolution time) read resolved items by date.
create index error_queue_items_organization_id_resolved_at_idx on public.error_queue_items (organization_id, resolved_at desc) where status = 'resolved';

-- Enqueues the job that executes attempt p_attempt of run p_run_id.
create function private.enqueue_run(p_run_id uuid, p_attempt integer)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into pgboss.job (name, data, retry_limit, expire_in, policy, keep_until)
  select q.name, jsonb_build_object('runId', p_run_id, 'attempt', p_attempt), 0,
         make_interval(secs => coalesce(q.expire_seconds, 14400)), q.policy, now() + interval '14 days'
  from pgboss.queue q
  where q.name = 'run-workflow'
$$;

-- Creates a pending run of the workflow's current version and enqueues it. Shared by every trigger
-- (manual, test, schedule, webhook); callers check who may start what.
-- Errors: P0001 'workflow_not_active' (only test runs may start a workflow that is not active),
-- P0001 'workflow_has_no_steps' (no saved definition, or an empty one).
create function private.start_run(p_workflow public.workflows, p_trigger public.run_trigger, p_inputs jsonb, p_started_by uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run_id uuid;
  v_step_count integer;
begin
  if p_trigger <> 'test' and p_workflow.status <> 'active' then
    raise exception 'workflow_not_active' using errcode = 'P0001', detail = 'Only active workflows can be run.';
  end if;
  select v.step_count into v_step_count
  from public.workflow_versions v
  where v.workflow_id = p_workflow.id and v.version = p_workflow.current_version;
  if coalesce(v_step_count, 0) = 0 then
    raise exception 'workflow_has_no_steps' using errcode = 'P0001', detail = 'Record or add steps before running the workflow.';
  end if;

  insert into public.runs (organization_id, workflow_id, workflow_version, trigger, started_by, inputs, step_count)
  values (p_workflow.organization_id, p_workflow.id, p_workflow.current_version, p_trigger, p_started_by,
          coalesce(p_inputs, '{}'), v_step_count)
  returning id into v_run_id;
  perform private.enqueue_run(v_run_id, 1);
  update public.workflows set last_run_at = now() where id = p_workflow.id;
  return v_run_id;
end;
$$;

-- POST /api/workflows/{id}/run: a member starts a run of a workflow of their organisation.
-- p_test: a test run, also of a draft. Errors: 42501 'forbidden', P0002 'workflow_not_found', and those of
-- private.start_run.
create function app.start_run(p_workflow_id uuid, p_inputs jsonb default '{}', p_test boolean default false)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
  v_workflow public.workflows;
begin
  if v_organization_id is null then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only active members can run workflows.';
  end if;
  select * into v_workflow from public.workflows w
  where w.id = p_workflow_id and w.organization_id = v_organization_id;
  if not found then
    raise exception 'workflow_not_found' using errcode = 'P0002';
  end if;
  return private.start_run(v_workflow, case when p_test then 'test' else 'manual' end::public.run_trigger, p_inputs, auth.uid());
end;
$$;

-- The run p_run_id of the caller's organisation, locked; P0002 'run_not_found' otherwise.
create function private.caller_run(p_run_id uuid)
returns public.runs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.runs;
begin
  select * into v_run from public.runs r
  where r.id = p_run_id and r.organization_id = private.current_org_id()
  for update;
  if not found then
    raise exception 'run_not_found' using errcode = 'P0002';
  end if;
  return v_run;
end;
$$;

-- Pause (running → paused: the runner holds before its next step), resume (paused → running), stop
-- (pending, running or paused → failed 'stopped': the runner aborts at once). A run waiting for a person's
-- decision is resumed by that decision, not here. Errors: P0002 'run_not_found', P0001 'run_state_invalid'.
create function app.control_run(p_run_id uuid, p_action text)
returns public.runs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.runs := private.caller_run(p_run_id);
begin
  if p_action = 'pause' and v_run.status = 'running' then
    update public.runs set status = 'paused' where id = p_run_id returning * into v_run;
  elsif p_action = 'resume' and v_run.status = 'paused' and not v_run.requires_manual_intervention then
    update public.runs set status = 'running' where id = p_run_id returning * into v_run;
  elsif p_action = 'stop' and v_run.status in ('pending', 'running', 'paused') then
    update public.runs
    set status = 'failed', error_type = 'stopped', error_message = null, failed_step = current_step,
        stopped_by = auth.uid(), finished_at = now(), requires_manual_intervention = false
    where id = p_run_id returning * into v_run;
  else
    raise exception 'run_state_invalid' using errcode = 'P0001',
      detail = format('A %s run cannot be %s.', v_run.status, p_action);
  end if;
  return v_run;
end;
$$;

-- Retry: a failed run starts a new attempt from a step (default: the one that failed), on the workflow's
-- current version (so a step fixed in the editor is used), keeping the variables extracted before that
-- step and the earlier attempts' step log. Pending error-queue items of the run are resolved by it. The run
-- keeps its trigger and starter; who retried it is in the audit trail (run_retried).
-- Errors: P0002 'run_not_found', P0001 'run_state_invalid', P0001 'step_out_of_range', P0001 'workflow_has_no_steps'.
create function app.retry_run(p_run_id uuid, p_from_step integer default null)
returns public.runs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.runs := private.caller_run(p_run_id);
  v_version integer;
  v_step_count integer;
  v_from integer;
begin
  if v_run.status <> 'failed' then
    raise exception 'run_state_invalid' using errcode = 'P0001', detail = 'Only failed runs can be retried.';
  end if;
  select w.current_version, v.step_count into v_version, v_step_count
  from public.workflows w join public.workflow_versions v on v.workflow_id = w.id and v.version = w.current_version
  where w.id = v_run.workflow_id;
  if coalesce(v_step_count, 0) = 0 then
    raise exception 'workflow_has_no_steps' using errcode = 'P0001';
  end if;
  v_from := coalesce(p_from_step, v_run.failed_step, 0);
  if v_from < 0 or v_from >= v_step_count then
    raise exception 'step_out_of_range' using errcode = 'P0001', detail = format('Choose a step from 1 to %s.', v_step_count);
  end if;

  update public.runs
  set status = 'pending', attempt = attempt + 1, start_step = v_from, workflow_version = v_version,
      step_count = v_step_count, completed_steps = v_from, current_step = null, current_step_description = null,
      error_type = null, error_message = null, failed_step = null, stopped_by = null, finished_at = null,
      requires_manual_intervention = false, runner_id = null, heartbeat_at = null
  where id = p_run_id
  returning * into v_run;
  perform private.enqueue_run(p_run_id, v_run.attempt);
  update public.error_queue_items set status = 'resolved' where execution_id = p_run_id and status in ('pending', 'in_progress');
  perform private.write_audit(v_run.organization_id, 'run_retried', null, 'run', v_run.workflow_id, p_run_id,
    jsonb_build_object('attempt', v_run.attempt, 'fromStep', v_from + 1));
  return v_run;
end;
$$;

-- A run's state may only move forward; a finished run only back to pending through a retry.
create function private.guard_run_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status in ('completed', 'failed') and new.status is distinct from old.status
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

create trigger runs_guard_status
  before update of status on public.runs
  for each row execute function private.guard_run_status();

-- Audit, error queue and workflow statistics follow a run's start and end.
create function private.after_run_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_workflow_name text;
  v_step_id text;
begin
  select w.name into v_workflow_name from public.workflows w where w.id = new.workflow_id;

  if tg_op = 'INSERT' then
    perform private.write_audit(new.organization_id, 'workflow_executed', v_workflow_name, 'run', new.workflow_id, new.id,
      jsonb_build_object('trigger', new.trigger, 'version', new.workflow_version));
    return null;
  end if;

  if new.status in ('completed', 'failed') and old.status not in ('completed', 'failed') then
    perform private.write_audit(new.organization_id, case when new.status = 'completed' then 'run_completed' else 'run_failed' end,
      v_workflow_name, 'run', new.workflow_id, new.id,
      jsonb_strip_nulls(jsonb_build_object('attempt', new.attempt, 'errorType', new.error_type,
        'step', case when new.failed_step is null then null else new.failed_step + 1 end,
        'durationMs', (extract(epoch from new.finished_at - coalesce(new.started_at, new.created_at)) * 1000)::bigint)));

    if new.status = 'failed' and new.error_type is distinct from 'stopped' then
      select v.definition -> 'steps' -> new.failed_step ->> 'id' into v_step_id
      from public.workflow_versions v
      where v.workflow_id = new.workflow_id and v.version = new.workflow_version;
      insert into public.error_queue_items (organization_id, workflow_id, execution_id, step_id, step_index, error_type, error_message, priority)
      values (new.organization_id, new.workflow_id, new.id, v_step_id, new.failed_step, coalesce(new.error_type, 'unknown_error'),
              coalesce(new.error_message, ''), case when new.trigger = 'test' then 'low' else 'medium' end::public.error_priority);
    end if;

    -- A person's stop says nothing about how well the workflow works: it does not count.
    if new.trigger <> 'test' and new.error_type is distinct from 'stopped' then
      -- run_count counts finished attempts; success_rate is the share completed of the last 100 (test runs and stops aside).
      update public.workflows w
      set run_count = w.run_count + 1,
          success_rate = (
            select round(100.0 * count(*) filter (where r.status = 'completed') / nullif(count(*), 0), 2)
            from (
              select status from public.runs
              where workflow_id = new.workflow_id and status in ('completed', 'failed') and trigger <> 'test'
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

create trigger runs_after_insert
  after insert on public.runs
  for each row execute function private.after_run_change();

create trigger runs_after_status_change
  after update of status on public.runs
  for each row when (old.status is distinct from new.status)
  execute function private.after_run_change();

revoke all on function private.enqueue_run(uuid, integer) from public;
revoke all on function private.start_run(public.workflows, public.run_trigger, jsonb, uuid) from public;
revoke all on function private.caller_run(uuid) from public;
revoke all on function app.start_run(uuid, jsonb, boolean) from public, anon;
revoke all on function app.control_run(uuid, text) from public, anon;
revoke all on function app.retry_run(uuid, integer) from public, anon;
grant execute on function app.start_run(uuid, jsonb, boolean) to authenticated, service_role;
grant execute on function app.control_run(uuid, text) to authenticated, service_role;
grant execute on function app.retry_run(uuid, integer) to authenticated, service_role;
