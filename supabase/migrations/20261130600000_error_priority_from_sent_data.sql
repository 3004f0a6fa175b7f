-- Error-queue priority from what the run did (issue 23: "priorities derived from the step"): a run whose failed
-- attempt had already sent data to the site (run_steps.sent_data, 20261130500000) waits as `high`: the site holds
-- part of the work (a saved form whose receipt check timed out), which a person must check before any retry, and
-- which the automatic retry withholds for the same reason. Test runs stay `low`, a decision's stop `high`, every
-- other failure `medium`, as before. The function is 20261126004200's with only the priority changed.

create or replace function private.after_run_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_workflow_name text;
  v_step_id text;
  v_decision jsonb;
begin
  select w.name into v_workflow_name from public.workflows w where w.id = new.workflow_id;

  if tg_op = 'INSERT' then
    perform private.write_audit(new.organization_id, 'workflow_executed', v_workflow_name, 'run', new.workflow_id, new.id,
      jsonb_build_object('trigger', new.trigger, 'version', new.workflow_version));
    return null;
  end if;

  if new.status in ('completed', 'failed', 'stopped') and old.status not in ('completed', 'failed', 'stopped') then
    if new.status = 'stopped' then
      -- The decision that stopped it, as its step recorded it (the runner writes the step before the run ends).
      select s.decision into v_decision from public.run_steps s
      where s.run_id = new.id and s.attempt = new.attempt and s.step_index = new.failed_step
      order by s.seq desc limit 1;
    end if;
    perform private.write_audit(new.organization_id,
      case new.status when 'completed' then 'run_completed' when 'stopped' then 'run_stopped' else 'run_failed' end,
      v_workflow_name, 'run', new.workflow_id, new.id,
      jsonb_strip_nulls(jsonb_build_object('attempt', new.attempt, 'errorType', new.error_type,
        'step', case when new.failed_step is null then null else new.failed_step + 1 end,
        'choice', v_decision ->> 'choice', 'label', v_decision ->> 'label', 'decidedBy', v_decision ->> 'by',
        'decidedByUserId', v_decision -> 'details' -> 'person' ->> 'userId',
        'durationMs', (extract(epoch from new.finished_at - coalesce(new.started_at, new.created_at)) * 1000)::bigint)));

    if (new.status = 'failed' and new.error_type is distinct from 'stopped') or new.status = 'stopped' then
      select v.definition -> 'steps' -> new.failed_step ->> 'id' into v_step_id
      from public.workflow_versions v
      where v.workflow_id = new.workflow_id and v.version = new.workflow_version;
      insert into public.error_queue_items (organization_id, workflow_id, execution_id, step_id, step_index, error_type, error_message, priority)
      values (new.organization_id, new.workflow_id, new.id, v_step_id, new.failed_step,
              case when new.status = 'stopped' then 'stopped_by_decision' else coalesce(new.error_type, 'unknown_error') end,
              coalesce(new.error_message, ''),
              case
                when new.trigger = 'test' then 'low'
                when new.status = 'stopped' then 'high'
                -- The site received data from this attempt before it failed (a form saved, then a check that failed):
                -- the work is half done there, and a person must see what the site got before anything runs again.
                when exists (select 1 from public.run_steps s where s.run_id = new.id and s.attempt = new.attempt and s.sent_data) then 'high'
                else 'medium'
              end::public.error_priority);
    end if;

    -- A person's stop says nothing about how well the workflow works: it does not count. A decision's stop
    -- counts as a finished run that did not complete.
    if new.trigger <> 'test' and new.error_type is distinct from 'stopped' then
      -- run_count counts finished attempts; success_rate is the share completed of the last 100 (test runs and stops by people aside).
      update public.workflows w
      set run_count = w.run_count + 1,
          success_rate = (
            select round(100.0 * count(*) filter (where r.status = 'completed') / nullif(count(*), 0), 2)
            from (
              select status from public.runs
              where workflow_id = new.workflow_id and status in ('completed', 'failed', 'stopped') and trigger <> 'test'
                and error_type is distinct from 'stopped'
              order by created_at desc
              limit 100
            ) r
          )
      where w.id = new.workflow_id;
    end if;
  end if;
  return null;
end;
$$;
