-- Batches (docs/automation.md "Batches"): one workflow over the rows of a file (CSV, XLSX) or of JSON rows.
-- A batch and all its items are created in one call of app.create_batch (nothing half-created); each item is one
-- row with the input values the api resolved for it, and the run behind it. The batch starts at most
-- `concurrency` runs at a time (private.fill_batch); a trigger on runs keeps each item's status in step with its
-- run and starts the next row as one ends, so the runner needs to know nothing about batches. Members of the
-- organisation read batches and items; they change them only through the app.* functions below (pause, resume,
-- stop, retry the failed rows), which any active member may call, as for runs (permissions.ts: workflow.run,
-- run.control, run.retry).

create type public.batch_status as enum ('running', 'paused', 'stopped', 'completed');
create type public.batch_item_status as enum ('pending', 'running', 'completed', 'failed', 'skipped', 'waiting');

create table public.batches (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  workflow_id uuid not null references public.workflows (id) on delete cascade,
  created_by uuid references public.profiles (id) on delete set null,
  status public.batch_status not null default 'running',
  concurrency integer not null default 2 check (concurrency between 1 and 8),
  -- What came in, so the results go out in the same shape: the format, the file's name, its header row and,
  -- for CSV, its delimiter.
  format text not null check (format in ('csv', 'xlsx', 'json')),
  file_name text not null default '' check (length(file_name) <= 255),
  columns jsonb not null check (jsonb_typeof(columns) = 'array'),
  delimiter text check (delimiter in (',', ';', E'\t')),
  created_at timestamptz not null default now(),
  finished_at timestamptz
);

