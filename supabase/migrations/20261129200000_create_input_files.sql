-- File inputs (docs/automation.md "File inputs"): the file a run fills into an upload field (an invoice PDF),
-- given with "Kör nu" or a test run, in a webhook's payload, or in a zip beside a batch's CSV/XLSX. Stored
-- encrypted like the organisation's secrets (pgcrypto, pgp_sym_encrypt_bytea under KOLLEGA_SECRETS_KEY, a key
-- that lives only in the api function's and the runner's environment, never in the database), at most 10 MB each.
--
-- A file belongs either to one run (its input `input_name`; the run's input value is the file's name) or to a
-- batch (a zip entry, named as in the zip; a row's input value names it, and every run of that row, retries
-- included, takes it from there). Deleted with its run (cascade), so with the organisation's run retention; a
-- batch's files with the batch, or by app.purge_expired_runs once the finished batch is older than the retention.
--
-- Members see which files their organisation's runs and batches have (name, type, size), never the content: the
-- column is not granted. Files are added only through the app.add_* functions below, each for the run or batch
-- its caller just started; only the runner decrypts, for a run it is executing (app.run_input_files).
create table public.input_files (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  run_id uuid references public.runs (id) on delete cascade,
  batch_id uuid references public.batches (id) on delete cascade,
  input_name text check (input_name ~ '^[A-Za-z_][A-Za-z0-9_]{0,63}$'),
  file_name text not null check (length(file_name) between 1 and 255),
  content_type text not null default 'application/octet-stream' check (length(content_type) <= 200),
  size integer not null check (size between 1 and 10485760),
  content bytea not null,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  check ((run_id is null) <> (batch_id is null)),
  check ((run_id is null) = (input_name is null)),
  unique (run_id, input_name),
  unique (batch_id, file_name)
);

create index input_files_organization_id_idx on public.input_files (organization_id);
create index input_files_created_by_idx on public.input_files (created_by);

