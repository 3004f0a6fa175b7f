-- An attended run that no browser ever connected to (the person closed the dialog, had no extension, or the
-- token's ten minutes ran out) stayed `pending` for ever: listed as waiting in flow management and never ended.
-- app.runner_end_unconnected_attended, called by every runner's sweep beside app.runner_expire_paused
-- (20261127400000), ends a pending attended run once none of its relay tokens has been valid for five minutes (so a
-- person who asks for a new token in time keeps the run): failed `attended_not_connected`, at its start step,
-- nothing done in any system. Paused attended runs keep the organisation's pause limit, as before.

create function app.runner_end_unconnected_attended()
returns setof uuid
language sql
security definer
set search_path = ''
as $$
  update public.runs r
  set status = 'failed', error_type = 'attended_not_connected', failed_step = r.start_step, finished_at = now(),
      error_message = 'No browser with the Kollega extension connected to this attended run before its connection token expired, so the run was ended before any step.'
  where r.status = 'pending' and r.mode = 'attended' and r.runner_id is null
    and r.created_at < now() - interval '5 minutes'
    and not exists (
      select 1 from private.attended_tokens t
      where t.run_id = r.id and t.expires_at > now() - interval '5 minutes'
    )
  returning r.id
$$;

revoke all on function app.runner_end_unconnected_attended() from public, anon, authenticated;
grant execute on function app.runner_end_unconnected_attended() to kollega_runner;

-- The sweep's second query reads only pending attended runs.
create index runs_pending_attended_created_at_idx on public.runs (created_at) where status = 'pending' and mode = 'attended';
