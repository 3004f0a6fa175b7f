// Webhooks (AUTOMATION "API additions"): a workflow's editors create (or replace) and delete its webhook,
// and may turn on a signing secret; other systems start a run by POSTing to it. The token (32 random
// bytes, base64url) is shown once; the database keeps only its SHA-256 (app.create_workflow_webhook).
//
// POST /api/hooks with `Authorization: Bearer <token>` is the way to call a webhook: the token stays out of
// URLs (and so out of access logs). POST /api/hooks/{token}, the token in the path, is kept for URLs made
// before (legacy). Neither has a session or a CSRF check (middleware.ts exempts both paths): the token is
// the credential. With signing on, the call must carry `X-Kollega-Signature: sha256=<hex>`, the
// HMAC-SHA256 of the raw body under the webhook's signing secret (checked in constant time), else 401.
//
// Limits (docs/api.md "Webhook limits"): HOOK_RATE_LIMIT calls a minute per token (also for unknown
// tokens) and HOOK_ADDRESS_RATE_LIMIT per client address, counted in Postgres (app.check_webhook_call) so
// every api instance counts the same calls. If the count cannot be checked the call is refused (503):
// the limits fail closed.
import { type Context, Hono } from 'hono';
import { db } from '../../_shared/db.ts';
import { fromDbError } from '../../_shared/db-errors.ts';
import { HttpError, parseJson, validate } from '../../_shared/http.ts';
import type { CreatedWebhook, WebhookSigningSecret } from '../../_shared/types/api.ts';
import { type AppEnv, clientAddress, MAX_BODY_BYTES, MAX_HOOK_BODY_BYTES, requireSession } from '../middleware.ts';
import { asCaller, pathId } from '../resource.ts';
import { givenInputsSchema } from './workflows.ts';
import { runInputs } from '../run-inputs.ts';
import { type Definition, definitionSchema } from '../../_shared/schemas/definition.ts';
import { fileInputs, payloadFiles, storeWebhookFiles, withFiles } from '../input-files.ts';

/** 32 bytes in base64url without padding. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const HOOK_RATE_LIMIT = 60;
/** Calls a minute from one client address, whatever the token (guesses of tokens included). */
export const HOOK_ADDRESS_RATE_LIMIT = positiveInteger(Deno.env.get('HOOK_ADDRESS_RATE_LIMIT'), 600);
export const SIGNATURE_HEADER = 'X-Kollega-Signature';
/** Retry-After when the limit check failed (the database did not answer in time). */
const UNAVAILABLE_RETRY_SECONDS = 30;

