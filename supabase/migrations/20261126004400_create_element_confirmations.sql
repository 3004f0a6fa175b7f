-- What an element confirmation needs (20261126004300, docs/automation.md "Confirming a candidate and heals"):
-- the candidate the runner asks about (its role, name, text, row text, score, the step's threshold and why a
-- person is asked) on the task, the screenshot with the candidate outlined beside it (like a step's
-- screenshot), and on every step result the heal it acted on (old and new selectors, score, who confirmed),
-- which the run offers as a new version of the workflow (source 'heal', saved by a person who may edit the
-- workflow through app.save_workflow_definition). A task is decided as any other: "yes" or "no" among its
-- options, by a member of its organisation (app.decide_task).

-- The candidate: { describe, tag, role, name, text, row, selectors, score, threshold, why, errorType, errorMessage }.
alter table public.human_tasks
  add column candidate jsonb check (candidate is null or (jsonb_typeof(candidate) = 'object' and pg_column_size(candidate) <= 32768)),
  add constraint human_tasks_candidate_check_kind check ((kind = 'element_confirmation') = (candidate is not null)),
  add constraint human_tasks_id_organization_id_key unique (id, organization_id);

-- Why a person decides: also a candidate too close to the next one, and a critical step (never acted on by a guess).
alter table public.human_tasks drop constraint human_tasks_handover_reason_check;
alter table public.human_tasks add constraint human_tasks_handover_reason_check
  check (handover_reason in ('below_threshold', 'invalid_answer', 'provider_error', 'not_configured', 'manual', 'too_close', 'critical'));

-- The heal a step acted on: { reason (verified, healed, chosen, confirmed), score, threshold, candidate,
-- oldSelectors, newSelectors, details }.
alter table public.run_steps
  add column heal jsonb check (heal is null or (jsonb_typeof(heal) = 'object' and pg_column_size(heal) <= 65536));

-- A version saved from a heal says so.
alter table public.workflow_versions drop constraint workflow_versions_source_check;
alter table public.workflow_versions add constraint workflow_versions_source_check
  check (source in ('editor', 'recorder', 'import', 'template', 'heal'));

create table public.human_task_screenshots (
  human_task_id uuid primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  foreign key (human_task_id, organization_id) references public.human_tasks (id, organization_id) on delete cascade,
  jpeg bytea not null check (octet_length(jpeg) <= 102400),
  created_at timestamptz not null default now()
);

create index human_task_screenshots_organization_id_idx on public.human_task_screenshots (organization_id);
create index human_task_screenshots_human_task_id_organization_id_idx on public.human_task_screenshots (human_task_id, organization_id);

alter table public.human_task_screenshots enable row level security;

revoke all on public.human_task_screenshots from anon, authenticated;
grant select on public.human_task_screenshots to authenticated;
grant select, insert, update, delete on public.human_task_screenshots to service_role;
grant select, insert on public.human_task_screenshots to kollega_runner;

create policy "members can read the task screenshots of their organisation"
  on public.human_task_screenshots for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "the runner stores every task screenshot"
  on public.human_task_screenshots for all
  to kollega_runner
  using (true) with check (true);