create table public.batch_items (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  batch_id uuid not null references public.batches (id) on delete cascade,
  -- The row's place in the file (0 = the first row under the header).
  index integer not null check (index >= 0),
  -- The row's `reference` column: a row whose reference completed in an earlier batch of the workflow is skipped.
  reference text check (length(reference) <= 200),
  status public.batch_item_status not null default 'pending',
  -- The row's cells as they came (for the results file) and the input values its run uses.
  cells jsonb not null check (jsonb_typeof(cells) = 'array'),
  inputs jsonb not null check (jsonb_typeof(inputs) = 'object'),
  run_id uuid references public.runs (id) on delete set null,
  error text check (length(error) <= 2000),
  -- What the run extracted (its steps' values), for the results file.
  output jsonb check (output is null or jsonb_typeof(output) = 'object'),
  updated_at timestamptz not null default now(),
  unique (batch_id, index)
);

create index batches_organization_id_idx on public.batches (organization_id);
create index batches_workflow_id_created_at_idx on public.batches (workflow_id, created_at desc);
create index batches_created_by_idx on public.batches (created_by);
create index batch_items_organization_id_idx on public.batch_items (organization_id);
create index batch_items_batch_id_status_index_idx on public.batch_items (batch_id, status, index);
create index batch_items_run_id_idx on public.batch_items (run_id);
create index batch_items_reference_idx on public.batch_items (reference) where reference is not null and status = 'completed';

-- Starts the next pending rows of a running batch until `concurrency` are under way (running or waiting for a
-- person). A workflow that can no longer run (paused, no steps) pauses the batch instead.
create function private.fill_batch(p_batch_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_batch public.batches;
  v_workflow public.workflows;
  v_busy integer;
  v_item public.batch_items;
  v_run_id uuid;
begin
  select * into v_batch from public.batches where id = p_batch_id for update;
  if v_batch.status <> 'running' then
    return;
  end if;
  select * into v_workflow from public.workflows where id = v_batch.workflow_id;
  select count(*) into v_busy from public.batch_items where batch_id = p_batch_id and status in ('running', 'waiting');
  while v_busy < v_batch.concurrency loop
    select * into v_item from public.batch_items
    where batch_id = p_batch_id and status = 'pending'
    order by index
    limit 1
    for update skip locked;
    exit when not found;
    begin
      -- A batch's rows are started at its own pace: not counted as people's starts (runs_limit_starts).
      perform set_config('kollega.batch_start', 'on', true);
      v_run_id := private.start_run(v_workflow, 'manual', v_item.inputs, v_batch.created_by);
      perform set_config('kollega.batch_start', '', true);
    exception when sqlstate 'P0001' then
      update public.batches set status = 'paused' where id = p_batch_id;
      return;
    end;
    update public.batch_items set status = 'running', run_id = v_run_id, error = null, output = null, updated_at = now()
    where id = v_item.id;
    v_busy := v_busy + 1;
  end loop;
  if v_busy = 0 and not exists (select 1 from public.batch_items where batch_id = p_batch_id and status = 'pending') then
    update public.batches set status = 'completed', finished_at = now() where id = p_batch_id;
  end if;
end;
$$;

-- A run of a batch moved: its item follows (running, waiting for a person, completed with what it extracted,
-- failed with why), and a row that ended makes room for the next.
create function private.sync_batch_item()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_item public.batch_items;
  v_status public.batch_item_status;
begin
  select * into v_item from public.batch_items where run_id = new.id;
  if not found then
    return null;
  end if;
  v_status := case
    when new.status = 'completed' then 'completed'
    when new.status in ('failed', 'stopped') then 'failed'
    when new.status = 'paused' and new.requires_manual_intervention then 'waiting'
    else 'running'
  end::public.batch_item_status;
  update public.batch_items i
  set status = v_status,
      error = case when v_status = 'failed' then left(coalesce(new.error_message, new.error_type, ''), 2000) end,
      output = case when v_status = 'completed' then (
        select coalesce(jsonb_object_agg(e.key, e.value), '{}')
        from public.run_steps s, jsonb_each(s.extracted) e
        where s.run_id = new.id and s.attempt = new.attempt and s.extracted is not null
      ) end,
      updated_at = now()
  where i.id = v_item.id;
  if v_status in ('completed', 'failed') then
    perform private.fill_batch(v_item.batch_id);
  end if;
  return null;
end;
$$;

create trigger runs_sync_batch_item
  after update of status, requires_manual_intervention on public.runs
  for each row when (old.status is distinct from new.status or old.requires_manual_intervention is distinct from new.requires_manual_intervention)
  execute function private.sync_batch_item();

-- The batch p_batch_id of the caller's organisation (an active member's), locked; P0002 'batch_not_found' otherwise.
create function private.caller_batch(p_batch_id uuid)
returns public.batches
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_batch public.batches;
begin
  select * into v_batch from public.batches b
  where b.id = p_batch_id and b.organization_id = private.current_org_id()
  for update;
  if not found then
    raise exception 'batch_not_found' using errcode = 'P0002';
  end if;
  return v_batch;
end;
$$;

-- POST /api/workflows/{id}/batches: a batch of an active workflow of the caller's organisation with its rows
-- (p_items: [{ reference, cells, inputs }], in file order), started at once. Rows whose reference completed in
-- an earlier batch of the workflow are skipped. Errors: 42501 'forbidden', P0002 'workflow_not_found',
-- P0001 'workflow_not_active' / 'workflow_has_no_steps'.
create function app.create_batch(p_workflow_id uuid, p_format text, p_file_name text, p_columns jsonb, p_delimiter text,
                                 p_concurrency integer, p_items jsonb)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
  v_workflow public.workflows;
  v_batch_id uuid;
begin
  if v_organization_id is null then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only active members can run workflows.';
  end if;
  select * into v_workflow from public.workflows w where w.id = p_workflow_id and w.organization_id = v_organization_id;
  if not found then
    raise exception 'workflow_not_found' using errcode = 'P0002';
  end if;
  if v_workflow.status <> 'active' then
    raise exception 'workflow_not_active' using errcode = 'P0001', detail = 'Only active workflows can be run.';
  end if;
  if not exists (select 1 from public.workflow_versions v where v.workflow_id = v_workflow.id and v.version = v_workflow.current_version and v.step_count > 0) then
    raise exception 'workflow_has_no_steps' using errcode = 'P0001', detail = 'Record or add steps before running the workflow.';
  end if;

  insert into public.batches (organization_id, workflow_id, created_by, concurrency, format, file_name, columns, delimiter)
  values (v_organization_id, p_workflow_id, auth.uid(), p_concurrency, p_format, left(coalesce(p_file_name, ''), 255), p_columns, p_delimiter)
  returning id into v_batch_id;

  insert into public.batch_items (organization_id, batch_id, index, reference, cells, inputs, status, error)
  select v_organization_id, v_batch_id, (e.ordinality - 1)::integer, nullif(e.value ->> 'reference', ''), e.value -> 'cells', e.value -> 'inputs',
         case when done.reference is null then 'pending' else 'skipped' end::public.batch_item_status,
         case when done.reference is null then null else 'reference_done' end
  from jsonb_array_elements(p_items) with ordinality e
  left join lateral (
    select i.reference from public.batch_items i join public.batches b on b.id = i.batch_id
    where b.workflow_id = p_workflow_id and i.status = 'completed' and i.reference = nullif(e.value ->> 'reference', '')
    limit 1
  ) done on true;

  perform private.write_audit(v_organization_id, 'batch_started', v_workflow.name, 'workflow', p_workflow_id, null,
    jsonb_build_object('batchId', v_batch_id, 'rows', jsonb_array_length(p_items), 'format', p_format));
  perform private.fill_batch(v_batch_id);
  return v_batch_id;
end;
$$;

-- POST /api/batches/{id}/pause, /resume, /stop. Pause starts no new rows (those under way finish); resume goes
-- on; stop skips the rows not started and stops the runs under way (they end failed 'stopped').
-- Errors: P0002 'batch_not_found', P0001 'batch_finished'.
create function app.control_batch(p_batch_id uuid, p_action text)
returns public.batches
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_batch public.batches := private.caller_batch(p_batch_id);
  v_run_id uuid;
begin
  if v_batch.status in ('stopped', 'completed') then
    raise exception 'batch_finished' using errcode = 'P0001';
  end if;
  if p_action = 'pause' then
    update public.batches set status = 'paused' where id = p_batch_id;
  elsif p_action = 'resume' then
    update public.batches set status = 'running' where id = p_batch_id;
    perform private.fill_batch(p_batch_id);
  elsif p_action = 'stop' then
    update public.batches set status = 'stopped', finished_at = now() where id = p_batch_id;
    update public.batch_items set status = 'skipped', error = 'stopped', updated_at = now() where batch_id = p_batch_id and status = 'pending';
    for v_run_id in select run_id from public.batch_items where batch_id = p_batch_id and status in ('running', 'waiting') and run_id is not null loop
      begin
        perform app.control_run(v_run_id, 'stop');
      exception when sqlstate 'P0001' or sqlstate '55000' then
        null; -- it ended meanwhile
      end;
    end loop;
  else
    raise exception 'batch_action_invalid' using errcode = '22023';
  end if;
  perform private.write_audit(v_batch.organization_id, 'batch_' || p_action, null, 'workflow', v_batch.workflow_id, null,
    jsonb_build_object('batchId', p_batch_id));
  select * into v_batch from public.batches where id = p_batch_id;
  return v_batch;
end;
$$;

-- POST /api/batches/{id}/retry-failed: exactly the failed rows run again (new runs), the others are left as they
-- are; the batch runs again unless it was stopped. Returns how many rows were retried.
-- Errors: P0002 'batch_not_found', P0001 'batch_finished' (a stopped batch).
create function app.retry_failed_batch(p_batch_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_batch public.batches := private.caller_batch(p_batch_id);
  v_count integer;
begin
  if v_batch.status = 'stopped' then
    raise exception 'batch_finished' using errcode = 'P0001';
  end if;
  update public.batch_items set status = 'pending', run_id = null, error = null, output = null, updated_at = now()
  where batch_id = p_batch_id and status = 'failed';
  get diagnostics v_count = row_count;
  if v_count > 0 then
    update public.batches set status = 'running', finished_at = null where id = p_batch_id and status <> 'paused';
    perform private.write_audit(v_batch.organization_id, 'batch_retry_failed', null, 'workflow', v_batch.workflow_id, null,
      jsonb_build_object('batchId', p_batch_id, 'rows', v_count));
    perform private.fill_batch(p_batch_id);
  end if;
  return v_count;
end;
$$;

grant select on public.batches, public.batch_items to authenticated;
revoke insert, update, delete, truncate on public.batches, public.batch_items from authenticated, anon;

revoke all on function private.fill_batch(uuid) from public;
revoke all on function private.sync_batch_item() from public;
revoke all on function private.caller_batch(uuid) from public;
revoke all on function app.create_batch(uuid, text, text, jsonb, text, integer, jsonb) from public, anon;
revoke all on function app.control_batch(uuid, text) from public, anon;
revoke all on function app.retry_failed_batch(uuid) from public, anon;
grant execute on function app.create_batch(uuid, text, text, jsonb, text, integer, jsonb) to authenticated, service_role;
grant execute on function app.control_batch(uuid, text) to authenticated, service_role;
grant execute on function app.retry_failed_batch(uuid) to authenticated, service_role;

alter table public.batches enable row level security;
alter table public.batch_items enable row level security;

create policy "members read the batches of their organisation"
  on public.batches for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "members read the rows of their organisation's batches"
  on public.batch_items for select
  to authenticated
  using (organization_id = (select private.current_org_id()));
