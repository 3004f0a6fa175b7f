-- Element confirmations and heals (20261126004300, 20261126004400): the runner opens an element_confirmation
-- task with its candidate and the outlined screenshot and records a step's heal; members of the organisation
-- read them and decide the task ("yes" or "no") through app.decide_task; nobody else sees the screenshot or
-- decides; no member writes a screenshot or a heal by hand; a heal is saved as a new version (source heal) only
-- by someone who may edit the workflow.
begin;
select plan(19);
select tests.create_actors();

select tests.clear_authentication();
insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2050000-0000-4000-8000-000000000001', tests.org_id('admin'), tests.uid('member'), 'Spara formulär', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition) values
  (tests.org_id('admin'), 'b2050000-0000-4000-8000-000000000001', 1,
   '{"version":1,"steps":[{"id":"save","type":"click","description":"Klicka på Spara","selectors":["#save"]}]}');
update public.workflows set current_version = 1 where id = 'b2050000-0000-4000-8000-000000000001';
insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, started_by, status, step_count, started_at, runner_id, heartbeat_at, requires_manual_intervention) values
  ('f2050000-0000-4000-8000-000000000001', tests.org_id('admin'), 'b2050000-0000-4000-8000-000000000001', 1, 'manual', tests.uid('member'), 'paused', 1, now(), 'runner-205', now(), true);
insert into public.run_steps (id, organization_id, run_id, attempt, seq, step_index, step_id, step_type, description) values
  ('e2050000-0000-4000-8000-000000000001', tests.org_id('admin'), 'f2050000-0000-4000-8000-000000000001', 1, 0, 0, 'save', 'click', 'Klicka på Spara');

-- The runner opens the task with its candidate and screenshot (runner/src/decisions.ts).
select is((select count(*)::int from tests.as_runner(format($q$
  insert into public.human_tasks (id, organization_id, run_id, run_step_id, workflow_id, attempt, step_index, step_id, kind, title, instructions, options, handover_reason, candidate)
  values ('c2050000-0000-4000-8000-000000000001', %L, 'f2050000-0000-4000-8000-000000000001', 'e2050000-0000-4000-8000-000000000001', 'b2050000-0000-4000-8000-000000000001',
          1, 0, 'save', 'element_confirmation', 'Klicka på Spara', 'no element matched #save', '[{"value":"yes","label":"Ja, det är rätt"},{"value":"no","label":"Nej"}]',
          'below_threshold', '{"describe":"button \"Spara ändringar\"","role":"button","name":"Spara ändringar","score":0.7,"threshold":0.9,"why":"below_threshold","selectors":["#save-changes"]}')
  returning id $q$, tests.org_id('admin')))), 1, 'the runner opens an element confirmation with its candidate');
select throws_ok(format($$ select tests.as_runner($q$
  insert into public.human_task_screenshots (human_task_id, organization_id, jpeg) values ('c2050000-0000-4000-8000-000000000001', %L, '\xffd8') $q$) $$, tests.org_id('outsider_admin')),
  '23503', null, 'a task screenshot belongs to the task''s own organisation');
select is((select count(*)::int from tests.as_runner(format($q$
  insert into public.human_task_screenshots (human_task_id, organization_id, jpeg) values ('c2050000-0000-4000-8000-000000000001', %L, '\xffd8ffd9') returning human_task_id $q$,
  tests.org_id('admin')))), 1, 'the runner stores the outlined screenshot beside the task');
select throws_ok(format($$ select tests.as_runner($q$
  insert into public.human_tasks (organization_id, run_id, workflow_id, attempt, step_index, step_id, kind, handover_reason)
  values (%L, 'f2050000-0000-4000-8000-000000000001', 'b2050000-0000-4000-8000-000000000001', 1, 0, 'save', 'element_confirmation', 'critical') $q$) $$, tests.org_id('admin')),
  '23514', null, 'an element confirmation without a candidate is refused');
select is((select count(*)::int from tests.as_runner($q$
  update public.run_steps set status = 'passed', finished_at = now(),
    heal = '{"reason":"confirmed","score":0.7,"threshold":0.9,"candidate":{"selectors":["#save-changes"]},"oldSelectors":["#save"],"newSelectors":["#save-changes","#save"]}'
  where id = 'e2050000-0000-4000-8000-000000000001' returning id $q$)), 1, 'the runner records the heal on the step');

-- Reading: the organisation's members; nobody else.
select tests.authenticate_as('member');
select is((select candidate ->> 'name' from public.human_tasks where id = 'c2050000-0000-4000-8000-000000000001'), 'Spara ändringar',
  'a member reads the candidate of their organisation''s task');
select is((select octet_length(jpeg) from public.human_task_screenshots), 4, 'a member reads the outlined screenshot');
select is((select heal ->> 'reason' from public.run_steps where id = 'e2050000-0000-4000-8000-000000000001'), 'confirmed', 'a member reads the step''s heal');
select throws_ok(format($$ insert into public.human_task_screenshots (human_task_id, organization_id, jpeg) values ('c2050000-0000-4000-8000-000000000001', %L, '\xffd8') $$, tests.org_id('admin')),
  '42501', null, 'a member cannot replace the screenshot a person decides on');
select throws_ok($$ update public.run_steps set heal = null $$, '42501', null, 'a member cannot change a recorded heal');
select tests.authenticate_as('outsider_admin');
select is_empty($$ select 1 from public.human_task_screenshots $$, 'an admin of another organisation sees no screenshot of it');
select is_empty($$ select 1 from public.human_tasks where id = 'c2050000-0000-4000-8000-000000000001' $$, 'an admin of another organisation sees not the task');
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.human_task_screenshots $$, '42501', null, 'an anonymous visitor cannot read task screenshots');

-- Deciding: not another organisation; a member, with yes or no only.
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.decide_task('c2050000-0000-4000-8000-000000000001', 'yes') $$, 'P0002', 'task_not_found',
  'an admin of another organisation cannot confirm the candidate');
select tests.authenticate_as('member');
select throws_ok($$ select app.decide_task('c2050000-0000-4000-8000-000000000001', 'maybe') $$, 'P0001', 'task_choice_invalid',
  'an element confirmation is answered yes or no');
select is((select decided_choice from app.decide_task('c2050000-0000-4000-8000-000000000001', 'yes')), 'yes', 'a member confirms the candidate');

-- A heal as a new version: not by another organisation; by the workflow's creator, marked as a heal.
select tests.authenticate_as('outsider_admin');
select throws_ok($$ select app.save_workflow_definition('b2050000-0000-4000-8000-000000000001',
  '{"version":1,"steps":[{"id":"save","type":"click","description":"x","selectors":["#evil"]}]}', 'heal') $$, 'P0002', 'workflow_not_found',
  'an admin of another organisation cannot save a heal into the workflow');
select tests.authenticate_as('member');
select is(app.save_workflow_definition('b2050000-0000-4000-8000-000000000001',
    '{"version":1,"steps":[{"id":"save","type":"click","description":"Klicka på Spara","selectors":["#save-changes","#save"]}]}', 'heal'),
  2, 'the workflow''s creator saves the heal as its next version');
select results_eq($$ select version, source from public.workflow_versions where workflow_id = 'b2050000-0000-4000-8000-000000000001' order by version $$,
  $$ values (1, 'editor'), (2, 'heal') $$, 'the heal version says where it came from, and the previous version stays');

select * from finish();
rollback;
