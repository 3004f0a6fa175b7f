// The notifications' request bodies (supabase/functions/api/routes/notifications.ts), shared with the web app.
import { z } from 'zod';

/** POST /api/notifications/read: these notifications, or (no ids) all the caller's unread ones. */
export const markNotificationsReadSchema = z.strictObject({
  ids: z.array(z.uuid({ message: 'invalid_id' })).min(1).max(100).optional(),
});

/** PUT /api/notification-preferences: e-mail me when a run of mine fails (the language is the request's). */
export const notificationPreferencesSchema = z.strictObject({
  emailRunFailed: z.boolean(),
});
