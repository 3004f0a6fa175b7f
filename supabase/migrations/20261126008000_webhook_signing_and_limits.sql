-- Webhooks (issue 21, item 8): an optional signing secret per webhook (the caller signs the raw body with
-- HMAC-SHA256; the api function checks it), and call limits kept here, per token and per client address,
-- so that every api instance counts the same calls. The api function refuses a call when the limit check
-- fails (503): a limit that cannot be checked lets nothing through.

-- The secret is needed in clear to check signatures, so it is readable by no API role: only the
-- security-definer functions below (and the api function's pool, as the owner) see it. Members see
-- whether a webhook is signed (`signed`).
alter table public.workflow_webhooks add column signing_secret text check (signing_secret ~ '^whsec_[A-Za-z0-9_-]{43}$');
alter table public.workflow_webhooks add column signed boolean generated always as (signing_secret is not null) stored;
grant select (signed) on public.workflow_webhooks to authenticated;

-- Calls in the current one-minute window, per key: 'token:<sha-256 of the token, hex>' or 'address:<ip>'.
create table private.webhook_calls (
  key text primary key,
  window_start timestamptz not null,
  calls integer not null
);
alter table private.webhook_calls enable row level security;
revoke all on private.webhook_calls from public, anon, authenticated;

-- Counts one call on `p_key` and answers the seconds until the key may call again (0: within the limit).
create function private.count_webhook_call(p_key text, p_limit integer)
returns integer
language sql
security definer
set search_path = ''
as $$
  insert into private.webhook_calls as c (key, window_start, calls) values (p_key, now(), 1)
  on conflict (key) do update
    set window_start = case when c.window_start <= now() - interval '1 minute' then now() else c.window_start end,
        calls = case when c.window_start <= now() - interval '1 minute' then 1 else c.calls + 1 end
  returning case
    when calls > p_limit then greatest(1, ceil(extract(epoch from window_start + interval '1 minute' - now())))::integer
    else 0
  end;
$$;

-- POST /api/hooks: counts the call against the token's and the address's limits (every call counts, also
-- with an unknown token), then, within both, tells whether a webhook has this token and its signing
-- secret. `retry_after` > 0: over a limit (nothing else is answered). A lock held longer than a second on
-- the counters is an error, which the api function answers with 503.
create function app.check_webhook_call(p_token text, p_address text, p_token_limit integer, p_address_limit integer)
returns table (retry_after integer, known boolean, signing_secret text)
language plpgsql
security definer
set search_path = ''
set lock_timeout = '1s'
as $$
declare
  v_hash bytea := extensions.digest(p_token, 'sha256');
  v_wait integer;
begin
  if random() < 0.01 then
    delete from private.webhook_calls where window_start < now() - interval '5 minutes';
  end if;
  v_wait := greatest(
    private.count_webhook_call('token:' || encode(v_hash, 'hex'), p_token_limit),
    private.count_webhook_call('address:' || coalesce(p_address, 'unknown'), p_address_limit)
  );
  if v_wait > 0 then
    return query select v_wait, null::boolean, null::text;
    return;
  end if;
  return query
    select 0, h.workflow_id is not null, h.signing_secret
    from (select 1) as one
    left join public.workflow_webhooks h on h.token_hash = v_hash;
end;
$$;

-- PUT/DELETE /api/workflows/{id}/webhook/signing: turns signing on with a new secret (made by the api
-- function), or off (p_secret null). The workflow's editors, as for the webhook itself. False when the
-- workflow has no webhook.
create function app.set_workflow_webhook_signing(p_workflow_id uuid, p_secret text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_workflow public.workflows := private.editable_workflow(p_workflow_id);
begin
  update public.workflow_webhooks set signing_secret = p_secret where workflow_id = p_workflow_id;
  if not found then
    return false;
  end if;
  perform private.write_audit(v_workflow.organization_id,
    case when p_secret is null then 'webhook_signing_off' else 'webhook_signing_on' end, v_workflow.name, 'workflow', p_workflow_id);
  return true;
end;
$$;

revoke all on function private.count_webhook_call(text, integer) from public, anon, authenticated;
revoke all on function app.check_webhook_call(text, text, integer, integer) from public, anon, authenticated;
revoke all on function app.set_workflow_webhook_signing(uuid, text) from public, anon;
grant execute on function app.check_webhook_call(text, text, integer, integer) to service_role;
grant execute on function app.set_workflow_webhook_signing(uuid, text) to authenticated, service_role;
