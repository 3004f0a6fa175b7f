-- The lists page by keyset (docs/api.md "Lists and pages"): each page is the rows after the previous page's
-- last (sort key, id), in the order (sort key desc, id desc) or, for users, (created_at, id). These indexes end
-- in id, so a page is one index range in exactly the list's order, however deep, and rows that share a
-- created_at keep their order across pages. Each replaces the index it extends (same leading columns).
create index workflows_organization_id_created_at_id_idx on public.workflows (organization_id, created_at desc, id desc);
drop index public.workflows_organization_id_created_at_idx;

create index runs_organization_id_created_at_id_idx on public.runs (organization_id, created_at desc, id desc);
drop index public.runs_organization_id_created_at_idx;
create index runs_workflow_id_created_at_id_idx on public.runs (workflow_id, created_at desc, id desc);
drop index public.runs_workflow_id_created_at_idx;

create index error_queue_items_organization_id_status_created_at_id_idx
  on public.error_queue_items (organization_id, status, created_at desc, id desc);
drop index public.error_queue_items_organization_id_status_created_at_idx;
-- The queue without a status filter (every item, newest first).
create index error_queue_items_organization_id_created_at_id_idx on public.error_queue_items (organization_id, created_at desc, id desc);

create index profiles_organization_id_created_at_id_idx on public.profiles (organization_id, created_at, id);

create index batches_workflow_id_created_at_id_idx on public.batches (workflow_id, created_at desc, id desc);
drop index public.batches_workflow_id_created_at_idx;
