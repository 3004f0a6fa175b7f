-- Column-level grants for the runs tables (issue 21, "Browser isolation": the runner's role and members get
-- only the columns they use).
--
-- Members: `runs.variables` holds what a run read from pages (unmasked page data kept for a retry). The api
-- never shows it, so it is not readable through the Data API either: every other column stays readable.
revoke select on public.runs from authenticated;
do $$
declare
  v_columns text;
begin
  select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into v_columns
  from pg_attribute a
  where a.attrelid = 'public.runs'::regclass and a.attnum > 0 and not a.attisdropped and a.attname <> 'variables';
  execute format('grant select (%s) on public.runs to authenticated', v_columns);
end;
$$;

-- The runner (kollega_runner): it moves a run through its states and records its progress, and writes step
-- results and screenshots (a step result is written once as an attempt's, fenced: 20261126005000). It cannot change whose run it is, what it runs (workflow, version, inputs), its
-- attempt or where it starts: those belong to the person and to app.start_run / app.retry_run.
revoke update on public.runs from kollega_runner;
grant update (status, runner_id, heartbeat_at, started_at, finished_at, current_step, current_step_description,
  completed_steps, variables, min_ai_confidence, requires_manual_intervention, error_type, error_message, failed_step)
  on public.runs to kollega_runner;

revoke update on public.run_steps from kollega_runner;
grant update (status, finished_at, duration_ms, error_type, error_message, log, extracted, decision, has_screenshot, heal)
  on public.run_steps to kollega_runner;

revoke update on public.run_screenshots from kollega_runner;
