// The one test command (`npm test`): the web and runner unit tests and the tiny benchmarks, then a fresh local
// stack (profile `test`, its own ports and data) against which Lighthouse, pgTAP, the api function's Deno tests,
// the runner's hard cases (with the static checks and the API benchmark beside them) and the Playwright end-to-end
// specs run.
// Suites run at once only where one of them mostly waits; a suite beside another prints its output when it ends.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './lib/cluster.ts';
import { STACK_TESTS, STACK_TESTS_APART } from '../runner/test/stack-tests.ts';
import { startStack, type Stack } from './lib/stack.ts';

const only = process.argv.slice(2);
const results: Array<{ name: string; ok: boolean; seconds: number; failures?: string[] }> = [];
/** Every suite's name, also of those a filter skipped (to list them when a filter matches none). */
const known: string[] = [];
/** The suites' processes now running (a suite and those `beside` it). */
const running = new Set<ReturnType<typeof spawn>>();
let stack: Stack | undefined;

// Ctrl-C or SIGTERM: end the running suite and the stack it runs against, then exit.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the tests…`);
    for (const child of running) child.kill('SIGTERM');
    await stack?.stop();
    process.exit(130);
  });
}
const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);
/** The port offset of a stack beside the test stack: `n` past the offset npm test itself was given. */
const offset = (n: number) => String(n + (Number(process.env.KOLLEGA_PORT_OFFSET ?? 0) || 0));

// Suites run as child processes awaited asynchronously: the Auth stand-in lives in this process and
// must keep answering while a suite runs. A suite `beside` another keeps its output until it ends and then
// prints it in one piece, so that the two suites' lines do not mix.
async function suite(name: string, cmd: string, args: string[], opts: { cwd?: string; env?: Record<string, string>; beside?: boolean } = {}) {
  known.push(name);
  if (interrupted || (only.length && !only.some((o) => name.includes(o)))) return;
  const heading = `\n━━ ${name} ━━  ${cmd.replace(repoRoot + '/', '')} ${args.join(' ')}`;
  const held: Buffer[] = [];
  if (opts.beside) console.log(`\n━━ started beside the next suites (its output follows when it ends): ${name}`);
  else console.log(heading);
  const started = Date.now();
  const failures: string[] = [];
  // The last lines of output, kept for a failure that no failure line names (a benchmark's violated invariant,
  // a crash): the summary then shows how the suite ended.
  const tail: string[] = [];
  const status = await new Promise<number | null>((done) => {
    const child = spawn(cmd, args, { cwd: opts.cwd ?? repoRoot, env: { ...process.env, ...opts.env }, stdio: [opts.beside ? 'ignore' : 'inherit', 'pipe', 'pipe'] });
    running.add(child);
    // Passed through as it comes, and kept (the failure lines only) for the summary: CI shows the
    // end of the output, and the name of the test that failed must be in it.
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
      // The error line just after a failure is kept too: a file-level failure (a hook's) names only the file.
      let partial = '';
      let afterFailure = 0;
      from?.on('data', (chunk: Buffer) => {
        if (opts.beside) held.push(chunk);
        else to.write(chunk);
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (line.trim()) {
            tail.push(line.replace(/\x1b\[[0-9;]*m/g, '').trim().slice(0, 300));
            if (tail.length > 10) tail.shift();
          }
          if (failureLine(line)) afterFailure = 8;
          else if (afterFailure-- > 0 && errorLine(line)) afterFailure = 0;
          else continue;
          if (failures.length < 40) failures.push(line.replace(/\x1b\[[0-9;]*m/g, '').trim().slice(0, 300));
        }
      });
    }
    child.once('error', (error) => { running.delete(child); console.error(`${name}: ${error.message}`); done(null); });
    child.once('exit', (code) => { running.delete(child); done(code); });
  });
  if (opts.beside) {
    console.log(heading);
    process.stdout.write(Buffer.concat(held));
  }
  if (status !== 0 && !failures.length) failures.push(...tail);
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 100) / 10, failures });
}

/** A line that names a failed test or check (vitest, Playwright, Deno, pg_prove, tsc), colours stripped. */
function failureLine(raw: string): boolean {
  const line = raw.replace(/\x1b\[[0-9;]*m/g, '');
  return /^\s*(FAIL|FLAKY|✗|×|✘)\s/.test(line) || /^\s*\d+\) /.test(line) || /\bnot ok \d+/.test(line) || /=> .*FAILED/.test(line) || /error TS\d+/.test(line);
}

