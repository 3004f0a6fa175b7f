-- Runs of workflows (AUTOMATION "Runs"): one row per run, one row per executed step and attempt, and the
-- step's JPEG screenshot. Members read their organisation's runs (RLS); they start, pause, resume, stop
-- and retry through the app.* functions (20261123000600); only the runner (role kollega_runner) writes
-- step results and moves a run through its states.
create type public.run_status as enum ('pending', 'running', 'paused', 'completed', 'failed');
create type public.run_trigger as enum ('manual', 'schedule', 'webhook', 'test');
create type public.run_step_status as enum ('running', 'passed', 'failed', 'skipped');

create table public.runs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  workflow_id uuid not null references public.workflows (id) on delete cascade,
  workflow_version integer not null,
  trigger public.run_trigger not null,
  started_by uuid references public.profiles (id) on delete set null,
  status public.run_status not null default 'pending',
  -- Run inputs ({{input.x}}): from the starter, a webhook payload or a schedule.
  inputs jsonb not null default '{}' check (jsonb_typeof(inputs) = 'object' and pg_column_size(inputs) <= 65536),
  -- Values extracted so far ({{var.x}}), kept for a retry.
  variables jsonb not null default '{}' check (jsonb_typeof(variables) = 'object'),
  attempt integer not null default 1 check (attempt > 0),
  start_step integer not null default 0 check (start_step >= 0),
  step_count integer not null check (step_count >= 0),
  completed_steps integer not null default 0 check (completed_steps >= 0),
  current_step integer,
  current_step_description text,
  min_ai_confidence smallint check (min_ai_confidence between 0 and 100),
  requires_manual_intervention boolean not null default false,
  error_type text check (error_type ~ '^[a-z][a-z0-9_]{0,63}$'),
  error_message text check (char_length(error_message) <= 2000),
  failed_step integer,
  stopped_by uuid references public.profiles (id) on delete set null,
  runner_id text,
  heartbeat_at timestamptz,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now(),
  foreign key (workflow_id, workflow_version) references public.workflow_versions (workflow_id, version) on delete cascade,
  check ((status in ('completed', 'failed')) = (finished_at is not null)),
  unique (id, organization_id)
);

create index runs_organization_id_created_at_idx on public.runs (organization_id, created_at desc);
create index runs_organization_id_status_idx on public.runs (organization_id, status);
create index runs_workflow_id_created_at_idx on public.runs (workflow_id, created_at desc);
create index runs_workflow_id_workflow_version_idx on public.runs (workflow_id, workflow_version);
-- Status filters cannot be index conditions under RLS (enum equality is not leakproof), so the hot
-- ones get partial indexes: runs under way per organisation, a workflow's completed runs (estimated
-- completion), runs with an AI confidence (the dashboard's average).
create index runs_organization_id_active_idx on public.runs (organization_id) where status in ('pending', 'running', 'paused');
create index runs_workflow_id_completed_idx on public.runs (workflow_id, created_at desc) where status = 'completed';
create index runs_organization_id_ai_confidence_idx on public.runs (organization_id, created_at desc) where min_ai_confidence is not null;
create index runs_started_by_idx on public.runs (started_by);
create index runs_stopped_by_idx on public.runs (stopped_by);
-- The lease sweep: runs a runner holds, by how fresh its heartbeat is.
create index runs_heartbeat_at_idx on public.runs (heartbeat_at) where status in ('running', 'paused');

create trigger runs_set_updated_at
  before update on public.runs
  for each row execute function private.set_updated_at();

create table public.run_steps (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  run_id uuid not null,
  attempt integer not null check (attempt > 0),
  -- Order within the attempt (a decision may jump back, so a step index can repeat).
  seq integer not null check (seq >= 0),
  step_index integer not null check (step_index >= 0),
  step_id text not null,
  step_type text not null,
  description text not null default '',
  status public.run_step_status not null default 'running',
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  duration_ms integer check (duration_ms >= 0),
  error_type text check (error_type ~ '^[a-z][a-z0-9_]{0,63}$'),
  error_message text check (char_length(error_message) <= 2000),
  -- [{ at, message }]: which selector was used, dialogs accepted, downloads, retries.
  log jsonb not null default '[]' check (jsonb_typeof(log) = 'array'),
  extracted jsonb check (extracted is null or jsonb_typeof(extracted) = 'object'),
  -- The AI's question and answer, or a person's decision (issue: AI decision steps).
  decision jsonb check (decision is null or jsonb_typeof(decision) = 'object'),
  has_screenshot boolean not null default false,
  unique (run_id, attempt, seq),
  unique (id, organization_id),
  -- A step result belongs to its run's organisation, whoever writes it.
  foreign key (run_id, organization_id) references public.runs (id, organization_id) on delete cascade
);

create index run_steps_organization_id_idx on public.run_steps (organization_id);
create index run_steps_run_id_organization_id_idx on public.run_steps (run_id, organization_id);

create table public.run_screenshots (
  run_step_id uuid primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  foreign key (run_step_id, organization_id) references public.run_steps (id, organization_id) on delete cascade,
  jpeg bytea not null check (octet_length(jpeg) <= 102400),
  created_at timestamptz not null default now()
);

create index run_screenshots_organization_id_idx on public.run_screenshots (organization_id);
create index run_screenshots_run_step_id_organization_id_idx on public.run_screenshots (run_step_id, organization_id);

-- The runner: a login role of its own with exactly what it needs (created nologin here; a deployment
-- gives it a password: docs/deploy.md). It reads definitions and writes runs and step results of every
-- organisation, so its policies say `using (true)`, and nothing else can write step results.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'kollega_runner') then
    create role kollega_runner nologin noinherit;
  end if;
end;
$$;
grant usage on schema public to kollega_runner;

alter table public.runs enable row level security;
alter table public.run_steps enable row level security;
alter table public.run_screenshots enable row level security;

revoke all on public.runs, public.run_steps, public.run_screenshots from anon, authenticated;
grant select on public.runs, public.run_steps, public.run_screenshots to authenticated;
grant select, insert, update, delete on public.runs, public.run_steps, public.run_screenshots to service_role;
grant select, update on public.runs to kollega_runner;
grant select, insert, update on public.run_steps, public.run_screenshots to kollega_runner;
grant select on public.workflows, public.workflow_versions to kollega_runner;

create policy "members can read the runs of their organisation"
  on public.runs for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "members can read the step results of their organisation"
  on public.run_steps for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "members can read the screenshots of their organisation"
  on public.run_screenshots for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "the runner works every run"
  on public.runs for all
  to kollega_runner
  using (true) with check (true);

create policy "the runner writes every step result"
  on public.run_steps for all
  to kollega_runner
  using (true) with check (true);

create policy "the runner writes every screenshot"
  on public.run_screenshots for all
  to kollega_runner
  using (true) with check (true);

create policy "the runner reads every workflow"
  on public.workflows for select
  to kollega_runner
  using (true);

create policy "the runner reads every workflow version"
  on public.workflow_versions for select
  to kollega_runner
  using (true);
