-- Notifications (issue 23 item 2, docs/product.md "Notifications"): what the bell shows and what is e-mailed.
-- The database writes them, in the transaction of the change they tell of, so none is missed and none is made up:
--   run_failed      a run (not a test run) failed and will not be retried automatically. To the person the run is
--                   "of": whoever started it, or for a webhook or schedule run the person whose webhook or schedule
--                   it was; and to the workflow's creator (its owner), once each.
--   task_assigned   a task opened that waits for a person. A task whose step names approvers' roles goes to every
--                   active member with one of those roles (not to the run's starter when the step keeps them
--                   out); any other task goes to the person the run is of (human_tasks.starter_id).
--   batch_finished  a batch ran all its rows. To the person who started it.
-- Each person reads and marks read only their own, in their organisation (RLS); nobody inserts or deletes one.
-- A person's notification preferences (their own row) say whether a failure is also e-mailed, and in which
-- language; the e-mail waits in private.notification_emails, which only the runner's mail sender reads
-- (app.claim_notification_emails, app.finish_notification_email), so no request ever waits for SMTP.

create type public.notification_kind as enum ('run_failed', 'task_assigned', 'batch_finished');

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  kind public.notification_kind not null,
  workflow_id uuid references public.workflows (id) on delete cascade,
  -- The workflow's name when it happened (the list says what it was about even after a rename).
  workflow_name text not null default '' check (char_length(workflow_name) <= 200),
  run_id uuid references public.runs (id) on delete cascade,
  task_id uuid references public.human_tasks (id) on delete cascade,
  batch_id uuid references public.batches (id) on delete cascade,
  -- run_failed: { errorType }; task_assigned: { taskKind, title }; batch_finished: { completed, failed, skipped }.
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
  read_at timestamptz,
  created_at timestamptz not null default now()
);

-- The bell: a person's newest, and their unread count.
create index notifications_recipient_id_created_at_idx on public.notifications (recipient_id, created_at desc);
create index notifications_recipient_id_unread_idx on public.notifications (recipient_id) where read_at is null;
create index notifications_organization_id_idx on public.notifications (organization_id);
create index notifications_workflow_id_idx on public.notifications (workflow_id);
create index notifications_run_id_idx on public.notifications (run_id);
create index notifications_task_id_idx on public.notifications (task_id);
create index notifications_batch_id_idx on public.notifications (batch_id);

create table public.notification_preferences (
  profile_id uuid primary key default auth.uid() references public.profiles (id) on delete cascade,
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  -- E-mail me when a run of mine fails (the bell tells regardless).
  email_run_failed boolean not null default false,
  -- The language the e-mails are written in: the app's language when the person last saved their preferences.
  language text not null default 'sv' check (language in ('sv', 'en')),
  updated_at timestamptz not null default now()
);

create index notification_preferences_organization_id_idx on public.notification_preferences (organization_id);

create type private.notification_email_status as enum ('pending', 'sending', 'sent', 'failed');

create table private.notification_emails (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  notification_id uuid not null unique references public.notifications (id) on delete cascade,
  to_address text not null check (char_length(to_address) between 3 and 320),
  language text not null check (language in ('sv', 'en')),
  status private.notification_email_status not null default 'pending',
  attempts smallint not null default 0,
  claimed_at timestamptz,
  sent_at timestamptz,
  last_error text check (char_length(last_error) <= 1000),
  created_at timestamptz not null default now()
);

create index notification_emails_organization_id_idx on private.notification_emails (organization_id);
create index notification_emails_waiting_idx on private.notification_emails (created_at) where status in ('pending', 'sending');

create trigger notification_preferences_set_updated_at
  before update on public.notification_preferences
  for each row execute function private.set_updated_at();

