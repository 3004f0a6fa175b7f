-- Fencing (AUTOMATION "Trust: Once.", issue 20): every write of a run belongs to one attempt of one runner.
-- The runner's statements (runner/src/db.ts) already say which: they write only where the run is still at
-- their attempt, held by their runner id, and running or paused (its lease). This is the database's own
-- backstop for the tables that record an attempt's work: a step result or a human task of an attempt that
-- is no longer the run's current one is refused, whoever in the runner's code writes it, so a runner that
-- comes back after its run was swept and retried (attempt 2 on another runner) cannot add to attempt 1's
-- log or ask a person about it. Only the runner's role is fenced: an operator (postgres, seeds, tests)
-- writes what it likes.
create function private.fence_attempt()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'kollega_runner'
     and not exists (select 1 from public.runs r where r.id = new.run_id and r.attempt = new.attempt) then
    raise exception 'attempt_superseded' using errcode = '55000',
      detail = format('Run %s is no longer at attempt %s: that attempt may not write.', new.run_id, new.attempt);
  end if;
  return new;
end;
$$;

create trigger run_steps_fence_attempt
  before insert or update on public.run_steps
  for each row execute function private.fence_attempt();

create trigger human_tasks_fence_attempt
  before insert on public.human_tasks
  for each row execute function private.fence_attempt();

revoke all on function private.fence_attempt() from public;
