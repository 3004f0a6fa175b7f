-- Fair runs (issue 20 item 6, AUTOMATION "Trust: Fair."): one organisation's backlog does not hold up another's
-- runs, and a flood of starts is refused with a clear 429. And live views (item 8): an index for the cursor
-- GET /api/runs/changes reads.
--
-- - Fair dequeue: a run's queue job gets the priority minus its place in its organisation's queue (the number of
--   that organisation's runs already pending). pg-boss fetches by priority, then age, so the first pending run of
--   every organisation comes before the second of any, and so on: an organisation with 1,000 queued runs delays
--   another's new run by at most one run's slot time.
-- - Concurrency per organisation across all runners: `organizations.run_concurrency` (default 4) runs held by
--   runners at once, checked when a runner claims a run (app.runner_claim_run, serialised per organisation); a
--   run over the limit goes back to the queue for 2 s with its fair priority (app.runner_requeue_run).
-- - Starts per organisation: `organizations.run_starts_per_minute` (default 60) runs started by people, tests and
--   webhooks per minute; more is refused with `run_start_limited` (the api's 429 with Retry-After). Schedules
--   (one run per schedule and minute at most) and a batch's rows (its own concurrency) are not counted.

alter table public.organizations
  add column run_concurrency integer not null default 4 check (run_concurrency between 1 and 100),
  add column run_starts_per_minute integer not null default 60 check (run_starts_per_minute between 1 and 10000);

-- GET /api/runs/changes: the newest change of an organisation's runs, one index read per viewer and second.
create index runs_organization_id_updated_at_idx on public.runs (organization_id, updated_at desc);

-- Enqueues the run's attempt with its fair priority, to start after p_delay seconds.
drop function private.enqueue_run(uuid, integer);
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
  where q.name = 'run-workflow' and r.id = p_run_id
$$;
revoke all on function private.enqueue_run(uuid, integer, integer) from public;

-- The runner claims a pending run for its attempt, unless its organisation already has run_concurrency runs
-- held by runners (running, or paused and not parked). 'claimed', 'busy' (over the limit: nothing changed), or
-- null (no longer pending at this attempt). Serialised per organisation, so two runners cannot both take the
-- last place.
create function app.runner_claim_run(p_run_id uuid, p_attempt integer, p_runner_id text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid;
  v_limit integer;
begin
  select r.organization_id, o.run_concurrency into v_organization_id, v_limit
  from public.runs r join public.organizations o on o.id = r.organization_id
  where r.id = p_run_id and r.attempt = p_attempt and r.status = 'pending';
  if not found then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('kollega-runs:' || v_organization_id::text, 0));
  if (select count(*) from public.runs r
      where r.organization_id = v_organization_id and r.status in ('running', 'paused') and r.runner_id is not null) >= v_limit then
    return 'busy';
  end if;
  update public.runs r
  set status = 'running', runner_id = p_runner_id, heartbeat_at = now(), started_at = coalesce(r.started_at, now())
  where r.id = p_run_id and r.attempt = p_attempt and r.status = 'pending';
  return case when found then 'claimed' end;
end;
$$;

-- A run its organisation had no room for goes back to the queue for 2 s (still pending at this attempt).
create function app.runner_requeue_run(p_run_id uuid, p_attempt integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.runs r where r.id = p_run_id and r.attempt = p_attempt and r.status = 'pending') then
    return false;
  end if;
  perform private.enqueue_run(p_run_id, p_attempt, 2);
  return true;
end;
$$;

revoke all on function app.runner_claim_run(uuid, integer, text) from public, anon, authenticated;
revoke all on function app.runner_requeue_run(uuid, integer) from public, anon, authenticated;
grant execute on function app.runner_claim_run(uuid, integer, text) to kollega_runner;
grant execute on function app.runner_requeue_run(uuid, integer) to kollega_runner;

-- Starts by people, tests and webhooks, per organisation and minute (private.count_webhook_call's window).
create function private.limit_run_starts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wait integer;
begin
  -- The rows of a batch start at the batch's own pace (private.fill_batch), not as people's starts.
  if current_setting('kollega.batch_start', true) = 'on' then
    return new;
  end if;
  v_wait := private.count_webhook_call('org-starts:' || new.organization_id::text,
    (select o.run_starts_per_minute from public.organizations o where o.id = new.organization_id));
  if v_wait > 0 then
    raise exception 'run_start_limited' using errcode = 'P0001', detail = v_wait::text,
      hint = 'The organisation started too many runs in the last minute.';
  end if;
  return new;
end;
$$;
revoke all on function private.limit_run_starts() from public;

-- A start is a new pending run (app.start_run, webhooks); rows written as they were (seeds, imports) are not.
create trigger runs_limit_starts
  before insert on public.runs
  for each row when (new.trigger in ('manual', 'test', 'webhook') and new.status = 'pending')
  execute function private.limit_run_starts();
