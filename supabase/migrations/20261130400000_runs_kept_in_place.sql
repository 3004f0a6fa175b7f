-- Runs kept in place (runner/src/worker.ts, docs/automation.md "Waiting holds nothing"): a run that a person paused,
-- or that waits for a person's decision, is parked (held by no runner) unless its next attempt would send again
-- what its page already sent; then its runner keeps it in place (runner_id, lease and browser kept) and it goes on
-- in the same page. The organisation's limit on waiting applies to such a run too: runner_expire_paused ends every
-- run paused past the limit, parked or kept in place (its runner then finds its lease gone and closes its browser).

create or replace function app.runner_expire_paused()
returns setof uuid
language sql
security definer
set search_path = ''
as $$
  update public.runs r
  set status = 'failed', error_type = 'waited_too_long', failed_step = case when r.runner_id is null then r.start_step else coalesce(r.current_step, r.start_step) end, finished_at = now(),
      requires_manual_intervention = false,
      error_message = format('The run waited more than %s hours (the organisation''s limit) %s and was ended. Start it again when you are ready.',
                             coalesce(s.pause_limit_hours, 24),
                             case when r.requires_manual_intervention then 'for a person to decide its task' else 'paused' end)
  from public.organizations o
  left join public.organization_settings s on s.organization_id = o.id
  where o.id = r.organization_id and r.status = 'paused'
    and r.paused_at < now() - make_interval(hours => coalesce(s.pause_limit_hours, 24))
  returning r.id
$$;

revoke all on function app.runner_expire_paused() from public, anon, authenticated;
grant execute on function app.runner_expire_paused() to kollega_runner;

drop index public.runs_parked_paused_at_idx;
create index runs_paused_at_idx on public.runs (paused_at) where status = 'paused';
