// The bell (docs/api.md "Notifications"): the caller's own notifications, which the database writes when a run
// of theirs fails, a task waits for them or their role, or a batch they started finishes
// (supabase/migrations/20261128200000_create_notifications.sql; RLS: a person reads and marks read only their
// own). GET /notifications/unread is the cheap question the bell asks every half minute (one index read);
// the list is read only when the bell is opened, a page at a time. Also the person's notification preferences.
import { Hono } from 'hono';
import { z } from 'zod';
import { markNotificationsReadSchema, notificationPreferencesSchema } from '../../_shared/schemas/notifications.ts';
import { HttpError } from '../../_shared/http.ts';
import type { AppNotification, NotificationPage, NotificationPreferences, UnreadNotifications } from '../../_shared/types/api.ts';
import type { Tx } from '../../_shared/db.ts';
import { type AppEnv, readJson, requireSession } from '../middleware.ts';
import { asCaller, readQuery } from '../resource.ts';

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_MAX = 50;

// A cursor is the last row's `created_at|id`, so a page after it is one index range (recipient_id, created_at).
const CURSOR = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)\|([0-9a-f-]{36})$/;

const listQuerySchema = z.strictObject({
  limit: z.coerce.number({ message: 'limit_invalid' }).int('limit_invalid').min(1, 'limit_invalid').max(NOTIFICATION_PAGE_MAX, 'limit_invalid')
    .default(NOTIFICATION_PAGE_SIZE),
  cursor: z.string().regex(CURSOR, 'cursor_invalid').optional(),
});

const unreadCount = async (tx: Tx) =>
  (await tx<{ unread: number }[]>`select count(*)::int as unread from public.notifications where read_at is null`)[0].unread;

export const notificationRoutes = new Hono<AppEnv>();

notificationRoutes.get('/notifications', requireSession, async (c) => {
  const { limit, cursor } = readQuery(c, listQuerySchema);
  const after = cursor ? CURSOR.exec(cursor) : null;
  const page = await asCaller(c, async (tx): Promise<NotificationPage> => {
    const rows = await tx<(AppNotification & { at: string })[]>`
      select id, kind, workflow_id as "workflowId", workflow_name as "workflowName", run_id as "runId", task_id as "taskId",
             batch_id as "batchId", details, read_at as "readAt", created_at as "createdAt",
             to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
      from public.notifications
      where recipient_id = (select auth.uid())
        and ${after ? tx`(created_at, id) < (${after[1]}::timestamptz, ${after[2]}::uuid)` : tx`true`}
      order by created_at desc, id desc
      limit ${limit + 1}`;
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(({ at: _at, ...item }) => item),
      unread: await unreadCount(tx),
      nextCursor: rows.length > limit && last ? `${last.at}|${last.id}` : null,
    };
  });
  return c.json(page);
});

notificationRoutes.get('/notifications/unread', requireSession, async (c) => {
  const body: UnreadNotifications = { unread: await asCaller(c, unreadCount) };
  return c.json(body);
});

/** Marks the given notifications (or all the caller's) read; answers the unread count left. */
notificationRoutes.post('/notifications/read', requireSession, async (c) => {
  const { ids } = await readJson(c, markNotificationsReadSchema);
  const unread = await asCaller(c, async (tx) => {
    await tx`update public.notifications set read_at = now()
             where read_at is null and ${ids ? tx`id in ${tx(ids)}` : tx`true`}`;
    return unreadCount(tx);
  });
  const body: UnreadNotifications = { unread };
  return c.json(body);
});

notificationRoutes.get('/notification-preferences', requireSession, async (c) => {
  const [row] = await asCaller(c, (tx) =>
    tx<NotificationPreferences[]>`select email_run_failed as "emailRunFailed", language from public.notification_preferences`);
  const body: NotificationPreferences = row ?? { emailRunFailed: false, language: c.get('lang') };
  return c.json(body);
});

/** Saves the caller's preferences; the e-mails' language is the app's language at the time (the request's). */
notificationRoutes.put('/notification-preferences', requireSession, async (c) => {
  const { emailRunFailed } = await readJson(c, notificationPreferencesSchema);
  const lang = c.get('lang');
  const [row] = await asCaller(c, (tx) =>
    tx<NotificationPreferences[]>`
      insert into public.notification_preferences (email_run_failed, language) values (${emailRunFailed}, ${lang})
      on conflict (profile_id) do update set email_run_failed = excluded.email_run_failed, language = excluded.language
      returning email_run_failed as "emailRunFailed", language`);
  if (!row) throw new HttpError(401, 'account_disabled');
  return c.json(row);
});