function errorLine(raw: string): boolean {
  return /^\s*([A-Z]\w*)?Error\b.*: |timed out/i.test(raw.replace(/\x1b\[[0-9;]*m/g, ''));
}

const fnDir = join(repoRoot, 'supabase/functions/api');
const deno = bin('deno');

// Static checks: run beside the runner's hard cases once the stack is up (below), where they use the CPU those
// tests leave idle while they wait on leases and runs.
const staticChecks = async () => {
  await suite('typecheck: web, shared schemas, tooling', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], { beside: true });
  await suite('typecheck: api function', deno, ['check', '--config', 'deno.json', 'index.ts'], { cwd: fnDir, beside: true });
  await suite('lint: api function', deno, ['lint', '--config', 'deno.json', '.', '../_shared'], { cwd: fnDir, beside: true });
  if (existsSync(join(repoRoot, 'vitest.tooling.config.ts'))) await suite('tooling tests (vitest): Auth stand-in contract, advisor lints, lockfile, Markdown links, extension build', bin('vitest'), ['run', '-c', 'vitest.tooling.config.ts'], { beside: true });
};
// The API benchmark at its tiny size reports figures and fails only on a failed request or a sequential scan, so it
// can share the CPU: it starts a stack of its own (other ports and data folder) and goes after the static checks.
const apiBench = (beside: boolean) =>
  suite('bench/api.ts --tiny (a small database; every endpoint against its SQL floor once)', bin('tsx'), ['bench/api.ts', '--tiny'], {
    beside,
    env: { KOLLEGA_PORT_OFFSET: offset(3500), KOLLEGA_STACK_DIR: 'bench-api' },
  });

// The runner's tests that start, stop and restart runners of their own, on a stack of their own (dev/with-stack.ts).
const apartSuite = (beside: boolean) =>
  suite('runner: drain, fencing, claims, self-check and a database restart, with runners of their own on a second stack (vitest)', bin('tsx'), [
    'dev/with-stack.ts', bin('vitest'), 'run', '-c', 'vitest.runner.config.ts', ...STACK_TESTS_APART,
  ], { beside, env: { KOLLEGA_PORT_OFFSET: offset(2000), KOLLEGA_STACK_DIR: 'test-apart' } });

if (existsSync(join(repoRoot, 'vitest.config.ts'))) await suite('web unit tests (vitest)', bin('vitest'), ['run', '-c', 'vitest.config.ts']);
await suite('runner tests (vitest): step engine and test sites in Chromium, queue schema', bin('vitest'), ['run', '-c', 'vitest.runner.config.ts']);
await suite('bench/recorder.ts, tiny (6 clicks, 20 rows; the extension in Chromium)', bin('tsx'), ['bench/recorder.ts', '--clicks', '6', '--rows', '20', '--out', join(tmpdir(), 'kollega-recorder-bench-tiny.json')]);
// The runner-load fault suite spends much of its time waiting (leases, kills, a restart); the batch and attended
// benchmarks run beside it, one after the other, each on a stack of its own (other ports and data folders).
await Promise.all([
  suite('bench/runner-load.ts, tiny, and the fault suite (4 runs on one runner process and its own stack, 12 queued for one organisation, then 10 runs on two runners through a SIGKILL, a SIGSTOP, a killed Chromium, a SIGTERM and a Postgres restart; invariants: each run exactly once, the other organisation\'s run claimed within 30 s, each effect at most once)', bin('tsx'), [
    'bench/runner-load.ts', '--runs', '4', '--runners', '1', '--concurrency', '2', '--probe', '1', '--fair', '12', '--after-kill', '0', '--faults', '10', '--timeout-min', '10',
    '--out', join(tmpdir(), 'kollega-runner-load-tiny.json'),
  ], { env: { KOLLEGA_PORT_OFFSET: offset(5000) } }),
  (async () => {
    await suite('bench/batches.ts, tiny (3 rows as a batch and as single runs on one runner process and its own stack; each row exactly once)', bin('tsx'), [
      'bench/batches.ts', '--rows', '3', '--concurrency', '2', '--timeout-min', '6', '--out', join(tmpdir(), 'kollega-batches-bench-tiny.json'),
    ], { beside: true, env: { KOLLEGA_PORT_OFFSET: offset(4500) } });
    await suite('bench/attended.ts, tiny (2 runs in a person\'s browser through the relay and 2 on the runner, on one runner process and its own stack; each form exactly once)', bin('tsx'), [
      'bench/attended.ts', '--runs', '2', '--out', join(tmpdir(), 'kollega-attended-bench-tiny.json'),
    ], { beside: true, env: { KOLLEGA_PORT_OFFSET: offset(4000) } });
  })(),
]);

