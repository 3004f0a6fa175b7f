-- The values a step actually used (issue 25 item 1): the step with this run's inputs and variables in place of
-- its templates, so run details say what this run typed, not what was recorded. Written by the runner at the
-- step's end (runner/src/engine/used-step.ts): never a secret (`{{secret.X}}` stays as written, secret values
-- are masked), compact (the fields a sentence about the step needs). Null for steps recorded before.
alter table public.run_steps
  add column used jsonb check (used is null or (jsonb_typeof(used) = 'object' and pg_column_size(used) <= 16384));

grant update (used) on public.run_steps to kollega_runner;
