-- "Testa" in the AI prompt editor (POST /api/ai/test) sends sample values to the organisation's AI
-- provider, at the organisation's cost. app.claim_ai_test() counts each test and refuses past the limits:
-- 10 per member per minute, 100 per organisation per hour. Calls older than an hour are deleted as new
-- ones come in. Not reachable by any API role except through the function.
create table private.ai_test_calls (
  id bigserial primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  user_id uuid not null,
  created_at timestamptz not null default now()
);

create index ai_test_calls_organization_created_at_idx on private.ai_test_calls (organization_id, created_at);
create index ai_test_calls_user_created_at_idx on private.ai_test_calls (user_id, created_at);

revoke all on private.ai_test_calls from public, anon, authenticated, service_role;
revoke all on sequence private.ai_test_calls_id_seq from public, anon, authenticated, service_role;

-- Seconds until the caller may test again, or null: then this test is counted and may run. One test at a
-- time per organisation decides (an advisory lock), so concurrent requests cannot all slip under a limit.
create function app.claim_ai_test()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
  v_user_id uuid := auth.uid();
  v_wait numeric;
begin
  if v_organization_id is null or v_user_id is null then
    raise exception 'forbidden' using errcode = '42501', detail = 'Only active members can test AI steps.';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('kollega.ai_test:' || v_organization_id::text, 0));
  delete from private.ai_test_calls c where c.organization_id = v_organization_id and c.created_at < now() - interval '1 hour';
  select greatest(
    (select extract(epoch from c.created_at + interval '1 minute' - now()) from private.ai_test_calls c
     where c.user_id = v_user_id and c.created_at > now() - interval '1 minute'
     order by c.created_at desc offset 9 limit 1),
    (select extract(epoch from c.created_at + interval '1 hour' - now()) from private.ai_test_calls c
     where c.organization_id = v_organization_id and c.created_at > now() - interval '1 hour'
     order by c.created_at desc offset 99 limit 1)
  ) into v_wait;
  if v_wait > 0 then
    return ceil(v_wait)::integer;
  end if;
  insert into private.ai_test_calls (organization_id, user_id) values (v_organization_id, v_user_id);
  return null;
end
$$;

revoke all on function app.claim_ai_test() from public, anon;
grant execute on function app.claim_ai_test() to authenticated, service_role;