-- Stores one file encrypted; the callers below check who may add it where.
create function private.store_input_file(p_organization_id uuid, p_run_id uuid, p_batch_id uuid, p_input_name text,
                                         p_file_name text, p_content_type text, p_content bytea, p_key text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if p_key is null or p_key = '' then
    raise exception 'files_unavailable' using errcode = '22023', detail = 'No encryption key was given.';
  end if;
  if octet_length(p_content) > 10485760 then
    raise exception 'input_file_too_large' using errcode = '22023', detail = 'A file input takes at most 10 MB.';
  end if;
  insert into public.input_files (organization_id, run_id, batch_id, input_name, file_name, content_type, size, content, created_by)
  values (p_organization_id, p_run_id, p_batch_id, p_input_name, p_file_name, coalesce(nullif(p_content_type, ''), 'application/octet-stream'),
          octet_length(p_content), extensions.pgp_sym_encrypt_bytea(p_content, p_key, 'cipher-algo=aes256'), auth.uid())
  returning id into v_id;
  return v_id;
end;
$$;

-- Whether p_input is a file input the run's workflow version declares.
create function private.run_declares_file_input(p_run_id uuid, p_input text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.runs r
    join public.workflow_versions v on v.workflow_id = r.workflow_id and v.version = r.workflow_version
    cross join lateral jsonb_array_elements(case when jsonb_typeof(v.definition -> 'inputs') = 'array' then v.definition -> 'inputs' else '[]' end) i
    where r.id = p_run_id and i ->> 'name' = p_input and i ->> 'type' = 'file')
$$;

-- The file of run input p_input of the run the caller has just started ("Kör nu", a test run): the run must be
-- the caller's own, of their organisation, not yet picked up (pending), and its workflow must declare p_input as a
-- file input. Errors: 42501 'forbidden', P0002 'run_not_found'.
create function app.add_run_file(p_run_id uuid, p_input text, p_file_name text, p_content_type text, p_content bytea, p_key text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
begin
  if v_organization_id is null then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only active members can give files to runs.';
  end if;
  if not exists (
    select 1 from public.runs r
    where r.id = p_run_id and r.organization_id = v_organization_id and r.started_by = auth.uid() and r.status = 'pending'
  ) or not private.run_declares_file_input(p_run_id, p_input) then
    raise exception 'run_not_found' using errcode = 'P0002';
  end if;
  return private.store_input_file(v_organization_id, p_run_id, null, p_input, p_file_name, p_content_type, p_content, p_key);
end;
$$;

-- The file of run input p_input of the run webhook p_token has just started (the api, without a session: the
-- token is the credential, as for app.trigger_webhook). Error: P0002 'run_not_found'.
create function app.add_webhook_file(p_token text, p_run_id uuid, p_input text, p_file_name text, p_content_type text, p_content bytea, p_key text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.runs;
begin
  select r.* into v_run
  from public.runs r
  join public.workflow_webhooks h on h.workflow_id = r.workflow_id
  where r.id = p_run_id and h.token_hash = extensions.digest(p_token, 'sha256') and r.trigger = 'webhook' and r.status = 'pending';
  if not found or not private.run_declares_file_input(p_run_id, p_input) then
    raise exception 'run_not_found' using errcode = 'P0002';
  end if;
  return private.store_input_file(v_run.organization_id, p_run_id, null, p_input, p_file_name, p_content_type, p_content, p_key);
end;
$$;

-- A file of the zip beside the batch the caller has just created (named as in the zip; its rows name it). The batch
-- must be the caller's own, of their organisation. Error: P0002 'batch_not_found'.
create function app.add_batch_file(p_batch_id uuid, p_file_name text, p_content_type text, p_content bytea, p_key text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
begin
  if v_organization_id is null then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only active members can give files to batches.';
  end if;
  if not exists (
    select 1 from public.batches b
    where b.id = p_batch_id and b.organization_id = v_organization_id and b.created_by = auth.uid()
  ) then
    raise exception 'batch_not_found' using errcode = 'P0002';
  end if;
  return private.store_input_file(v_organization_id, null, p_batch_id, null, p_file_name, p_content_type, p_content, p_key);
end;
$$;

-- The runner's only way to a file: the decrypted files of run p_run_id's file inputs, by input name, while the run is
-- being executed: the run's own, or, for a batch's run, the batch's file its row names. p_key comes from the
-- runner's environment.
create function app.run_input_files(p_run_id uuid, p_key text)
returns table (input_name text, file_name text, content_type text, content bytea)
language sql
stable
security definer
set search_path = ''
as $$
  select f.input_name, f.file_name, f.content_type, extensions.pgp_sym_decrypt_bytea(f.content, p_key)
  from public.runs r
  join public.input_files f on f.run_id = r.id and f.organization_id = r.organization_id
  where r.id = p_run_id and r.status in ('running', 'paused')
  union all
  select i ->> 'name', f.file_name, f.content_type, extensions.pgp_sym_decrypt_bytea(f.content, p_key)
  from public.runs r
  join public.batch_items b on b.run_id = r.id
  join public.workflow_versions v on v.workflow_id = r.workflow_id and v.version = r.workflow_version
  cross join lateral jsonb_array_elements(case when jsonb_typeof(v.definition -> 'inputs') = 'array' then v.definition -> 'inputs' else '[]' end) i
  join public.input_files f on f.batch_id = b.batch_id and f.organization_id = r.organization_id and f.file_name = r.inputs ->> (i ->> 'name')
  where r.id = p_run_id and r.status in ('running', 'paused') and i ->> 'type' = 'file'
$$;

-- Retention, as before (20261127300000), and the files of finished batches older than the organisation's
-- run_retention_days (a run's own files go with the run).
create or replace function app.purge_expired_runs(p_limit integer default 1000)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_deleted integer;
begin
  with expired as (
    select r.id
    from public.runs r
    join public.organization_settings s on s.organization_id = r.organization_id
    where s.run_retention_days is not null
      and r.status in ('completed', 'failed', 'stopped')
      and r.created_at < now() - make_interval(days => s.run_retention_days)
      and not exists (
        select 1 from public.error_queue_items e where e.execution_id = r.id and e.status in ('pending', 'in_progress'))
    order by r.created_at
    limit p_limit
  )
  delete from public.runs r using expired where r.id = expired.id;
  get diagnostics v_deleted = row_count;
  delete from public.input_files f
  using public.batches b, public.organization_settings s
  where f.batch_id = b.id and s.organization_id = b.organization_id
    and s.run_retention_days is not null
    and b.status in ('completed', 'stopped')
    and b.created_at < now() - make_interval(days => s.run_retention_days);
  return v_deleted;
end;
$$;

alter table public.input_files enable row level security;
revoke all on public.input_files from anon, authenticated, service_role;
-- Column grants: the content column is not readable by members at all.
grant select (id, organization_id, run_id, batch_id, input_name, file_name, content_type, size, created_by, created_at)
  on public.input_files to authenticated;

create policy "members can see which files their organisation's runs and batches have"
  on public.input_files for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

revoke all on function private.store_input_file(uuid, uuid, uuid, text, text, text, bytea, text) from public;
revoke all on function private.run_declares_file_input(uuid, text) from public;
revoke all on function app.add_run_file(uuid, text, text, text, bytea, text) from public, anon;
revoke all on function app.add_webhook_file(text, uuid, text, text, text, bytea, text) from public, anon, authenticated;
revoke all on function app.add_batch_file(uuid, text, text, bytea, text) from public, anon;
revoke all on function app.run_input_files(uuid, text) from public, anon, authenticated;
grant execute on function app.add_run_file(uuid, text, text, text, bytea, text) to authenticated;
grant execute on function app.add_webhook_file(text, uuid, text, text, text, bytea, text) to service_role;
grant execute on function app.add_batch_file(uuid, text, text, bytea, text) to authenticated;
grant execute on function app.run_input_files(uuid, text) to kollega_runner;