const needsStack = ['pgTAP', 'security self-check', 'api function', 'runner: hard cases', 'end-to-end', 'lighthouse'];
if (!only.length || only.some((o) => needsStack.some((n) => n.includes(o)))) {
  console.log('\n━━ starting a fresh local stack (profile test) ━━');
  try {
    stack = await startStack({ profile: 'test', fresh: true, web: 'preview', log: (l) => { if (process.env.STACK_LOG) console.log(l); } });
  } catch (error) {
    console.error(error);
    results.push({ name: 'local stack start', ok: false, seconds: 0 });
  }
}

if (stack) {
  const { cluster, urls } = stack;
  // First on the fresh stack: Lighthouse scores main-thread time, and the machine is quietest before the suites
  // that leave runs, browsers and autovacuum behind (after the end-to-end suite, /auth's first runs scored 0.87–0.95,
  // alone 0.99).
  await suite('lighthouse performance (/landing, /auth)', bin('tsx'), ['dev/quality/lighthouse.ts'], { env: { APP_URL: urls.app } });
  const pgtapFiles = readdirSync(join(repoRoot, 'supabase/tests/database')).filter((f) => f.endsWith('.test.sql')).sort();
  if (pgtapFiles.length) {
    cluster.psql({ sql: 'create extension if not exists pgtap with schema extensions;', role: 'supabase_admin' });
    await suite('pgTAP (pg_prove)', 'pg_prove', ['-h', cluster.socketDir, '-p', String(cluster.port), '-U', 'postgres', '-d', 'postgres', '--ext', '.sql', ...pgtapFiles.map((f) => join('supabase/tests/database', f))]);
  }
  await suite('security self-check (advisor lints)', bin('tsx'), ['dev/quality/advisor.ts', '--db', cluster.url('supabase_admin')]);
  // Two test files at a time: each test signs up its own organisation and sends from its own client address
  // (tests/helpers.ts), and most of a test's time is spent waiting on the api and Postgres.
  await suite('api function (deno test)', deno, ['test', '--config', 'deno.json', '-A', '--parallel', 'tests/'], {
    cwd: fnDir,
    env: { DENO_JOBS: '2', API_URL: urls.api, APP_URL: urls.app, MAIL_URL: urls.mail, DB_URL: urls.db, SUPABASE_URL: urls.supabase },
  });
  // The hard cases wait on the stack's runner half of their time. Beside them: the runner tests that start and stop
  // runners of their own (mostly waiting on leases and drains too), on a second stack (other ports and data folder)
  // so that neither group's runners take the other's runs; and the static checks, then the API benchmark.
  const onThisStack = STACK_TESTS.filter((f) => !STACK_TESTS_APART.includes(f));
  await Promise.all([
    suite('runner: hard cases through the api and the runner, schedules, decisions, waiting runs (vitest)', bin('vitest'), ['run', '-c', 'vitest.runner.config.ts', ...onThisStack], {
      env: { API_URL: urls.api, APP_URL: urls.app, DB_URL: urls.db, RUNNER_DB_URL: urls.runnerDb },
    }),
    apartSuite(true),
    (async () => {
      await staticChecks();
      await apiBench(true);
    })(),
  ]);
  if (existsSync(join(repoRoot, 'e2e/playwright.config.ts'))) {
    await suite('end-to-end (playwright, chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { env: { APP_URL: urls.app, MAIL_URL: urls.mail, DB_URL: urls.db } });
  }
  await stack.stop();
} else {
  // No stack (a filter that names none of its suites, or a stack that did not start): the static checks and the API
  // benchmark run alone.
  await apartSuite(false);
  await staticChecks();
  await apiBench(false);
}

if (only.length && !results.length) {
  const names = [...known, ...needsStack.filter((n) => !known.some((k) => k.startsWith(n)))];
  console.error(`No test suite matches ${only.map((o) => `"${o}"`).join(', ')}. Suites:\n${names.map((n) => `  ${n}`).join('\n')}`);
  process.exit(1);
}

console.log('\n━━ summary ━━');
for (const r of results) {
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds} s)`);
  const shown = r.ok ? (r.failures ?? []).filter((f) => f.startsWith('FLAKY')) : (r.failures ?? []);
  for (const f of [...new Set(shown)].slice(0, 15)) console.log(`        ${f}`);
}
const passed = results.filter((r) => r.ok).length;
console.log(`suites: ${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);
