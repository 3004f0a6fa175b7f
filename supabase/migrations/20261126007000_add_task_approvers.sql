-- Who may decide (AUTOMATION "Who may decide", issue 21 item 5). An ai_decision or manual step may carry
-- `approvers: { roles?, notStarter? }`; the runner copies them onto the task it opens, so a later change of the
-- definition cannot widen who decides a task already waiting. The person to keep out with `notStarter` is
-- taken when the task opens: whoever started the run, or for a webhook or schedule run the person whose
-- webhook or schedule it was (else the workflow's creator). app.decide_task refuses anyone else with
-- 42501 'task_not_allowed' (403 from the api); app.task_refusal says why for one task, so the task list can
-- say whether the caller may decide without a second copy of the rule.
-- An option of an ai_decision may carry `alwaysAsk`: the runner then hands a choice of it to a person
-- ('always_ask') whatever the confidence.
-- And the runner's own role may no longer write a person's decision: its grants on human_tasks are narrowed
-- to the columns it opens a task with and to `status` (it cancels the task it gave up waiting for); only
-- app.decide_task (security definer, in the caller's name) sets decided_choice, decided_by and decided_at.

alter table public.human_tasks
  add column approvers jsonb not null default '{}' check (
    jsonb_typeof(approvers) = 'object'
    and (approvers - 'roles' - 'notStarter') = '{}'
    and (not approvers ? 'roles' or (jsonb_typeof(approvers -> 'roles') = 'array' and jsonb_array_length(approvers -> 'roles') between 1 and 3
         and approvers -> 'roles' <@ '["admin", "superuser", "user"]'))
    and (not approvers ? 'notStarter' or jsonb_typeof(approvers -> 'notStarter') = 'boolean')),
  -- The person who started the task's run (or whose webhook or schedule did), set when the task opens.
  add column starter_id uuid references public.profiles (id) on delete set null;

create index human_tasks_starter_id_idx on public.human_tasks (starter_id);

alter table public.human_tasks drop constraint human_tasks_handover_reason_check;
alter table public.human_tasks add constraint human_tasks_handover_reason_check
  check (handover_reason in ('below_threshold', 'always_ask', 'invalid_answer', 'provider_error', 'not_configured', 'manual', 'too_close', 'critical'));
alter table public.ai_decisions drop constraint ai_decisions_handover_reason_check;
alter table public.ai_decisions add constraint ai_decisions_handover_reason_check
  check (handover_reason in ('below_threshold', 'always_ask', 'invalid_answer', 'provider_error'));

-- Whoever opens the task, its starter is the database's: the run's starter, else the owner of what started it.
create function private.set_task_starter()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select coalesce(
           r.started_by,
           case r.trigger
             when 'webhook' then (select h.created_by from public.workflow_webhooks h where h.workflow_id = r.workflow_id)
             when 'schedule' then (select s.updated_by from public.workflow_schedules s where s.workflow_id = r.workflow_id)
           end,
           w.created_by)
  into new.starter_id
  from public.runs r join public.workflows w on w.id = r.workflow_id
  where r.id = new.run_id;
  return new;
end;
$$;

create trigger human_tasks_set_starter
  before insert on public.human_tasks
  for each row execute function private.set_task_starter();

-- Why the caller may not decide the task: 'role' (their role is not among the approvers' roles), 'starter'
-- (notStarter, and they started the run); null when they may. Only for tasks the caller can read.
create function app.task_refusal(p_task public.human_tasks)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_task.approvers ? 'roles'
         and not coalesce(p_task.approvers -> 'roles' ? (private.current_app_role())::text, false) then 'role'
    when coalesce((p_task.approvers ->> 'notStarter')::boolean, false)
         and p_task.starter_id is not distinct from (select auth.uid()) then 'starter'
  end
$$;

-- POST /api/tasks/{id}/decide, as in 20261123000700, and only by a member the task's approvers allow.
-- Errors: 42501 'forbidden', 42501 'task_not_allowed', P0002 'task_not_found', P0001 'task_already_decided',
-- P0001 'task_choice_invalid'.
create or replace function app.decide_task(p_task_id uuid, p_choice text default null, p_done boolean default false)
returns public.human_tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
  v_task public.human_tasks;
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

revoke all on function private.set_task_starter() from public;
revoke all on function app.task_refusal(public.human_tasks) from public, anon;
grant execute on function app.task_refusal(public.human_tasks) to authenticated, service_role;

-- The runner opens tasks (these columns) and cancels them (status); a person's decision is not its to write.
revoke insert, update on public.human_tasks from kollega_runner;
grant insert (id, organization_id, run_id, run_step_id, ai_decision_id, workflow_id, attempt, step_index, step_id, kind,
              title, instructions, inputs, options, suggestion, confidence, reason, handover_reason, candidate, approvers)
  on public.human_tasks to kollega_runner;
grant update (status) on public.human_tasks to kollega_runner;
