-- Failed sign-ins older than the limits' window are deleted with every new failure (routes/auth.ts,
-- recordLoginFailure): this index keeps that delete from reading the whole table.
create index login_failures_created_at_idx on private.login_failures (created_at);
