-- A pause takes effect within 2 s, also in the middle of a step (AUTOMATION "Trust: Once.", issue 20). The
-- runner that sees a person's pause while a step is under way closes the run's browser context at once and
-- parks the run: still `paused`, but held by no runner (runner_id and heartbeat_at null, so the lease sweep
-- leaves it alone) and set to start again at the interrupted step. Resuming a parked run starts a new attempt
-- from that step on any runner, as a retry does (the steps its page needs run again first); resuming a run
-- paused between steps (its runner still holds it and its page) goes on in place as before.

-- A run may go back to pending as a new attempt: a retry of a failed run, a parked paused run resumed, or a
-- run its runner parked just as the person resumed it (running again, see app.runner_park_run).
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
  if new.status = 'pending' and old.status <> 'pending'
     and not (old.status in ('failed', 'paused', 'running') and new.attempt = old.attempt + 1) then
    raise exception 'run_state_invalid' using errcode = '55000', detail = format('Run %s cannot go from %s back to pending.', old.id, old.status);
  end if;
  return new;
end;
$$;

-- A new attempt of a run from p_step: pending, held by nobody, enqueued.
create function private.restart_run(p_run_id uuid, p_step integer)
returns public.runs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.runs;
begin
  update public.runs
  set status = 'pending', attempt = attempt + 1, start_step = p_step, completed_steps = least(completed_steps, p_step),
      runner_id = null, heartbeat_at = null, requires_manual_intervention = false
  where id = p_run_id
  returning * into v_run;
  perform private.enqueue_run(p_run_id, v_run.attempt);
  return v_run;
end;
$$;

-- The runner parks its attempt p_attempt of a run a person paused mid-step: 'parked' (paused, held by nobody,
-- to start again at p_step), 'restarted' when the person already resumed it (a new attempt from p_step is
-- enqueued), null when the attempt no longer holds the run (stopped, swept, taken by another runner).
create function app.runner_park_run(p_run_id uuid, p_attempt integer, p_runner_id text, p_step integer, p_variables jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.runs;
begin
  select * into v_run from public.runs r
  where r.id = p_run_id and r.attempt = p_attempt and r.runner_id = p_runner_id
    and r.status in ('running', 'paused') and not r.requires_manual_intervention
  for update;
  if not found then
    return null;
  end if;
  if v_run.status = 'running' then
    update public.runs set variables = p_variables where id = p_run_id;
    perform private.restart_run(p_run_id, p_step);
    return 'restarted';
  end if;
  update public.runs
  set runner_id = null, heartbeat_at = null, start_step = p_step, completed_steps = least(completed_steps, p_step),
      variables = p_variables
  where id = p_run_id;
  return 'parked';
end;
$$;

-- Pause (running → paused), resume (paused → running, or a new attempt of a parked run), stop (pending,
-- running or paused → failed 'stopped'). As in 20261123000500, plus the parked run's resume.
-- Errors: P0002 'run_not_found', P0001 'run_state_invalid'.
create or replace function app.control_run(p_run_id uuid, p_action text)
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
  elsif p_action = 'resume' and v_run.status = 'paused' and not v_run.requires_manual_intervention and v_run.runner_id is null then
    v_run := private.restart_run(p_run_id, v_run.start_step);
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

revoke all on function private.restart_run(uuid, integer) from public;
revoke all on function app.runner_park_run(uuid, integer, text, integer, jsonb) from public, anon, authenticated;
grant execute on function app.runner_park_run(uuid, integer, text, integer, jsonb) to kollega_runner;
