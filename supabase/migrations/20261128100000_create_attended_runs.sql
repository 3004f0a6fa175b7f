-- Attended runs (issue 22, AUTOMATION "Attended runs"): a run that executes in a tab of the person's own browser
-- through the extension's CDP relay, with the same engine and the same records as an unattended run.
--
-- - `workflows.run_location`: where an organisation lets the workflow run: 'unattended' (the runner's browser,
--   the default), 'attended' (only in a person's browser) or 'both'. A workflow whose current version has a
--   `login` step ("Logga in själv") runs attended only, whatever the setting.
-- - `runs.mode` ('unattended' | 'attended') and `runs.attended_by` (whose browser). Unattended starts (Kör nu,
--   test runs, schedules, webhooks, batch rows) of an attended-only workflow are refused: P0001
--   `workflow_attended_only` (the api's 409); attended starts of an unattended-only one: `workflow_unattended_only`.
-- - An attended run is never queued (private.enqueue_run skips it): the runner whose relay the person's extension
--   reaches claims it with a short-lived token (`attended_tokens`, only its SHA-256 kept) bound to the run, its
--   attempt and the person; each token works once (app.runner_claim_attended_run, runner role only), and each
--   claim hands the extension a new one, so a restarted service worker can reconnect the same run.
-- - `runs.pause_reason`: why an attended run paused by itself (the tab closed, the person cancelled debugging,
--   took over with their own mouse or keyboard, the extension restarted, a sign-in took too long).

alter table public.workflows
  add column run_location text not null default 'unattended' check (run_location in ('unattended', 'attended', 'both'));

alter table public.runs
  add column mode text not null default 'unattended' check (mode in ('unattended', 'attended')),
  add column attended_by uuid references public.profiles (id) on delete set null,
  add column pause_reason text check (pause_reason in ('tab_closed', 'canceled_by_user', 'taken_over', 'extension_restarted', 'disconnected', 'login_timeout')),
  add constraint runs_attended_by_check check (mode = 'attended' or attended_by is null);

create table private.attended_tokens (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  run_id uuid not null references public.runs (id) on delete cascade,
  attempt integer not null check (attempt >= 1),
  person_id uuid not null references public.profiles (id) on delete cascade,
  token_hash bytea not null unique check (octet_length(token_hash) = 32),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create index attended_tokens_run_id_idx on private.attended_tokens (run_id);
create index attended_tokens_organization_id_idx on private.attended_tokens (organization_id);
create index attended_tokens_person_id_idx on private.attended_tokens (person_id);
create index runs_attended_by_idx on public.runs (attended_by) where attended_by is not null;

-- A paused run forgets why it paused once it moves on.
create function private.clear_pause_reason()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status <> 'paused' then
    new.pause_reason := null;
  end if;
  return new;
end;
$$;
create trigger runs_clear_pause_reason
  before update of status on public.runs
  for each row execute function private.clear_pause_reason();

-- Whether a workflow version may only run attended: it has a `login` step.
create function private.definition_needs_person(p_definition jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(p_definition -> 'steps' @> '[{"type": "login"}]', false)
$$;

-- An attended run is claimed through the relay, never from the queue.
drop function private.enqueue_run(uuid, integer, integer);
create function private.enqueue_run(p_run_id uuid, p_attempt integer, p_delay integer default 0)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into pgboss.job (name, data, priority, start_after, retry_limit, expire_in, policy, keep_until)
  select q.name, jsonb_build_object('runId', p_run_id, 'attempt', p_attempt),
         -(select least(count(*), 1000000)::integer from public.runs o
           where o.organization_id = r.organization_id and o.status = 'pending' and o.id <> r.id),
         now() + make_interval(secs => p_delay), 0,
         make_interval(secs => coalesce(q.expire_seconds, 14400)), q.policy, now() + interval '14 days'
  from pgboss.queue q, public.runs r
  where q.name = 'run-workflow' and r.id = p_run_id and r.mode = 'unattended'
$$;
revoke all on function private.enqueue_run(uuid, integer, integer) from public;

-- Every start goes through here (as in 20261123000500), now also saying where the run executes: p_attended
-- (a person's browser, p_started_by's) or the runner's. Refuses a start the workflow's run location forbids.
drop function private.start_run(public.workflows, public.run_trigger, jsonb, uuid);
create function private.start_run(p_workflow public.workflows, p_trigger public.run_trigger, p_inputs jsonb, p_started_by uuid,
                                  p_attended boolean default false)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run_id uuid;
  v_step_count integer;
  v_needs_person boolean;
begin
  if p_trigger <> 'test' and p_workflow.status <> 'active' then
    raise exception 'workflow_not_active' using errcode = 'P0001', detail = 'Only active workflows can be run.';
  end if;
  select v.step_count, private.definition_needs_person(v.definition) into v_step_count, v_needs_person
  from public.workflow_versions v
  where v.workflow_id = p_workflow.id and v.version = p_workflow.current_version;
  if coalesce(v_step_count, 0) = 0 then
    raise exception 'workflow_has_no_steps' using errcode = 'P0001', detail = 'Record or add steps before running the workflow.';
  end if;
  if not p_attended and (v_needs_person or p_workflow.run_location = 'attended') then
    raise exception 'workflow_attended_only' using errcode = 'P0001',
      detail = 'This workflow runs only in a person''s own browser (Kör i min webbläsare).';
  end if;
  if p_attended and p_workflow.run_location = 'unattended' and not v_needs_person then
    raise exception 'workflow_unattended_only' using errcode = 'P0001',
      detail = 'The organisation lets this workflow run only on Kollega''s servers.';
  end if;

  insert into public.runs (organization_id, workflow_id, workflow_version, trigger, started_by, inputs, step_count, mode, attended_by)
  values (p_workflow.organization_id, p_workflow.id, p_workflow.current_version, p_trigger, p_started_by,
          coalesce(p_inputs, '{}'), v_step_count, case when p_attended then 'attended' else 'unattended' end,
          case when p_attended then p_started_by end)
  returning id into v_run_id;
  perform private.enqueue_run(v_run_id, 1);
  update public.workflows set last_run_at = now() where id = p_workflow.id;
  return v_run_id;
end;
$$;
revoke all on function private.start_run(public.workflows, public.run_trigger, jsonb, uuid, boolean) from public;

-- A new relay token for the caller and the run's current attempt (the api hashes the token it hands out).
create function private.issue_attended_token(p_run public.runs, p_person uuid, p_token_hash bytea, p_ttl_seconds integer)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_expires_at timestamptz := now() + make_interval(secs => least(greatest(p_ttl_seconds, 30), 3600));
begin
  insert into private.attended_tokens (organization_id, run_id, attempt, person_id, token_hash, expires_at)
  values (p_run.organization_id, p_run.id, p_run.attempt, p_person, p_token_hash, v_expires_at);
  return v_expires_at;
end;
$$;
revoke all on function private.issue_attended_token(public.runs, uuid, bytea, integer) from public;

-- POST /api/workflows/{id}/attended-runs: the caller starts an attended run in their own browser and gets a
-- relay token for it. Errors: those of app.start_run, plus P0001 'workflow_unattended_only'.
create function app.start_attended_run(p_workflow_id uuid, p_inputs jsonb, p_test boolean, p_token_hash bytea, p_ttl_seconds integer)
returns table (run_id uuid, expires_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
  v_workflow public.workflows;
  v_run_id uuid;
  v_run public.runs;
begin
  if v_organization_id is null then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only active members can run workflows.';
  end if;
  select * into v_workflow from public.workflows w
  where w.id = p_workflow_id and w.organization_id = v_organization_id;
  if not found then
    raise exception 'workflow_not_found' using errcode = 'P0002';
  end if;
  v_run_id := private.start_run(v_workflow, case when p_test then 'test' else 'manual' end::public.run_trigger, p_inputs, auth.uid(), true);
  select * into v_run from public.runs r where r.id = v_run_id;
  return query select v_run.id, private.issue_attended_token(v_run, auth.uid(), p_token_hash, p_ttl_seconds);
end;
$$;

-- POST /api/runs/{id}/attended: a new relay token to (re)connect an attended run that waits for a browser: one
-- that has not connected yet (pending) or one that paused by itself or by a person and holds no browser. Only
-- the person whose browser it runs in, or an admin (who then runs it in their own). Errors: P0002
-- 'run_not_found', 42501 'forbidden', P0001 'run_state_invalid'.
create function app.reconnect_attended_run(p_run_id uuid, p_token_hash bytea, p_ttl_seconds integer)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.runs := private.caller_run(p_run_id);
begin
  if v_run.mode <> 'attended' then
    raise exception 'run_state_invalid' using errcode = 'P0001', detail = 'This run does not run in a person''s browser.';
  end if;
  if v_run.attended_by is distinct from auth.uid() and not (select private.has_role('admin')) then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only the person who started the run, or an admin, can continue it.';
  end if;
  if not (v_run.status = 'pending' or (v_run.status = 'paused' and v_run.runner_id is null and not v_run.requires_manual_intervention)) then
    raise exception 'run_state_invalid' using errcode = 'P0001', detail = format('A %s run cannot be continued in a browser now.', v_run.status);
  end if;
  if v_run.attended_by is distinct from auth.uid() then
    update public.runs set attended_by = auth.uid() where id = p_run_id returning * into v_run;
  end if;
  return private.issue_attended_token(v_run, auth.uid(), p_token_hash, p_ttl_seconds);
end;
$$;

-- The runner's relay checks a token the extension presents (once; unexpired; its run attended and at the
-- token's attempt, in the token's person's name) and takes the run for this runner: a pending run is claimed, a parked paused one starts its
-- next attempt here. p_next_hash becomes the extension's next token (same run and person, the attempt now
-- held), so a restarted service worker can come back. Returns nothing when the token is refused.
create function app.runner_claim_attended_run(p_token_hash bytea, p_runner_id text, p_next_hash bytea, p_ttl_seconds integer)
returns table (run_id uuid, attempt integer, person_id uuid, expires_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_token private.attended_tokens;
  v_run public.runs;
begin
  select * into v_token from private.attended_tokens t
  where t.token_hash = p_token_hash and t.used_at is null and t.expires_at > now()
  for update;
  if not found then
    return;
  end if;
  select * into v_run from public.runs r
  where r.id = v_token.run_id and r.attempt = v_token.attempt and r.mode = 'attended'
    and r.attended_by = v_token.person_id
  for update;
  if not found then
    return;
  end if;
  if v_run.status = 'paused' and v_run.runner_id is null and not v_run.requires_manual_intervention then
    v_run := private.restart_run(v_run.id, v_run.start_step);
  end if;
  if v_run.status <> 'pending' then
    -- Still held (its runner has not let go of it yet, say after a service worker restart): the token stays
    -- good, so the extension can try again in a moment.
    return;
  end if;
  update private.attended_tokens set used_at = now() where id = v_token.id;
  update public.runs r
  set status = 'running', runner_id = p_runner_id, heartbeat_at = now(), started_at = coalesce(r.started_at, now())
  where r.id = v_run.id
  returning * into v_run;
  return query select v_run.id, v_run.attempt, v_token.person_id,
    private.issue_attended_token(v_run, v_token.person_id, p_next_hash, p_ttl_seconds);
end;
$$;

-- The runner whose relay still holds the person's tab takes the attended run's next attempt (after a person
-- decided its task, resumed it, or a retry): claimed when it is pending. The attempt, or null.
create function app.runner_claim_attended_attempt(p_run_id uuid, p_runner_id text)
returns integer
language sql
security definer
set search_path = ''
as $$
  update public.runs r
  set status = 'running', runner_id = p_runner_id, heartbeat_at = now()
  where r.id = p_run_id and r.mode = 'attended' and r.status = 'pending'
  returning r.attempt
$$;

-- The runner pauses its attempt of an attended run by itself, saying why (the tab closed, the person took
-- over…); it then parks it as usual (app.runner_park_run). False when the attempt no longer holds the run.
create function app.runner_pause_attended(p_run_id uuid, p_attempt integer, p_runner_id text, p_reason text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.runs r
  set status = 'paused', pause_reason = p_reason
  where r.id = p_run_id and r.attempt = p_attempt and r.runner_id = p_runner_id and r.status in ('running', 'paused')
    and r.mode = 'attended';
  return found;
end;
$$;

-- Pause / resume / stop (as in 20261126005200). An attended run that paused by itself has let go of the person's
-- tab: it is continued in a browser (POST /api/runs/{id}/attended), not resumed here, where nobody would take it.
create or replace function app.control_run(p_run_id uuid, p_action text)
returns public.runs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.runs := private.caller_run(p_run_id);
begin
  if p_action = 'resume' and v_run.mode = 'attended' and v_run.pause_reason is not null then
    raise exception 'attended_continue_in_browser' using errcode = 'P0001',
      detail = 'This run paused in a person''s browser: continue it there.';
  end if;
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

-- Tokens: no member reads or writes them; only the functions above.
alter table private.attended_tokens enable row level security;
revoke all on private.attended_tokens from public, anon, authenticated, service_role, kollega_runner;

grant update (run_location) on public.workflows to authenticated;
grant select (mode, attended_by, pause_reason) on public.runs to authenticated;
grant select (mode) on public.runs to kollega_runner;

revoke all on function app.start_attended_run(uuid, jsonb, boolean, bytea, integer) from public, anon;
revoke all on function app.reconnect_attended_run(uuid, bytea, integer) from public, anon;
revoke all on function app.runner_claim_attended_run(bytea, text, bytea, integer) from public, anon, authenticated;
revoke all on function app.runner_claim_attended_attempt(uuid, text) from public, anon, authenticated;
revoke all on function app.runner_pause_attended(uuid, integer, text, text) from public, anon, authenticated;
revoke all on function private.definition_needs_person(jsonb) from public;
grant execute on function app.start_attended_run(uuid, jsonb, boolean, bytea, integer) to authenticated;
grant execute on function app.reconnect_attended_run(uuid, bytea, integer) to authenticated;
grant execute on function app.runner_claim_attended_run(bytea, text, bytea, integer) to kollega_runner;
grant execute on function app.runner_claim_attended_attempt(uuid, text) to kollega_runner;
grant execute on function app.runner_pause_attended(uuid, integer, text, text) to kollega_runner;
