-- A run that a decision stopped (an ai_decision option with `then: "stop"`, chosen by the AI or a person) ends
-- in a state of its own, `stopped` ("Stoppad för granskning"), instead of `completed`: the steps after the
-- decision never ran, so it is no success, and a person reviews it (docs/automation.md "Runs"). A person's
-- Stop keeps its meaning: `failed` with error type `stopped`.
--
-- Only the new value here: Postgres lets a transaction use an enum value only after the one that added it has
-- committed, so what uses it follows in 20261126004200.
alter type public.run_status add value if not exists 'stopped' after 'failed';