-- One notification per recipient (active members of the run's organisation only), and its e-mail when the
-- recipient asked for one (p_email, run failures only).
create function private.notify(
  p_recipients uuid[],
  p_organization_id uuid,
  p_kind public.notification_kind,
  p_workflow_id uuid,
  p_run_id uuid,
  p_task_id uuid,
  p_batch_id uuid,
  p_details jsonb,
  p_email boolean default false
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_recipient record;
  v_notification_id uuid;
  v_workflow_name text := coalesce((select w.name from public.workflows w where w.id = p_workflow_id), '');
begin
  for v_recipient in
    select distinct p.id, p.email, np.email_run_failed, np.language
    from public.profiles p
    left join public.notification_preferences np on np.profile_id = p.id
    where p.id = any (p_recipients) and p.organization_id = p_organization_id and p.is_active
  loop
    insert into public.notifications (organization_id, recipient_id, kind, workflow_id, workflow_name, run_id, task_id, batch_id, details)
    values (p_organization_id, v_recipient.id, p_kind, p_workflow_id, v_workflow_name, p_run_id, p_task_id, p_batch_id, p_details)
    returning id into v_notification_id;
    if p_email and coalesce(v_recipient.email_run_failed, false) and v_recipient.email <> '' then
      insert into private.notification_emails (organization_id, notification_id, to_address, language)
      values (p_organization_id, v_notification_id, v_recipient.email, v_recipient.language);
    end if;
  end loop;
end;
$$;

-- The person a run is "of": its starter, or the owner of the webhook or schedule that started it.
create function private.run_owner(p_run public.runs)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    p_run.started_by,
    case p_run.trigger
      when 'webhook' then (select h.created_by from public.workflow_webhooks h where h.workflow_id = p_run.workflow_id)
      when 'schedule' then (select s.updated_by from public.workflow_schedules s where s.workflow_id = p_run.workflow_id)
    end)
$$;

-- A task's starter (20261126007000) is the same person, else the workflow's creator: one rule, not two copies.
create or replace function private.set_task_starter()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select coalesce(private.run_owner(r), w.created_by)
  into new.starter_id
  from public.runs r join public.workflows w on w.id = r.workflow_id
  where r.id = new.run_id;
  return new;
end;
$$;

-- After the automatic retry's trigger (runs_retry_technical_failure; triggers fire by name), so a failure that is
-- retried tells nobody yet: the run is pending again by then. Only the attempt that stays failed notifies.
create function private.notify_run_failed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.runs r where r.id = new.id and r.status = 'failed' and r.attempt = new.attempt) then
    return null;
  end if;
  perform private.notify(
    array[private.run_owner(new), (select w.created_by from public.workflows w where w.id = new.workflow_id)],
    new.organization_id, 'run_failed', new.workflow_id, new.id, null, null,
    jsonb_build_object('errorType', new.error_type), true);
  return null;
end;
$$;

create trigger runs_tell_failure
  after update of status on public.runs
  for each row
  when (new.status = 'failed' and old.status <> 'failed' and new.trigger <> 'test')
  execute function private.notify_run_failed();

create function private.notify_task_assigned()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_recipients uuid[];
begin
  if new.approvers ? 'roles' then
    select coalesce(array_agg(p.id), '{}') into v_recipients
    from public.profiles p
    where p.organization_id = new.organization_id and p.is_active
      and new.approvers -> 'roles' ? p.role::text
      and not (coalesce((new.approvers ->> 'notStarter')::boolean, false) and p.id is not distinct from new.starter_id);
  else
    v_recipients := array[new.starter_id];
  end if;
  perform private.notify(v_recipients, new.organization_id, 'task_assigned', new.workflow_id, new.run_id, new.id, null,
    jsonb_build_object('taskKind', new.kind, 'title', left(new.title, 200)));
  return null;
end;
$$;

create trigger human_tasks_tell_assigned
  after insert on public.human_tasks
  for each row
  when (new.status = 'open')
  execute function private.notify_task_assigned();

create function private.notify_batch_finished()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify(array[new.created_by], new.organization_id, 'batch_finished', new.workflow_id, null, null, new.id,
    (select jsonb_build_object(
       'completed', count(*) filter (where i.status = 'completed'),
       'failed', count(*) filter (where i.status = 'failed'),
       'skipped', count(*) filter (where i.status = 'skipped'))
     from public.batch_items i where i.batch_id = new.id));
  return null;
end;
$$;

create trigger batches_tell_finished
  after update of status on public.batches
  for each row
  when (new.status = 'completed' and old.status <> 'completed')
  execute function private.notify_batch_finished();

