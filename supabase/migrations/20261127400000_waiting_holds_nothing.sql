-- Waiting holds nothing (issue 20 item 4, AUTOMATION "Trust: Once."): a run waiting for a person (an open
-- human task) or paused by one keeps its state in Postgres and holds no browser and no runner slot.
--
-- - The runner parks every such run (app.runner_park_run): paused, held by no runner, to start again at its
--   step, with its variables and the browser's storage state (cookies, localStorage) encrypted under the
--   secrets key, as secrets are. Any runner resumes it as a new attempt from that step (the steps the page
--   needs run again first, as in a retry) in a browser context restored from that state.
-- - A person's decision on the task of a parked run starts that new attempt (app.decide_task); the attempt
--   takes the decision for its start step instead of asking again (app.runner_resumed_answer).
-- - A paused run has a limit, the organisation's setting `pause_limit_hours` (organization_settings, default 24,
--   set by an admin in Settings): past it the run ends failed as `waited_too_long`, its task cancelled
--   (app.runner_expire_paused, called by every runner's sweep).

alter table public.runs
  add column paused_at timestamptz,
  -- pgp_sym_encrypt(storage state JSON, KOLLEGA_SECRETS_KEY): readable by no member (column grants below).
  add column browser_state bytea check (browser_state is null or octet_length(browser_state) <= 2097152);

-- When the run went into paused (null when it is not paused); an ended run keeps no browser state.
create function private.track_paused_run()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'paused' and (tg_op = 'INSERT' or old.status is distinct from 'paused') then
    new.paused_at := now();
  elsif new.status <> 'paused' then
    new.paused_at := null;
  end if;
  if new.status in ('completed', 'failed', 'stopped') then
    new.browser_state := null;
  end if;
  return new;
end;
$$;

create trigger runs_track_paused
  before insert or update of status on public.runs
  for each row execute function private.track_paused_run();

create index runs_parked_paused_at_idx on public.runs (paused_at) where status = 'paused' and runner_id is null;

-- Members read when a run was paused; never its browser state.
grant select (paused_at) on public.runs to authenticated;
revoke update on public.runs from kollega_runner;
grant update (status, runner_id, heartbeat_at, started_at, finished_at, current_step, current_step_description,
  completed_steps, variables, min_ai_confidence, requires_manual_intervention, error_type, error_message, failed_step)
  on public.runs to kollega_runner;

-- The runner parks its attempt p_attempt of a run at step p_step: paused by a person (at a step's start or in
-- its middle), waiting for a person's decision (an open task of this attempt), or handed back on shutdown.
-- 'parked': paused, held by nobody, to start again at p_step, with its variables and the browser state
-- (p_state encrypted under p_key; none when either is null). 'restarted': the run was running (a person
-- resumed it, decided its task, or the runner is shutting down): a new attempt from p_step is enqueued.
-- Null when the attempt no longer holds the run (stopped, swept, taken by another runner).
drop function app.runner_park_run(uuid, integer, text, integer, jsonb);
create function app.runner_park_run(p_run_id uuid, p_attempt integer, p_runner_id text, p_step integer, p_variables jsonb,
                                    p_state text default null, p_key text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.runs;
  v_state bytea := case when p_state is not null and p_key is not null
                        then extensions.pgp_sym_encrypt(p_state, p_key, 'cipher-algo=aes256') end;
begin
  select * into v_run from public.runs r
  where r.id = p_run_id and r.attempt = p_attempt and r.runner_id = p_runner_id and r.status in ('running', 'paused')
  for update;
  if not found then
    return null;
  end if;
  update public.runs set variables = p_variables, browser_state = v_state where id = p_run_id;
  if v_run.status = 'running' then
    perform private.restart_run(p_run_id, p_step);
    return 'restarted';
  end if;
  update public.runs
  set runner_id = null, heartbeat_at = null, start_step = p_step, completed_steps = least(completed_steps, p_step)
  where id = p_run_id;
  return 'parked';
end;
$$;

revoke all on function app.runner_park_run(uuid, integer, text, integer, jsonb, text, text) from public, anon, authenticated;
grant execute on function app.runner_park_run(uuid, integer, text, integer, jsonb, text, text) to kollega_runner;

-- The browser state a parked earlier attempt left (decrypted), for the attempt holding the run; null when none.
create function app.runner_browser_state(p_run_id uuid, p_attempt integer, p_runner_id text, p_key text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select extensions.pgp_sym_decrypt(r.browser_state, p_key)
  from public.runs r
  where r.id = p_run_id and r.attempt = p_attempt and r.runner_id = p_runner_id and r.status in ('running', 'paused')
    and r.browser_state is not null
$$;

revoke all on function app.runner_browser_state(uuid, integer, text, text) from public, anon, authenticated;
grant execute on function app.runner_browser_state(uuid, integer, text, text) to kollega_runner;

-- The answer a person gave, while the run was parked, to the task the previous attempt opened at this
-- attempt's start step: the resumed attempt takes it instead of asking again. Only for the attempt holding
-- the run, and only the last task of the previous attempt at that step.
create function app.runner_resumed_answer(p_run_id uuid, p_attempt integer, p_runner_id text)
returns table (step_index integer, step_id text, kind text, choice text, decided_by uuid, decided_at timestamptz, candidate jsonb,
               handover_reason text, ai jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select t.step_index, t.step_id, t.kind::text, t.decided_choice, t.decided_by, t.decided_at, t.candidate, t.handover_reason,
         case when a.id is not null then jsonb_strip_nulls(jsonb_build_object(
           'model', a.model, 'promptVersion', a.prompt_version, 'latencyMs', a.latency_ms, 'attempts', a.attempts,
           'choice', a.choice, 'confidence', a.confidence, 'reason', a.reason, 'error', a.error)) end
  from public.runs r
  join public.human_tasks t on t.run_id = r.id and t.attempt = r.attempt - 1 and t.step_index = r.start_step
  left join public.ai_decisions a on a.id = t.ai_decision_id
  where r.id = p_run_id and r.attempt = p_attempt and r.runner_id = p_runner_id and r.status in ('running', 'paused')
    and t.status = 'decided'
  order by t.created_at desc
  limit 1
$$;

revoke all on function app.runner_resumed_answer(uuid, integer, text) from public, anon, authenticated;
grant execute on function app.runner_resumed_answer(uuid, integer, text) to kollega_runner;

-- Ends the parked runs paused longer than their organisation's limit: failed `waited_too_long`, which also
-- cancels their open task (runs_cancel_open_tasks). Returns the ids. Every runner's sweep calls it.
create function app.runner_expire_paused()
returns setof uuid
language sql
security definer
set search_path = ''
as $$
  update public.runs r
  set status = 'failed', error_type = 'waited_too_long', failed_step = r.start_step, finished_at = now(),
      requires_manual_intervention = false,
      error_message = format('The run waited more than %s hours (the organisation''s limit) %s and was ended. Start it again when you are ready.',
                             coalesce(s.pause_limit_hours, 24),
                             case when r.requires_manual_intervention then 'for a person to decide its task' else 'paused' end)
  from public.organizations o
  left join public.organization_settings s on s.organization_id = o.id
  where o.id = r.organization_id and r.status = 'paused' and r.runner_id is null
    and r.paused_at < now() - make_interval(hours => coalesce(s.pause_limit_hours, 24))
  returning r.id
$$;

revoke all on function app.runner_expire_paused() from public, anon, authenticated;
grant execute on function app.runner_expire_paused() to kollega_runner;

-- POST /api/tasks/{id}/decide, as in 20261126007000; the decision of a parked run's task starts its new
-- attempt at once (the runner that opened the task let go of the run to wait without a browser).
create or replace function app.decide_task(p_task_id uuid, p_choice text default null, p_done boolean default false)
returns public.human_tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
  v_task public.human_tasks;
  v_run public.runs;
  v_choice text;
  v_refusal text;
begin
  if v_organization_id is null then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only active members can decide tasks.';
  end if;
  select * into v_task from public.human_tasks t
  where t.id = p_task_id and t.organization_id = v_organization_id
  for update;
  if not found then
    raise exception 'task_not_found' using errcode = 'P0002';
  end if;
  v_refusal := app.task_refusal(v_task);
  if v_refusal is not null then
    raise exception 'task_not_allowed' using errcode = '42501',
      detail = case v_refusal when 'role' then 'Only the roles the step names may decide this task.'
                              else 'The person who started the run may not decide this task.' end;
  end if;
  if v_task.status <> 'open' then
    raise exception 'task_already_decided' using errcode = 'P0001', detail = format('The task is already %s.', v_task.status);
  end if;
  if v_task.kind = 'manual_step' then
    if not coalesce(p_done, false) then
      raise exception 'task_choice_invalid' using errcode = 'P0001', detail = 'A manual step is decided with done.';
    end if;
    v_choice := 'done';
  else
    if p_choice is null or not exists (select 1 from jsonb_array_elements(v_task.options) o where o ->> 'value' = p_choice) then
      raise exception 'task_choice_invalid' using errcode = 'P0001', detail = 'Choose one of the task''s options.';
    end if;
    v_choice := p_choice;
  end if;

  update public.human_tasks
  set status = 'decided', decided_choice = v_choice, decided_by = auth.uid(), decided_at = now()
  where id = p_task_id
  returning * into v_task;
  select * into v_run from public.runs r where r.id = v_task.run_id for update;
  if v_run.status = 'paused' and v_run.attempt = v_task.attempt and v_run.runner_id is null then
    -- Parked: the next attempt starts at the task's step and takes this decision there.
    perform private.restart_run(v_run.id, v_run.start_step);
  elsif v_run.status = 'paused' then
    -- Its runner has not let go yet: it parks the run as running, which starts the next attempt (runner_park_run).
    update public.runs set status = 'running', requires_manual_intervention = false where id = v_run.id;
  end if;
  perform private.write_audit(v_task.organization_id, 'task_decided',
    (select w.name from public.workflows w where w.id = v_task.workflow_id), 'run', v_task.workflow_id, v_task.run_id,
    jsonb_strip_nulls(jsonb_build_object('taskId', v_task.id, 'kind', v_task.kind, 'stepId', v_task.step_id,
      'step', v_task.step_index + 1, 'choice', v_choice, 'aiSuggestion', v_task.suggestion, 'aiConfidence', v_task.confidence,
      'handoverReason', v_task.handover_reason)));
  return v_task;
end;
$$;
