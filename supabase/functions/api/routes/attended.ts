// Attended runs (docs/automation.md "Attended runs"): a run that executes in a tab of the person's own browser.
// The person's extension connects to the runner's relay (KOLLEGA_RELAY_URL) with a short-lived token from here;
// only the token's SHA-256 is stored (private.attended_tokens), and the runner's relay checks it once
// (app.runner_claim_attended_run). Starting an attended run and reconnecting a paused one are SQL functions that
// check the organisation, the person and the workflow's run location (20261128100000).
import { Hono } from 'hono';
import { z } from 'zod';
import { HttpError, validate } from '../../_shared/http.ts';
import { t } from '../../_shared/i18n.ts';
import type { AttendedConnection } from '../../_shared/types/api.ts';
import { type AppEnv, requireSession } from '../middleware.ts';
import { asCaller, jsonParam, pathId } from '../resource.ts';
import { storeRunFiles, withFiles } from '../input-files.ts';
import { currentDefinition, runInputs } from '../run-inputs.ts';
import { givenInputsSchema, readRunBody } from './workflows.ts';

/** How long a relay token may wait for the extension to connect. */
export const ATTENDED_TOKEN_TTL_SECONDS = 600;

const startBodySchema = z.strictObject({
  inputs: givenInputsSchema.default({}),
  test: z.boolean({ message: 'invalid_data' }).default(false),
});

/** The relay's public address (wss:// in production); a deployment without it cannot run attended. */
function relayUrl(): string {
  const url = Deno.env.get('KOLLEGA_RELAY_URL')?.trim();
  if (!url || !/^wss?:\/\//.test(url)) throw new HttpError(503, 'attended_unavailable');
  return url;
}

/** A new random token (base64url, 256 bits) and its SHA-256, the only part the database keeps. */
async function newToken(): Promise<{ token: string; hash: Uint8Array }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return { token, hash };
}

export const attendedRoutes = new Hono<AppEnv>();

// Starts an attended run of the workflow's current version: 201 with where and how the extension connects. With
// file inputs the body is multipart as for "Kör nu" (the JSON in the part `json`, each file in `file.<input>`): the
// files are stored encrypted with the run in the same transaction, and the runner sets them in the person's tab.
attendedRoutes.post('/workflows/:id/attended-runs', requireSession, async (c) => {
  const id = pathId(c);
  const lang = c.get('lang');
  const { body, files } = await readRunBody(c);
  const { inputs: given, test } = validate(body, startBodySchema, lang);
  const url = relayUrl();
  const { token, hash } = await newToken();
  const [row] = await asCaller(c, async (tx) => {
    const definition = await currentDefinition(tx, id);
    const withFile = withFiles(definition, given, files, lang);
    const inputs = runInputs(definition, withFile.given, lang);
    const started = await tx<{ runId: string; expiresAt: string }[]>`
      select run_id as "runId", expires_at as "expiresAt"
      from app.start_attended_run(${id}, ${jsonParam(tx, inputs)}, ${test}, ${hash}, ${ATTENDED_TOKEN_TTL_SECONDS})`;
    await storeRunFiles(tx, started[0].runId, withFile.files);
    return started;
  });
  return c.json({ runId: row.runId, relayUrl: url, token, expiresAt: row.expiresAt } satisfies AttendedConnection, 201);
});

// A new token to connect a paused (or not yet connected) attended run again: only the person whose browser it
// runs in, or an admin.
attendedRoutes.post('/runs/:id/attended', requireSession, async (c) => {
  const id = pathId(c);
  const url = relayUrl();
  const { token, hash } = await newToken();
  try {
    const [row] = await asCaller(c, (tx) =>
      tx<{ expiresAt: string }[]>`select app.reconnect_attended_run(${id}, ${hash}, ${ATTENDED_TOKEN_TTL_SECONDS}) as "expiresAt"`
    );
    return c.json({ runId: id, relayUrl: url, token, expiresAt: row.expiresAt } satisfies AttendedConnection);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'run_state_invalid') {
      throw new HttpError(409, 'run_state_invalid', { message: t(c.get('lang'), 'attended_cannot_reconnect'), cause: error });
    }
    throw error;
  }
});
