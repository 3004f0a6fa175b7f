-- The session check of every api request (supabase/functions/_shared/statements.ts SET_CALLER_CHECKED), as a
-- function: 'active', or 'ended' when Auth no longer holds the session, or 'disabled' when its user is banned or
-- deactivated. The same query as before, but PL/pgSQL keeps its plan for the connection, so a request no longer
-- parses and plans a three-table join before its own query (the function's pool sends every statement unprepared,
-- for a transaction-mode pooler). Called by the pool's role before the request's transaction takes the caller's
-- role; no API role may call it (it would tell whether a session id is alive).
create function private.session_state(p_session_id uuid, p_user_id uuid)
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  return coalesce((
    select case when u.banned_until > now() or p.is_active is not true then 'disabled' else 'active' end
    from auth.sessions s
    join auth.users u on u.id = s.user_id
    left join public.profiles p on p.id = s.user_id
    where s.id = p_session_id and s.user_id = p_user_id
  ), 'ended');
end;
$$;

revoke all on function private.session_state(uuid, uuid) from public;
