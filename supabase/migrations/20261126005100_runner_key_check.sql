-- A runner's self-check before it takes any job (AUTOMATION "Trust: Once.", issue 20): it proves that its
-- KOLLEGA_SECRETS_KEY decrypts what the api function encrypted. The canary is the most recently set secret of
-- any organisation (so a rotated key is checked against a value written with it); only true or false leaves
-- the function, never a value. Null when no secret exists yet: there is nothing to prove the key against.
create function app.runner_key_check(p_key text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_canary bytea;
begin
  select s.value into v_canary from public.secrets s order by s.updated_at desc, s.id limit 1;
  if v_canary is null then
    return null;
  end if;
  begin
    perform extensions.pgp_sym_decrypt(v_canary, p_key);
  exception when others then
    return false;
  end;
  return true;
end;
$$;

revoke all on function app.runner_key_check(text) from public, anon, authenticated;
grant execute on function app.runner_key_check(text) to kollega_runner;
