-- Indexes for the list reads of the data API beyond the newest-first ones created with the tables
-- (workflows and audit_activities by (organization_id, created_at desc)):
--  - the workflow-performance lists, most recently run first;
--  - the audit trail filtered by actor or by action, newest first (at 1M rows a filter on the
--    organisation index alone reads far too many rows).
create index workflows_organization_id_last_run_at_idx
  on public.workflows (organization_id, last_run_at desc nulls last, id);
create index audit_activities_organization_id_user_id_created_at_idx
  on public.audit_activities (organization_id, user_id, created_at desc);
create index audit_activities_organization_id_action_created_at_idx
  on public.audit_activities (organization_id, action, created_at desc);
