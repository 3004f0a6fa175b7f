// A runner checks itself before it takes any job (runner/src/self-check.ts, issue 20), against the stack's
// database as kollega_runner and Debian's Chromium: with the api's secrets key and a browser it passes; with
// another key, or a browser that does not start, it says what is wrong (and the runner then takes no job).
// A definition that no longer parses after the claim fails its run at once as definition_invalid, through the
// api and the stack's runner, instead of runner_lost 45 s later. A runner process without a browser takes
// none of the runs queued meanwhile (the stack's runner does them all), and says why in its log.
// Needs a running stack with a runner (npm test starts one): API_URL, DB_URL, RUNNER_DB_URL.
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SECRETS_KEY } from '../../dev/lib/config.ts';
import { checkRunner } from '../src/self-check.ts';
import { Session } from './api-session.ts';

const admin = postgres(process.env.DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:55322/postgres', { max: 2, onnotice: () => {} });
const runnerSql = postgres(process.env.RUNNER_DB_URL ?? 'postgresql://kollega_runner:postgres@127.0.0.1:55322/postgres', { max: 2, onnotice: () => {} });
const session = new Session();
const browsers: Array<{ close(): Promise<void> }> = [];

const realBrowser = async () => {
  const browser = await chromium.launch({ executablePath: process.env.KOLLEGA_CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  browsers.push(browser);
  return browser.newContext();
};

beforeAll(async () => {
  await session.registerCompany('Sjalvkoll');
  // The canary: a secret the api encrypted with its key.
  expect((await session.request('POST', '/secrets', { name: 'KANARIE', value: 'kvitter', origins: ['https://kanarie.example'] })).status).toBe(201);
}, 180_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
  await Promise.all([admin.end(), runnerSql.end()]);
});

it("passes with the api's secrets key and a browser that opens a page", async () => {
  expect(await checkRunner({ sql: runnerSql, secretsKey: SECRETS_KEY, newContext: realBrowser })).toBeUndefined();
}, 60_000);

it('fails with a secrets key that does not decrypt the canary', async () => {
  expect(await checkRunner({ sql: runnerSql, secretsKey: 'not-the-api-key', newContext: realBrowser })).toMatch(/KOLLEGA_SECRETS_KEY does not decrypt/);
}, 60_000);

it('fails when the browser does not start', async () => {
  const missing = async () => (await chromium.launch({ executablePath: '/nonexistent/chromium', headless: true })).newContext();
  expect(await checkRunner({ sql: runnerSql, secretsKey: SECRETS_KEY, newContext: missing })).toMatch(/^the browser does not start/);
}, 60_000);

it('fails a run whose definition does not parse after the claim as definition_invalid, at once', async () => {
  const created = await session.request<{ id: string }>('POST', '/workflows', { name: 'Sjalvkoll: trasig definition' });
  expect(created.status).toBe(201);
  const definition = { version: 1, steps: [{ id: 'w', type: 'wait', description: 'Vänta', ms: 1 }] };
  expect((await session.request('PUT', `/workflows/${created.body.id}/definition`, { definition })).status).toBe(200);
  expect((await session.request('PUT', `/workflows/${created.body.id}`, { status: 'active' })).status).toBe(200);
  // As after a change of the format that this saved version no longer meets.
  // (Versions are immutable: the broken one is a new version, written as postgres past the api's validation.)
  await admin`
    insert into public.workflow_versions (organization_id, workflow_id, version, definition)
    select organization_id, id, current_version + 1, ${admin.json({ version: 1, steps: [{ id: 'w', type: 'teleport' }] })}
    from public.workflows where id = ${created.body.id}`;
  await admin`update public.workflows set current_version = current_version + 1 where id = ${created.body.id}`;
  const started = await session.request<{ executionId: string }>('POST', `/workflows/${created.body.id}/run`, {});
  expect(started.status).toBe(202);
  const t0 = Date.now();
  const run = await session.runToEnd(started.body.executionId, 30_000);
  expect({ status: run.status, errorType: run.errorType }).toEqual({ status: 'failed', errorType: 'definition_invalid' });
  expect(run.errorMessage).toMatch(/not valid/);
  expect(Date.now() - t0).toBeLessThan(30_000); // the sweep would have taken 45 s
}, 120_000);

it('a runner process whose browser does not start takes no run and says why', async () => {
  const id = `selfcheck-broken-${process.pid}`;
  const runner = spawn(process.execPath, ['--import', 'tsx', 'runner/src/main.ts'], {
    env: {
      ...process.env,
      KOLLEGA_RUNNER_DB_URL: process.env.RUNNER_DB_URL ?? 'postgresql://kollega_runner:postgres@127.0.0.1:55322/postgres',
      KOLLEGA_SECRETS_KEY: SECRETS_KEY,
      KOLLEGA_RUNNER_ALLOW_PRIVATE: 'true',
      KOLLEGA_RUNNER_ID: id,
      KOLLEGA_CHROMIUM_PATH: '/nonexistent/chromium',
      KOLLEGA_RUNNER_SELFCHECK_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  runner.stdout.on('data', (d) => (output += d));
  runner.stderr.on('data', (d) => (output += d));
  try {
    await expect.poll(() => output.includes(`${id} ready`), { timeout: 60_000, interval: 200 }).toBe(true);
    expect(output).toMatch(/self-check failed: the browser does not start/);
    const workflow = await session.activeWorkflow('Sjalvkoll: snabb', [{ id: 'w', type: 'wait', description: 'Vänta', ms: 1 }]);
    const runs: string[] = [];
    for (let i = 0; i < 4; i++) runs.push(await session.startRun(workflow));
    for (const runId of runs) expect((await session.runToEnd(runId, 60_000)).status).toBe('completed');
    const taken = await admin<{ n: number }[]>`select count(*)::int as n from public.runs where runner_id = ${id}`;
    expect(taken[0]!.n).toBe(0);
  } finally {
    runner.kill('SIGTERM');
    await new Promise((resolve) => (runner.exitCode !== null ? resolve(null) : runner.once('exit', resolve)));
  }
}, 180_000);
