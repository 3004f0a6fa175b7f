-- What an extract_table step read (issue 25 item 3): the rows of a table, list or card grid on a page, as the run's
-- output. One row per step result; deleted with its step, so with its run (the organisation's run retention).
-- Members of the organisation read their runs' tables (to download them, or to start a batch of another workflow
-- over their rows); only the runner writes them, for runs under way (run_steps' fence guards the step itself).
create table public.run_tables (
  run_step_id uuid primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  foreign key (run_step_id, organization_id) references public.run_steps (id, organization_id) on delete cascade,
  -- The step's output name (`variable`), its column names and rows (arrays of text: what the page showed is data).
  variable text not null check (variable ~ '^[A-Za-z_][A-Za-z0-9_]{0,63}$'),
  columns jsonb not null check (jsonb_typeof(columns) = 'array' and jsonb_array_length(columns) <= 100),
  rows jsonb not null check (jsonb_typeof(rows) = 'array' and jsonb_array_length(rows) <= 10000),
  -- How many pages were read and whether the step's row cap stopped it before the page's end.
  pages integer not null default 1 check (pages >= 1),
  capped boolean not null default false,
  created_at timestamptz not null default now(),
  check (pg_column_size(rows) <= 16777216)
);

create index run_tables_organization_id_idx on public.run_tables (organization_id);
create index run_tables_run_step_id_organization_id_idx on public.run_tables (run_step_id, organization_id);

alter table public.run_tables enable row level security;
revoke all on public.run_tables from anon, authenticated;
grant select on public.run_tables to authenticated;
grant select, insert, update, delete on public.run_tables to service_role;
grant select, insert on public.run_tables to kollega_runner;

create policy "members can read the tables of their organisation's runs"
  on public.run_tables for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "the runner writes tables of the steps it records"
  on public.run_tables for insert
  to kollega_runner
  with check (exists (
    select 1 from public.run_steps s join public.runs r on r.id = s.run_id
    where s.id = run_step_id and s.organization_id = run_tables.organization_id
      -- as the step's own end is written (runner/src/db.ts finishStep): under way, or just stopped by a person
      and (r.status in ('running', 'paused') or (r.status = 'failed' and r.error_type = 'stopped'))));

create policy "the runner reads the tables it wrote"
  on public.run_tables for select
  to kollega_runner
  using (true);
