-- A person confirms the element a step should act on (docs/automation.md "Confirming a candidate and heals"):
-- when a step's recorded selectors disagree or find nothing and the best candidate on the page scores below the
-- step's healThreshold (or the step is critical), the runner asks a person on a screenshot instead of failing.
--
-- Only the new value here: Postgres lets a transaction use an enum value only after the one that added it has
-- committed, so what uses it follows in 20261126004400.
alter type public.human_task_kind add value if not exists 'element_confirmation' after 'manual_step';
