-- A per-site cap (issue 25 item 2): however many runs an organisation may have under way (run_concurrency) and
-- however a batch is paced (batches.concurrency, 1–8), at most `site_concurrency` of its runs work on the same
-- site at once, so a customer's own system (an ERP, a supplier portal) is not overloaded by its own robot.
--
-- - A run's site is the host of its workflow version's first `navigate` step (workflow_versions.site, lower
--   case, without port or credentials). A host written as a template ({{input.x}}) is unknown until the run:
--   such a run is not counted per site (the organisation's limit still holds).
-- - `organization_settings.site_concurrency` (default 4, 1–100): an admin sets it in /settings. No settings row =
--   the default.
-- - Checked where the organisation's limit is (app.runner_claim_run, serialised per organisation): a run whose
--   site is full is `busy` and goes back to the queue for 2 s with its fair priority, like one over the
--   organisation's limit. Parked runs (waiting for a person, paused without a runner) hold no place.

create function private.definition_site(p_definition jsonb)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when h ~ '[{}]' or h = '' then null else h end
  from (
    select lower(substring(s ->> 'url' from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^\]/?#]*\]|[^/?#:]*)')) as h
    from jsonb_array_elements(case when jsonb_typeof(p_definition -> 'steps') = 'array' then p_definition -> 'steps' else '[]' end)
      with ordinality as e(s, i)
    where s ->> 'type' = 'navigate'
    order by i
    limit 1
  ) first_navigate
$$;
revoke all on function private.definition_site(jsonb) from public;

alter table public.workflow_versions
  add column site text generated always as (private.definition_site(definition)) stored;

alter table public.organization_settings
  add column site_concurrency integer not null default 4 check (site_concurrency between 1 and 100);
grant insert (site_concurrency), update (site_concurrency) on public.organization_settings to authenticated;

-- As in 20261127400100, plus the site's cap: 'claimed', 'busy' (the organisation's limit or the site's cap is
-- reached: nothing changed), or null (no longer pending at this attempt).
create or replace function app.runner_claim_run(p_run_id uuid, p_attempt integer, p_runner_id text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid;
  v_limit integer;
  v_site text;
  v_site_limit integer;
begin
  select r.organization_id, o.run_concurrency, v.site,
         coalesce((select s.site_concurrency from public.organization_settings s where s.organization_id = r.organization_id), 4)
    into v_organization_id, v_limit, v_site, v_site_limit
  from public.runs r
  join public.organizations o on o.id = r.organization_id
  left join public.workflow_versions v on v.workflow_id = r.workflow_id and v.version = r.workflow_version
  where r.id = p_run_id and r.attempt = p_attempt and r.status = 'pending';
  if not found then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('kollega-runs:' || v_organization_id::text, 0));
  if (select count(*) from public.runs r
      where r.organization_id = v_organization_id and r.status in ('running', 'paused') and r.runner_id is not null) >= v_limit then
    return 'busy';
  end if;
  if v_site is not null and (
      select count(*) from public.runs r
      join public.workflow_versions v on v.workflow_id = r.workflow_id and v.version = r.workflow_version
      where r.organization_id = v_organization_id and r.status in ('running', 'paused') and r.runner_id is not null
        and v.site = v_site) >= v_site_limit then
    return 'busy';
  end if;
  update public.runs r
  set status = 'running', runner_id = p_runner_id, heartbeat_at = now(), started_at = coalesce(r.started_at, now())
  where r.id = p_run_id and r.attempt = p_attempt and r.status = 'pending';
  return case when found then 'claimed' end;
end;
$$;

-- Who changed the cap, in the audit trail (as 20261127300000, with siteConcurrency).
create or replace function private.audit_organization_settings_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.updated_by := auth.uid();
  perform private.write_audit(new.organization_id, 'organization_settings_updated', null, 'organization_settings', null, null,
    jsonb_build_object('aiThresholdDefault', new.ai_threshold_default, 'retryAttempts', new.retry_attempts,
      'retryBackoffSeconds', new.retry_backoff_seconds, 'runRetentionDays', new.run_retention_days,
      'pauseLimitHours', new.pause_limit_hours, 'siteConcurrency', new.site_concurrency));
  return new;
end;
$$;
