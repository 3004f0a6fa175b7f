-- The security-definer functions the api function calls (set_default_payment_method, run_workflow,
-- install_template) move out of `public`, which the Data API exposes, into `app`, which it does not
-- (supabase/config.toml [api] schemas = ["public"]). They are still called over SQL by the signed-in
-- user's transaction (withUser), so `authenticated` keeps USAGE on the schema and EXECUTE on exactly
-- these three; nobody can reach them through PostgREST's /rpc. (Supabase advisor lint 0029.)

create schema app;
comment on schema app is 'Narrow SQL functions the api edge function calls as the signed-in user; never exposed through the Data API.';
revoke all on schema app from public;
grant usage on schema app to authenticated, service_role;

alter function public.set_default_payment_method(uuid) set schema app;
alter function public.run_workflow(uuid) set schema app;
alter function public.install_template(uuid) set schema app;

-- Moving keeps each function's ACL: execute for authenticated and service_role only (see their migrations).
