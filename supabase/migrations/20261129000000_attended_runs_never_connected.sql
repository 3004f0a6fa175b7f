-- An attended run that no browser ever connected to (the person closed the dialog, had no extension, or the
-- token's ten minutes ran out) stayed `pending` for ever: listed as waiting in flow management and never ended.
-- The sweep every runner calls (app.runner_expire_paused, 20261127400000) now also ends a pending attended run
-- once none of its relay tokens has been valid for ATTENDED_GRACE (5 minutes after the last one expired, so a
-- person who asks for a new token in time keeps the run): failed `attended_not_connected`, at its start step,
-- nothing done in any system. Paused attended runs keep the organisation's pause limit, as before.

create or replace function app.runner_expire_paused()
returns setof uuid
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  update public.runs r
  set status = 'failed', error_type = 'waited_too_long', failed_step = r.start_step, finished_at = now(),
      requires_manual_intervention = false,
      error_message = format('The run waited more than %s hours (the organisation''s limit) %s and was ended. Start it again when you are ready.',
                             coalesce(s.pause_limit_hours, 24),
                             case when r.requires_manual_intervention then 'for a person to decide its task' else 'paused' end)
  from public.organizations o
  left join public.organization_settings s on s.organization_id = o.id
  where o.id = r.organization_id and r.status = 'paused' and r.runner_id is null
    and r.paused_at < now() - make_interval(hours => coalesce(s.pause_limit_hours, 24))
  returning r.id;

  return query
  update public.runs r
  set status = 'failed', error_type = 'attended_not_connected', failed_step = r.start_step, finished_at = now(),
      error_message = 'No browser with the Kollega extension connected to this attended run before its connection token expired, so the run was ended before any step.'
  where r.status = 'pending' and r.mode = 'attended' and r.runner_id is null
    and r.created_at < now() - interval '5 minutes'
    and not exists (
      select 1 from private.attended_tokens t
      where t.run_id = r.id and t.expires_at > now() - interval '5 minutes'
    )
  returning r.id;
end;
$$;

revoke all on function app.runner_expire_paused() from public, anon, authenticated;
grant execute on function app.runner_expire_paused() to kollega_runner;

-- The sweep's second query reads only pending attended runs.
create index runs_pending_attended_created_at_idx on public.runs (created_at) where status = 'pending' and mode = 'attended';
