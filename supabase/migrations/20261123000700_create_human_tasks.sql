-- AI decisions and people in the loop (docs/automation.md "AI decisions and people"). Every question the
-- runner put to the model is a row of ai_decisions (model, prompt version, the inputs sent, the answer,
-- confidence, latency, acted or handed over); a decision the runner does not take itself, and every
-- `manual` step, is a human task a member of the organisation decides. Members read both (RLS); only the
-- runner (role kollega_runner) writes them, so no member can forge an AI answer; members decide tasks
-- through app.decide_task, which refuses a second decision and other organisations' tasks.
create type public.human_task_kind as enum ('ai_confirmation', 'manual_step');
create type public.human_task_status as enum ('open', 'decided', 'cancelled');

create table public.ai_decisions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  run_id uuid not null,
  run_step_id uuid,
  workflow_id uuid not null references public.workflows (id) on delete cascade,
  step_id text not null check (char_length(step_id) <= 200),
  model text not null check (char_length(model) between 1 and 200),
  -- The first 16 hex digits of the SHA-256 of the prompt and options the model saw.
  prompt_version text not null check (prompt_version ~ '^[0-9a-f]{16}$'),
  -- Only the step's declared inputs (secret values masked): what left for the model.
  inputs jsonb not null check (jsonb_typeof(inputs) = 'object'),
  -- The model's last answer as it came (null when none came: timeout, error).
  answer text check (char_length(answer) <= 4000),
  choice text check (char_length(choice) <= 200),
  confidence smallint check (confidence between 0 and 100),
  reason text check (char_length(reason) <= 2000),
  latency_ms integer not null check (latency_ms >= 0),
  attempts smallint not null check (attempts between 1 and 2),
  outcome text not null check (outcome in ('acted', 'handed_over')),
  handover_reason text check (handover_reason in ('below_threshold', 'invalid_answer', 'provider_error')),
  error text check (char_length(error) <= 1000),
  created_at timestamptz not null default now(),
  check ((outcome = 'acted') = (handover_reason is null)),
  foreign key (run_id, organization_id) references public.runs (id, organization_id) on delete cascade,
  foreign key (run_step_id, organization_id) references public.run_steps (id, organization_id) on delete cascade
);

-- The AI panel: the organisation's last 100 decisions and today's.
create index ai_decisions_organization_id_created_at_idx on public.ai_decisions (organization_id, created_at desc);
create index ai_decisions_run_id_organization_id_idx on public.ai_decisions (run_id, organization_id);
create index ai_decisions_run_step_id_organization_id_idx on public.ai_decisions (run_step_id, organization_id);
create index ai_decisions_workflow_id_idx on public.ai_decisions (workflow_id);

create table public.human_tasks (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  run_id uuid not null,
  run_step_id uuid,
  ai_decision_id uuid references public.ai_decisions (id) on delete set null,
  workflow_id uuid not null references public.workflows (id) on delete cascade,
  attempt integer not null check (attempt > 0),
  step_index integer not null check (step_index >= 0),
  step_id text not null check (char_length(step_id) <= 200),
  kind public.human_task_kind not null,
  status public.human_task_status not null default 'open',
  -- The step's description, and its prompt (ai_confirmation) or instructions (manual_step).
  title text not null default '' check (char_length(title) <= 1000),
  instructions text not null default '' check (char_length(instructions) <= 5000),
  -- What the person decides on: the declared inputs (ai_confirmation) or the run's values (manual_step).
  inputs jsonb not null default '{}' check (jsonb_typeof(inputs) = 'object'),
  -- [{ value, label }]: the step's options (empty for a manual step).
  options jsonb not null default '[]' check (jsonb_typeof(options) = 'array'),
  -- The AI's suggestion, when it gave one.
  suggestion text check (char_length(suggestion) <= 200),
  confidence smallint check (confidence between 0 and 100),
  reason text check (char_length(reason) <= 2000),
  -- Why a person decides: below_threshold, invalid_answer, provider_error, not_configured (no provider), manual.
  handover_reason text not null check (handover_reason in ('below_threshold', 'invalid_answer', 'provider_error', 'not_configured', 'manual')),
  decided_choice text check (char_length(decided_choice) <= 200),
  decided_by uuid references public.profiles (id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'decided') = (decided_at is not null)),
  foreign key (run_id, organization_id) references public.runs (id, organization_id) on delete cascade,
  foreign key (run_step_id, organization_id) references public.run_steps (id, organization_id) on delete cascade
);