function positiveInteger(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function randomBase64url(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}


export const hookRoutes = new Hono<AppEnv>();

/** The app's origin for the URLs shown: the request's Origin, else SITE_URL, else the api's own. */
function publicOrigin(c: { req: { header(name: string): string | undefined; url: string } }): string {
  const site = Deno.env.get('SITE_URL');
  return c.req.header('origin') ?? (site && URL.canParse(site) ? new URL(site).origin : new URL(c.req.url).origin);
}

hookRoutes.post('/workflows/:id/webhook', requireSession, async (c) => {
  const id = pathId(c);
  const token = randomBase64url();
  const [row] = await asCaller(
    c,
    (tx) =>
      tx<{ createdAt: string; signed: boolean }[]>`
        select created_at as "createdAt", signed from app.create_workflow_webhook(${id}, ${token})`,
  );
  const origin = publicOrigin(c);
  const created: CreatedWebhook = {
    url: `${origin}/api/hooks`,
    token,
    legacyUrl: `${origin}/api/hooks/${token}`,
    signed: row.signed,
    createdAt: row.createdAt,
  };
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

/** Turns signing on with a new secret (shown once; a previous secret stops working), or renews it. */
hookRoutes.put('/workflows/:id/webhook/signing', requireSession, async (c) => {
  const id = pathId(c);
  const secret = `whsec_${randomBase64url()}`;
  const [{ set }] = await asCaller(c, (tx) => tx<{ set: boolean }[]>`select app.set_workflow_webhook_signing(${id}, ${secret}) as set`);
  if (!set) throw new HttpError(404, 'not_found');
  const body: WebhookSigningSecret = { signingSecret: secret, header: SIGNATURE_HEADER };
  return c.json(body, 200);
});

hookRoutes.delete('/workflows/:id/webhook/signing', requireSession, async (c) => {
  const id = pathId(c);
  const [{ set }] = await asCaller(c, (tx) => tx<{ set: boolean }[]>`select app.set_workflow_webhook_signing(${id}, null) as set`);
  if (!set) throw new HttpError(404, 'not_found');
  return c.body(null, 204);
});

const encoder = new TextEncoder();

/** Whether `header` is `sha256=<hex>` of the HMAC-SHA256 of `body` under `secret` (crypto.subtle.verify: constant time). */
export async function validSignature(secret: string, body: Uint8Array<ArrayBuffer>, header: string | undefined): Promise<boolean> {
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!hex) return false;
  const signature = new Uint8Array(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  return crypto.subtle.verify('HMAC', key, signature, body);
}

/** Counts the call and looks the token up; any failure of the check refuses the call (fail closed). */
async function checkCall(token: string, address: string | null) {
  try {
    const sql = db();
    const [row] = await sql<{ retryAfter: number; known: boolean | null; signingSecret: string | null }[]>`
      select retry_after as "retryAfter", known, signing_secret as "signingSecret"
      from app.check_webhook_call(${token}, ${address}, ${HOOK_RATE_LIMIT}, ${HOOK_ADDRESS_RATE_LIMIT})`;
    if (!row) throw new Error('no answer from app.check_webhook_call');
    return row;
  } catch (error) {
    console.error('[api] webhook limit check failed, call refused:', error instanceof Error ? error.message : error);
    throw new HttpError(503, 'webhook_limit_unavailable', { headers: { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) } });
  }
}

async function trigger(c: Context<AppEnv>, token: string, legacy: boolean) {
  const { retryAfter, known, signingSecret } = await checkCall(token, clientAddress(c));
  if (retryAfter > 0) throw new HttpError(429, 'webhook_rate_limited', { headers: { 'Retry-After': String(retryAfter) }, vars: { seconds: retryAfter } });
  if (!known) throw legacy ? new HttpError(404, 'not_found') : new HttpError(401, 'webhook_token_invalid', { headers: BEARER_CHALLENGE });

  // The workflow's declared inputs: a payload may carry files (base64, up to MAX_HOOK_BODY_BYTES) only for a workflow
  // with file inputs; any other payload keeps the usual 64 KB.
  const definition = await webhookDefinition(token);
  const limit = fileInputs(definition).length ? MAX_HOOK_BODY_BYTES : MAX_BODY_BYTES;
  if (Number(c.req.header('content-length') ?? 0) > limit) throw new HttpError(413, 'payload_too_large');
  const raw = new Uint8Array(await c.req.arrayBuffer());
  if (raw.byteLength > limit) throw new HttpError(413, 'payload_too_large');
  if (signingSecret) {
    const header = c.req.header(SIGNATURE_HEADER);
    if (!header) throw new HttpError(401, 'webhook_signature_missing');
    if (!(await validSignature(signingSecret, raw, header))) throw new HttpError(401, 'webhook_signature_invalid');
  }
  const text = new TextDecoder().decode(raw);
  const lang = c.get('lang');
  const payload = validate(text.trim() ? parseJson(text) : {}, givenInputsSchema, lang);

  // The payload against the workflow's declared inputs: an object where text is expected is a 400 naming the field;
  // a file input's value is a file in base64 (input-files.ts), stored with the run in the transaction that starts it.
  const { given, files } = withFiles(definition, payload, payloadFiles(definition, payload, lang), lang);
  const inputs = runInputs(definition, given, lang);
  let runId: string | null;
  try {
    runId = await db().begin(async (sql) => {
      const [{ runId }] = await sql<{ runId: string | null }[]>`select app.trigger_webhook(${token}, ${sql.json(inputs)}) as "runId"`;
      if (runId) await storeWebhookFiles(sql, token, runId, files);
      return runId;
    });
  } catch (error) {
    throw fromDbError(error);
  }
  if (!runId) throw legacy ? new HttpError(404, 'not_found') : new HttpError(401, 'webhook_token_invalid', { headers: BEARER_CHALLENGE });
  return c.json({ executionId: runId }, 202);
}

const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="kollega-webhook"' };

/** The current definition of the webhook's workflow (null without a valid one). */
async function webhookDefinition(token: string): Promise<Definition | null> {
  try {
    const [current] = await db()<{ definition: unknown }[]>`select app.webhook_definition(${token}) as definition`;
    const parsed = definitionSchema.safeParse(current?.definition);
    return parsed.success ? parsed.data : null;
  } catch (error) {
    throw fromDbError(error);
  }
}

/** The token of `Authorization: Bearer <token>`. */
function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
}

hookRoutes.post('/hooks', (c) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new HttpError(401, 'webhook_token_missing', { headers: BEARER_CHALLENGE });
  if (!TOKEN.test(token)) throw new HttpError(401, 'webhook_token_invalid', { headers: BEARER_CHALLENGE });
  return trigger(c, token, false);
});

/** Legacy: the token in the path (URLs made before the header form; the path ends up in access logs). */
hookRoutes.post('/hooks/:token', (c) => {
  const token = c.req.param('token');
  if (!TOKEN.test(token)) throw new HttpError(404, 'not_found');
  return trigger(c, token, true);
});
