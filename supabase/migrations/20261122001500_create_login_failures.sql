-- Failed sign-ins, for the API's rate limit (it connects as postgres, inserts one row per failure and
-- counts recent rows per e-mail address and per client address). Not reachable by any API role.
create table private.login_failures (
  id bigserial primary key,
  email text not null,
  ip text,
  created_at timestamptz not null default now()
);

create index login_failures_email_created_at_idx on private.login_failures (email, created_at);
create index login_failures_ip_created_at_idx on private.login_failures (ip, created_at);

revoke all on private.login_failures from public, anon, authenticated, service_role;
revoke all on sequence private.login_failures_id_seq from public, anon, authenticated, service_role;
