// Webhooks (AUTOMATION "API additions"): a workflow's editors create (or replace) and delete its webhook
// URL; other systems start a run by POSTing to it. The URL's token (32 random bytes, base64url) is shown
// once; the database keeps only its SHA-256 (app.create_workflow_webhook).
//
// POST /api/hooks/{token} has no session and no CSRF check (middleware.ts exempts the path): the token is
// the credential. It runs app.trigger_webhook as the pool's role (there is no user). A token of the wrong
// shape is a 404 without a query; each token may be called 60 times a minute (per api instance, in memory).
import { Hono } from 'hono';
import { z } from 'zod';
import { db } from '../../_shared/db.ts';
import { fromDbError } from '../../_shared/db-errors.ts';
import { HttpError, parseJson, validate } from '../../_shared/http.ts';
import type { CreatedWebhook } from '../../_shared/types/api.ts';
import { type AppEnv, requireSession } from '../middleware.ts';
import { asCaller, pathId } from '../resource.ts';
import { runInputsSchema } from './workflows.ts';

/** 32 bytes in base64url without padding. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const HOOK_RATE_LIMIT = 60;
export const HOOK_RATE_WINDOW_MS = 60_000;
const MAX_TRACKED_TOKENS = 10_000;

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Calls per token in the current window (a fixed one-minute window per token). */
const windows = new Map<string, { start: number; count: number }>();

/** Seconds until the token may call again, or 0 when this call is within the limit (and counted). */
function throttle(token: string, now = Date.now()): number {
  if (windows.size >= MAX_TRACKED_TOKENS) {
    for (const [key, window] of windows) if (now - window.start >= HOOK_RATE_WINDOW_MS) windows.delete(key);
  }
  const window = windows.get(token);
  if (!window || now - window.start >= HOOK_RATE_WINDOW_MS) {
    if (windows.size < MAX_TRACKED_TOKENS) windows.set(token, { start: now, count: 1 });
    return 0;
  }
  window.count += 1;
  return window.count > HOOK_RATE_LIMIT ? Math.ceil((window.start + HOOK_RATE_WINDOW_MS - now) / 1000) : 0;
}

/** The payload: a JSON object; its text, number and boolean values become the run's inputs (as text). */
const payloadSchema = z.record(z.string(), z.unknown(), { message: 'invalid_input' });

export const hookRoutes = new Hono<AppEnv>();

hookRoutes.post('/workflows/:id/webhook', requireSession, async (c) => {
  const id = pathId(c);
  const token = newToken();
  const [row] = await asCaller(
    c,
    (tx) => tx<{ createdAt: string }[]>`select created_at as "createdAt" from app.create_workflow_webhook(${id}, ${token})`,
  );
  const site = Deno.env.get('SITE_URL');
  const origin = c.req.header('origin') ?? (site && URL.canParse(site) ? new URL(site).origin : new URL(c.req.url).origin);
  const created: CreatedWebhook = { url: `${origin}/api/hooks/${token}`, token, createdAt: row.createdAt };
  return c.json(created, 201);
});

hookRoutes.delete('/workflows/:id/webhook', requireSession, async (c) => {
  const id = pathId(c);
  const [{ deleted }] = await asCaller(
    c,
    (tx) => tx<{ deleted: boolean }[]>`select app.delete_workflow_webhook(${id}) as deleted`,
  );
  if (!deleted) throw new HttpError(404, 'not_found');
  return c.body(null, 204);
});

hookRoutes.post('/hooks/:token', async (c) => {
  const token = c.req.param('token');
  if (!TOKEN.test(token)) throw new HttpError(404, 'not_found');
  const wait = throttle(token);
  if (wait) throw new HttpError(429, 'rate_limited', { headers: { 'Retry-After': String(wait) } });

  const text = await c.req.text();
  const lang = c.get('lang');
  const payload = validate(text.trim() ? parseJson(text) : {}, payloadSchema, lang);
  const scalars = Object.entries(payload).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value));
  const inputs = validate(Object.fromEntries(scalars.map(([name, value]) => [name, String(value)])), runInputsSchema, lang);

  let runId: string | null;
  try {
    const sql = db();
    [{ runId }] = await sql<{ runId: string | null }[]>`select app.trigger_webhook(${token}, ${sql.json(inputs)}) as "runId"`;
  } catch (error) {
    throw fromDbError(error);
  }
  if (!runId) throw new HttpError(404, 'not_found');
  return c.json({ executionId: runId }, 202);
});