-- The runner's mail sender: up to p_limit e-mails to send now (pending, or claimed over five minutes ago by a
-- sender that died), each with what its text needs. Claimed rows are skipped by other senders (skip locked), so
-- each e-mail goes out once.
create function app.claim_notification_emails(p_limit integer default 20)
returns table (
  id uuid, to_address text, language text, kind public.notification_kind, workflow_name text, run_id uuid,
  details jsonb, created_at timestamptz
)
language sql
security definer
set search_path = ''
as $$
  with claimed as (
    update private.notification_emails e
    set status = 'sending', claimed_at = now(), attempts = e.attempts + 1
    where e.id in (
      select w.id from private.notification_emails w
      where w.status = 'pending' or (w.status = 'sending' and w.claimed_at < now() - interval '5 minutes')
      order by w.created_at
      limit greatest(p_limit, 0)
      for update skip locked)
    returning e.id, e.to_address, e.language, e.notification_id
  )
  select c.id, c.to_address, c.language, n.kind, n.workflow_name, n.run_id, n.details, n.created_at
  from claimed c join public.notifications n on n.id = c.notification_id
$$;

-- The sender's answer: sent (p_error null), or not: back to pending for a later try, failed after the fifth.
create function app.finish_notification_email(p_id uuid, p_error text default null)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.notification_emails
  set status = case when p_error is null then 'sent' when attempts >= 5 then 'failed' else 'pending' end::private.notification_email_status,
      sent_at = case when p_error is null then now() end,
      last_error = left(p_error, 1000)
  where id = p_id and status = 'sending'
$$;

revoke all on function private.notify(uuid[], uuid, public.notification_kind, uuid, uuid, uuid, uuid, jsonb, boolean) from public;
revoke all on function private.run_owner(public.runs) from public;
revoke all on function private.notify_run_failed() from public;
revoke all on function private.notify_task_assigned() from public;
revoke all on function private.notify_batch_finished() from public;
revoke all on function app.claim_notification_emails(integer) from public, anon, authenticated;
revoke all on function app.finish_notification_email(uuid, text) from public, anon, authenticated;
grant execute on function app.claim_notification_emails(integer) to kollega_runner, service_role;
grant execute on function app.finish_notification_email(uuid, text) to kollega_runner, service_role;

alter table public.notifications enable row level security;
revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;
grant update (read_at) on public.notifications to authenticated;
grant select, insert, update, delete on public.notifications to service_role;

create policy "members read their own notifications in their organisation"
  on public.notifications for select
  to authenticated
  using (recipient_id = (select auth.uid()) and organization_id = (select private.current_org_id()));

create policy "members mark their own notifications read"
  on public.notifications for update
  to authenticated
  using (recipient_id = (select auth.uid()) and organization_id = (select private.current_org_id()))
  with check (recipient_id = (select auth.uid()) and organization_id = (select private.current_org_id()));

alter table public.notification_preferences enable row level security;
revoke all on public.notification_preferences from anon, authenticated;
grant select on public.notification_preferences to authenticated;
grant insert (email_run_failed, language), update (email_run_failed, language) on public.notification_preferences to authenticated;
grant select, insert, update, delete on public.notification_preferences to service_role;

create policy "members read their own notification preferences"
  on public.notification_preferences for select
  to authenticated
  using (profile_id = (select auth.uid()) and organization_id = (select private.current_org_id()));

create policy "members create their own notification preferences"
  on public.notification_preferences for insert
  to authenticated
  with check (profile_id = (select auth.uid()) and organization_id = (select private.current_org_id()));

create policy "members change their own notification preferences"
  on public.notification_preferences for update
  to authenticated
  using (profile_id = (select auth.uid()) and organization_id = (select private.current_org_id()))
  with check (profile_id = (select auth.uid()) and organization_id = (select private.current_org_id()));

-- The outbox of e-mails, in the schema the Data API does not expose: nobody but the sender's functions reads or
-- writes it.
alter table private.notification_emails enable row level security;
revoke all on private.notification_emails from anon, authenticated;