-- A run waits for at most one person at a time.
create unique index human_tasks_one_open_per_run_idx on public.human_tasks (run_id) where status = 'open';
create index human_tasks_organization_id_open_idx on public.human_tasks (organization_id, created_at desc) where status = 'open';
create index human_tasks_organization_id_created_at_idx on public.human_tasks (organization_id, created_at desc);
create index human_tasks_run_id_organization_id_idx on public.human_tasks (run_id, organization_id);
create index human_tasks_run_step_id_organization_id_idx on public.human_tasks (run_step_id, organization_id);
create index human_tasks_ai_decision_id_idx on public.human_tasks (ai_decision_id);
create index human_tasks_workflow_id_idx on public.human_tasks (workflow_id);
create index human_tasks_decided_by_idx on public.human_tasks (decided_by);

alter table public.ai_decisions enable row level security;
alter table public.human_tasks enable row level security;

revoke all on public.ai_decisions, public.human_tasks from anon, authenticated;
grant select on public.ai_decisions, public.human_tasks to authenticated;
grant select, insert, update, delete on public.ai_decisions, public.human_tasks to service_role;
grant select, insert on public.ai_decisions to kollega_runner;
grant select, insert, update on public.human_tasks to kollega_runner;

create policy "members can read the AI decisions of their organisation"
  on public.ai_decisions for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "members can read the human tasks of their organisation"
  on public.human_tasks for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "the runner records every AI decision"
  on public.ai_decisions for all
  to kollega_runner
  using (true) with check (true);

create policy "the runner opens and closes every human task"
  on public.human_tasks for all
  to kollega_runner
  using (true) with check (true);

-- Every AI decision is audited as it is recorded (in nobody's name: the runner decided or handed over).
create function private.audit_ai_decision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.write_audit(new.organization_id, 'ai_decision',
    (select w.name from public.workflows w where w.id = new.workflow_id), 'run', new.workflow_id, new.run_id,
    jsonb_strip_nulls(jsonb_build_object('stepId', new.step_id, 'model', new.model, 'promptVersion', new.prompt_version,
      'inputs', new.inputs, 'choice', new.choice, 'confidence', new.confidence, 'reason', new.reason,
      'latencyMs', new.latency_ms, 'attempts', new.attempts, 'outcome', new.outcome, 'handoverReason', new.handover_reason,
      'error', new.error)));
  return null;
end;
$$;

create trigger ai_decisions_audit
  after insert on public.ai_decisions
  for each row execute function private.audit_ai_decision();

-- A run that ends (completed, failed, stopped) leaves no task open.
create function private.cancel_tasks_of_finished_run()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.human_tasks set status = 'cancelled' where run_id = new.id and status = 'open';
  return null;
end;
$$;

create trigger runs_cancel_open_tasks
  after update of status on public.runs
  for each row when (new.status in ('completed', 'failed') and old.status is distinct from new.status)
  execute function private.cancel_tasks_of_finished_run();

-- POST /api/tasks/{id}/decide: a member of the task's organisation decides an open task: a choice among
-- the options (ai_confirmation) or done (manual_step). The task is closed in their name, the run goes
-- back to running (the runner waiting on the task carries on with that choice) and the decision is
-- audited (task_decided, with the AI's suggestion beside the person's choice).
-- Errors: 42501 'forbidden', P0002 'task_not_found' (also another organisation's task),
-- P0001 'task_already_decided' (decided, or cancelled with its run), P0001 'task_choice_invalid'.
create function app.decide_task(p_task_id uuid, p_choice text default null, p_done boolean default false)
returns public.human_tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
  v_task public.human_tasks;
  v_choice text;
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
  update public.runs set status = 'running', requires_manual_intervention = false
  where id = v_task.run_id and status = 'paused';
  perform private.write_audit(v_task.organization_id, 'task_decided',
    (select w.name from public.workflows w where w.id = v_task.workflow_id), 'run', v_task.workflow_id, v_task.run_id,
    jsonb_strip_nulls(jsonb_build_object('taskId', v_task.id, 'kind', v_task.kind, 'stepId', v_task.step_id,
      'step', v_task.step_index + 1, 'choice', v_choice, 'aiSuggestion', v_task.suggestion, 'aiConfidence', v_task.confidence,
      'handoverReason', v_task.handover_reason)));
  return v_task;
end;
$$;

revoke all on function private.audit_ai_decision() from public;
revoke all on function private.cancel_tasks_of_finished_run() from public;
revoke all on function app.decide_task(uuid, text, boolean) from public, anon;
grant execute on function app.decide_task(uuid, text, boolean) to authenticated, service_role;
