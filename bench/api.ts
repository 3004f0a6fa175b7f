// API benchmark: the `api` function against the SQL it runs (the "floor"), on a freshly generated database.
//
//   KOLLEGA_PORT_OFFSET=4000 npx tsx bench/api.ts [--organizations 100] [--workflows 100000] [--audit 1000000]
//     [--duration 10] [--warmup 2] [--rounds 2] [--connections 1,10,50] [--out docs/benchmarks.md]
//   KOLLEGA_PORT_OFFSET=4000 npx tsx bench/api.ts --tiny    # npm test: a small database, each point once, ~1 min
//
// 1. starts a fresh test-profile stack (Postgres, Auth stand-in, the real Deno function; no web app) and fills it
//    with dev/generate.ts;
// 2. signs in as the first generated organisation's admin through POST /api/login and keeps the cookies;
// 3. for each endpoint × concurrency, runs autocannon against the function's own port, then the same SQL straight
//    through postgres.js as `authenticated` (one transaction per operation with withUser's set_config, a pool of
//    the function's size): requests/s, p50, p99, non-2xx;
// 4. EXPLAIN (ANALYZE, BUFFERS) of every hot query as the authenticated caller, asserting index use;
// 5. prints a table and writes a Markdown report; stops the stack at the end, on error and on Ctrl-C.
// A benchmark, not a test: figures depend on the machine. It exits non-zero when a request failed or a plan
// read audit_activities, workflows or payment_methods sequentially.
import autocannon, { type Result as CannonResult } from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { repoRoot } from '../dev/lib/cluster.ts';
import { ports } from '../dev/lib/config.ts';
import { startStack, type Stack } from '../dev/lib/stack.ts';
import {
  ACTIVITY_LIST,
  PAYMENT_METHOD_COLUMNS,
  SESSION_STATE,
  SET_CALLER_CHECKED,
  USER_SELECT,
  WORKFLOW_LIST,
} from '../supabase/functions/_shared/statements.ts';
import { preparesStatements } from '../supabase/functions/_shared/pool-options.ts';

// ---------------------------------------------------------------------------------------------------------
// Options

type Options = {
  organizations: number;
  workflows: number;
  audit: number;
  duration: number;
  warmup: number;
  rounds: number;
  connections: number[];
  out: string;
  /** A tiny run for npm test (see parseArgs). */
  tiny: boolean;
};

function parseArgs(argv: string[]): Options {
  const o: Options = { organizations: 100, workflows: 100_000, audit: 1_000_000, duration: 10, warmup: 2, rounds: 2, connections: [1, 10, 50], out: 'docs/benchmarks.md', tiny: false };
  if (argv.includes('--tiny')) {
    // npm test: every step once on a small database, so a change that breaks the benchmark fails CI. At this
    // size a sequential scan is the planner's right choice: plans are reported, not judged.
    Object.assign(o, { organizations: 2, workflows: 300, audit: 300, duration: 1, warmup: 0, rounds: 1, connections: [1, 4], out: join(tmpdir(), 'kollega-api-bench-tiny.md'), tiny: true });
    argv = argv.filter((a) => a !== '--tiny');
  }
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`missing value for ${argv[i]}`);
    if (name === 'out') o.out = value;
    else if (name === 'connections') o.connections = value.split(',').map(Number);
    else if (name === 'organizations' || name === 'workflows' || name === 'audit' || name === 'duration' || name === 'warmup' || name === 'rounds') {
      const n = Number(value);
      if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number`);
      o[name] = n;
    } else throw new Error(`unknown option --${name} (see the header of bench/api.ts)`);
  }
  if (o.organizations < 1 || o.duration <= 0 || !Number.isInteger(o.rounds) || o.rounds < 1 || o.connections.some((c) => !Number.isInteger(c) || c < 1)) throw new Error('invalid options');
  return o;
}

/**
 * Writes the report; into a file that has the markers (docs/benchmarks.md), only between them, so the sections
 * other benchmarks wrote below stay.
 */
function writeReport(path: string, report: string) {
  const [start, end] = ['<!-- api-bench:start -->', '<!-- api-bench:end -->'];
  const old = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const from = old.indexOf(start);
  const to = old.indexOf(end);
  writeFileSync(path, from >= 0 && to > from ? `${old.slice(0, from + start.length)}\n${report.trimEnd()}\n${old.slice(to)}` : report);
}

// ---------------------------------------------------------------------------------------------------------
// The routes' SQL: the very statements the routes send (supabase/functions/_shared/statements.ts; a route
// with no filter sends `where true`), so a change to a route is what this benchmark measures.

/** The role and claims alone: what a transaction as the caller needs at the least (the floor). */
const SET_CALLER = `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`;

/** The session check's query on its own (for the report's break-down). */
const SESSION_SQL = `select ${SESSION_STATE} as state`;

type Endpoint = {
  key: string;
  label: string;
  method: 'GET' | 'PUT';
  /** The HTTP path; for the default switch, built per request from the payment method ids. */
  path: (id: string) => string;
  sql: string;
  params: (ctx: Context, id: string) => (string | number)[];
  /** Tables a plan of this query must never read with a Seq Scan. */
  indexed: string[];
};

type Context = { claims: Record<string, unknown>; userId: string; sessionId: string; methodIds: string[] };

const ENDPOINTS: Endpoint[] = [
  {
    key: 'workflows',
    label: 'GET /api/workflows (first page, 30)',
    method: 'GET',
    path: () => '/api/workflows',
    // routes/workflows.ts, no `q`, no cursor: the default page of 30, read as 31 to know whether there is a next
    sql: `${WORKFLOW_LIST.select} where true and true ${WORKFLOW_LIST.order} limit $1`,
    params: () => [31],
    indexed: ['workflows'],
  },
  {
    key: 'recent-activity',
    label: 'GET /api/dashboard/recent-activity?limit=50',
    method: 'GET',
    path: () => '/api/dashboard/recent-activity?limit=50',
    // routes/audit.ts selectActivities, no filter
    sql: `${ACTIVITY_LIST.select} where true ${ACTIVITY_LIST.order} limit $1`,
    params: () => [50],
    indexed: ['audit_activities'],
  },
  {
    key: 'user',
    label: 'GET /api/user',
    method: 'GET',
    path: () => '/api/user',
    // routes/auth.ts selectUser
    sql: `${USER_SELECT} where p.id = $1`,
    params: (ctx) => [ctx.userId],
    indexed: [],
  },
  {
    key: 'runs-changes',
    label: 'GET /api/runs/changes',
    method: 'GET',
    path: () => '/api/runs/changes',
    // routes/runs.ts: what each viewer of flow management or a run asks every second (the cost per viewer)
    sql: `select max(updated_at)::text as cursor from public.runs`,
    params: () => [],
    indexed: ['runs'],
  },
  {
    key: 'default-payment-method',
    label: 'PUT /api/payment-methods/{id}/default',
    method: 'PUT',
    path: (id) => `/api/payment-methods/${id}/default`,
    // routes/payment-methods.ts
    sql: `select ${PAYMENT_METHOD_COLUMNS} from app.set_default_payment_method($1)`,
    params: (_ctx, id) => [id],
    indexed: ['payment_methods'],
  },
];

// ---------------------------------------------------------------------------------------------------------
// Measurement helpers

type Point = { rps: number; p50: number; p99: number; count: number; failed: number; bytes?: number };
/** Raw samples of one measured slice; slices of the same point are merged before the percentiles are taken. */
type Samples = { latencies: number[]; seconds: number; failed: number; bytes: number };

function merge(slices: Samples[]): Point {
  const latencies = slices.flatMap((x) => x.latencies);
  const bytes = slices.reduce((n, x) => n + x.bytes, 0);
  return summarize(latencies, slices.reduce((n, x) => n + x.seconds, 0), slices.reduce((n, x) => n + x.failed, 0),
    latencies.length ? bytes / latencies.length : 0);
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function summarize(latencies: number[], seconds: number, failed: number, bytes?: number): Point {
  const sorted = Float64Array.from(latencies).sort();
  const list = Array.from(sorted);
  return { rps: latencies.length / seconds, p50: percentile(list, 50), p99: percentile(list, 99), count: latencies.length, failed, bytes };
}

/** A rotating id source shared by every connection, so that consecutive default switches name different methods. */
function rotation(ids: string[]): () => string {
  let next = 0;
  return () => ids[next++ % ids.length] ?? '';
}

async function cannon(base: string, endpoint: Endpoint, ctx: Context, headers: Record<string, string>, connections: number, seconds: number,
  expectStatus?: number): Promise<Samples> {
  const nextId = rotation(ctx.methodIds);
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 30,
    headers,
    // A bodyless PUT carries `Content-Length: 0`, as fetch() in a browser sends it (without it each request costs
    // several ms more, probably in Hono's bodyLimit reading the body stream: see docs/benchmarks.md).
    requests: [{
      method: endpoint.method,
      path: endpoint.path(''),
      ...(endpoint.method === 'PUT' ? { headers: { ...headers, 'content-length': '0' } } : {}),
      setupRequest: (req) => ({ ...req, path: endpoint.path(nextId()) }),
    }],
  });
  // autocannon's own histogram keeps whole milliseconds: record the exact times (ms, from hrtime) ourselves.
  const latencies: number[] = [];
  let bytes = 0;
  instance.on('response', (_client: unknown, status: number, resBytes: number, ms: number) => {
    if (expectStatus ? status === expectStatus : status >= 200 && status < 300) {
      latencies.push(ms);
      bytes += resBytes;
    }
  });
  const result: CannonResult = await instance;
  const failed = (expectStatus ? result.requests.total - latencies.length : result.non2xx) + result.errors + result.timeouts;
  if (failed) console.error(`  ${endpoint.label} @${connections}: ${JSON.stringify(result.statusCodeStats)}, errors ${result.errors}, timeouts ${result.timeouts}`);
  return { latencies, seconds: result.duration, failed, bytes };
}

/** Closed loop: `connections` workers, each running one operation after the other for `seconds`. */
async function closedLoop(connections: number, seconds: number, op: () => Promise<unknown>): Promise<Samples> {
  const latencies: number[] = [];
  let failed = 0;
  let firstError: unknown;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await op();
          latencies.push(performance.now() - t0);
        } catch (error) {
          failed++;
          firstError ??= error;
        }
      }
    }),
  );
  if (firstError) console.error('  floor error:', firstError);
  return { latencies, seconds: (performance.now() - started) / 1000, failed, bytes: 0 };
}

// ---------------------------------------------------------------------------------------------------------
// Plans

type Plan = { label: string; lines: string[]; seqScans: string[]; planning?: string; execution?: string };

/** The table names read by a Seq Scan anywhere in a plan text. */
function seqScans(lines: string[]): string[] {
  return lines.flatMap((l) => [...l.matchAll(/Seq Scan on (?:\w+\.)?(\w+)/g)].map((m) => m[1]));
}

/** The lines worth quoting: plan nodes, index conditions, buffers, timings. */
function keyLines(lines: string[]): string[] {
  return lines.filter((l) => /->|Scan|Limit|Join|Loop|Index Cond|Buffers|Planning Time|Execution Time|Function|Update on|Sort|^\s*\w[\w ]*\(cost/.test(l) || /^\S/.test(l));
}

// ---------------------------------------------------------------------------------------------------------

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '–');

function log(line: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
}

async function phase<T>(name: string, timings: Record<string, number>, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  log(`${name}…`);
  try {
    return await fn();
  } finally {
    timings[name] = (performance.now() - t0) / 1000;
    log(`${name}: ${timings[name].toFixed(1)} s`);
  }
}

function generate(dbUrl: string, o: Options): Promise<{ email: string; password: string; output: string }> {
  const args = ['dev/generate.ts', '--db', dbUrl, '--organizations', String(o.organizations), '--workflows', String(o.workflows), '--audit', String(o.audit)];
  return new Promise((resolve, reject) => {
    const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      d.toString().split('\n').filter(Boolean).forEach((l) => log(`  generate: ${l}`));
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const match = /sign in as (\S+) \/ (\S+)/.exec(output);
      if (code !== 0 || !match) reject(new Error(`dev/generate.ts failed (${code}):\n${output}`));
      else resolve({ email: match[1], password: match[2], output });
    });
  });
}

type Probe = { label: string; connections: number; point: Point };

type Row = { endpoint: Endpoint; connections: number; api: Point; floor: Point; floorSession: Point };

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const timings: Record<string, number> = {};
  const problems: string[] = [];
  let stack: Stack | undefined;
  let stopping = false;
  const pools: postgres.Sql[] = [];
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(pools.map((p) => p.end({ timeout: 2 }).catch(() => {})));
    await stack?.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping the stack`);
      void stopAll().finally(() => process.exit(130));
    });
  }

  try {
    stack = await phase('start a fresh test stack', timings, () => startStack({ profile: 'test', fresh: true, web: 'none', log: () => {} }));
    const s = stack;
    const apiBase = `http://127.0.0.1:${ports.test.api}`;
    const origin = s.urls.app;
    log(`stack: api ${apiBase}, db ${s.urls.db}, app origin ${origin}`);

    const generated = await phase('generate data', timings, () => generate(s.urls.db, o));

    const admin = postgres(s.urls.db, { max: 1, onnotice: () => {} });
    pools.push(admin);

    // Payment methods: three for the benchmark organisation through the API (below), and three for every other
    // generated organisation, so that the table is not a one-page heap in the plans.
    await phase('payment methods of the other organisations', timings, async () => {
      await admin`
        insert into public.payment_methods (organization_id, name, type, card_last_four, metadata)
        select o.id, 'Kort ' || k, 'card', lpad((k * 1111)::text, 4, '0'), jsonb_build_object('holderName', o.name)
        from public.organizations o cross join generate_series(1, 3) k
        where o.organization_number like 'G%'
          and o.id <> (select p.organization_id from public.profiles p where p.email = ${generated.email})
        order by o.id, k`;
      await admin`analyze public.payment_methods`;
    });

    // Sign in like the SPA: JSON, Origin of the app, cookies kept.
    const login = await fetch(`${apiBase}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ email: generated.email, password: generated.password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const access = /sb-access-token=([^;]+)/.exec(cookie)?.[1];
    if (!access) throw new Error('login set no access-token cookie');
    const claims = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()) as Record<string, unknown> & { sub: string; session_id: string };
    log(`signed in as ${generated.email} (user ${claims.sub})`);
    const headers = { cookie, origin };

    const methodIds: string[] = [];
    for (const [i, type] of (['card', 'invoice', 'bank_account'] as const).entries()) {
      const body = type === 'card' ? { name: 'Företagskort', type, cardLastFour: '4242', metadata: { holderName: 'Bench', expiryMonth: 12, expiryYear: 2030 } }
        : type === 'bank_account' ? { name: 'Bankkonto', type, bankAccount: '5000-123456' } : { name: `Faktura ${i}`, type };
      const res = await fetch(`${apiBase}/api/payment-methods`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status !== 201) throw new Error(`creating a payment method failed: ${res.status} ${await res.text()}`);
      methodIds.push(((await res.json()) as { id: string }).id);
    }
    const ctx: Context = { claims, userId: claims.sub, sessionId: claims.session_id, methodIds };

    // Every endpoint answers 200 once before anything is measured.
    for (const e of ENDPOINTS) {
      const res = await fetch(`${apiBase}${e.path(methodIds[1])}`, { method: e.method, headers });
      if (res.status !== 200) throw new Error(`${e.label}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }

    // The floor: a pool of the function's size (DB_POOL_MAX, default 5) with the function's options.
    const poolSize = Number(s.env.DB_POOL_MAX ?? process.env.DB_POOL_MAX ?? 5);
    // Statements prepared or not as the function's pool does it (_shared/pool-options.ts): the routes' tagged queries
    // follow the pool's option; `unsafe` needs it said (withUser says it for its first statement).
    const prepare = preparesStatements(s.urls.db, s.env.DB_PREPARE ?? process.env.DB_PREPARE);
    const floorPool = postgres(s.urls.db, { prepare, max: poolSize, idle_timeout: 20, connect_timeout: 10, onnotice: () => {}, connection: { application_name: 'kollega-bench-floor' } });
    pools.push(floorPool);
    const claimsJson = JSON.stringify(claims);

    const rows: Row[] = [];
    await phase('measure', timings, async () => {
      for (const endpoint of ENDPOINTS) {
        for (const connections of o.connections) {
          const nextId = rotation(methodIds);
          const floorOp = () =>
            floorPool.begin(async (tx) => {
              await tx.unsafe(SET_CALLER, [claimsJson], { prepare });
              return await tx.unsafe(endpoint.sql, endpoint.params(ctx, nextId()), { prepare });
            });
          // The same with the session check in the first statement, as withUser does: all the SQL the function
          // sends per request.
          const floorSessionOp = () =>
            floorPool.begin(async (tx) => {
              const [{ state }] = await tx.unsafe(SET_CALLER_CHECKED, [ctx.sessionId, ctx.userId, claimsJson], { prepare });
              if (state !== 'active') throw new Error(`session ${state}`);
              return await tx.unsafe(endpoint.sql, endpoint.params(ctx, nextId()), { prepare });
            });
          // API, floor and floor+session take turns in `rounds` slices of duration/rounds each (after one warm-up
          // of each), so that all three see the same machine load on a shared machine.
          if (o.warmup > 0) {
            await cannon(apiBase, endpoint, ctx, headers, connections, o.warmup);
            await closedLoop(connections, o.warmup, floorOp);
          }
          const slices: { api: Samples[]; floor: Samples[]; floorSession: Samples[] } = { api: [], floor: [], floorSession: [] };
          const slice = o.duration / o.rounds;
          for (let round = 0; round < o.rounds; round++) {
            slices.api.push(await cannon(apiBase, endpoint, ctx, headers, connections, slice));
            slices.floor.push(await closedLoop(connections, slice, floorOp));
            slices.floorSession.push(await closedLoop(connections, slice, floorSessionOp));
          }
          const [api, floor, floorSession] = [merge(slices.api), merge(slices.floor), merge(slices.floorSession)];
          rows.push({ endpoint, connections, api, floor, floorSession });
          if (api.failed) problems.push(`${endpoint.label} @${connections}: ${api.failed} API requests were not 2xx`);
          if (floor.failed) problems.push(`${endpoint.label} @${connections}: ${floor.failed} floor operations failed`);
          log(`${endpoint.label.padEnd(44)} c=${String(connections).padStart(2)}  API ${fmt(api.rps).padStart(7)} rps p50 ${ms(api.p50)} p99 ${ms(api.p99)} ms` +
            ` | floor ${fmt(floor.rps).padStart(7)} rps p50 ${ms(floor.p50)} p99 ${ms(floor.p99)} ms | ×${fmt(api.rps / floor.rps, 2)} rps, ×${fmt(api.p50 / floor.p50, 2)} p50` +
            ` | floor+session ${fmt(floorSession.rps)} rps p50 ${ms(floorSession.p50)} ms`);
          if (floorSession.failed) problems.push(`${endpoint.label} @${connections}: ${floorSession.failed} floor+session operations failed`);
        }
      }
    });

    // Probes of the function without SQL, for the interpretation: an unknown path (404: HTTP, Hono, the global
    // middleware) and /api/user with a forged access token (401: the same plus cookie parsing and the HS256
    // verification, which computes the HMAC before it rejects).
    const forged = access.replace(/\.([^.]{10})([^.])/, (_m, a: string, b: string) => `.${a}${b === 'A' ? 'B' : 'A'}`);
    const probes: Probe[] = [];
    await phase('probes without SQL', timings, async () => {
      for (const connections of o.connections.filter((c) => c <= 10)) {
        for (const probe of [
          { label: 'GET /api/no-such-path (404)', path: '/api/no-such-path', status: 404, headers },
          { label: 'GET /api/user, forged token (401)', path: '/api/user', status: 401, headers: { ...headers, cookie: `sb-access-token=${forged}` } },
        ]) {
          const endpoint: Endpoint = { ...ENDPOINTS[2], label: probe.label, path: () => probe.path };
          if (o.warmup > 0) await cannon(apiBase, endpoint, ctx, probe.headers, connections, o.warmup, probe.status);
          const point = merge([await cannon(apiBase, endpoint, ctx, probe.headers, connections, Math.min(o.duration, 5), probe.status)]);
          if (point.failed) problems.push(`${probe.label} @${connections}: ${point.failed} answers were not ${probe.status}`);
          probes.push({ label: probe.label, connections, point });
          log(`${probe.label.padEnd(44)} c=${String(connections).padStart(2)}  ${fmt(point.rps).padStart(7)} rps p50 ${ms(point.p50)} p99 ${ms(point.p99)} ms`);
        }
      }
    });

    // The session check's query alone (withUser runs it inside its first statement), for the interpretation.
    const sessionPoint = await phase('session check alone', timings, async () => {
      const c = 10;
      const op = () => floorPool.unsafe(SESSION_SQL, [ctx.sessionId, ctx.userId], { prepare });
      await closedLoop(c, Math.min(2, o.warmup || 1), op);
      return { connections: c, point: merge([await closedLoop(c, Math.min(o.duration, 5), op)]) };
    });

    const plans = await phase('explain the hot queries', timings, () => explainAll(s, ctx, claimsJson));
    for (const p of plans) {
      if (p.seqScans.length && !o.tiny) problems.push(`${p.label}: Seq Scan on ${p.seqScans.join(', ')}`);
    }

    const facts = await machineFacts(admin);
    const volumes = await admin<{ table: string; rows: string }[]>`
      select 'organizations' as table, count(*)::text as rows from public.organizations
      union all select 'profiles', count(*)::text from public.profiles
      union all select 'workflows', count(*)::text from public.workflows
      union all select 'audit_activities', count(*)::text from public.audit_activities
      union all select 'error_queue_items', count(*)::text from public.error_queue_items
      union all select 'payment_methods', count(*)::text from public.payment_methods`;
    const [orgCounts] = await admin<{ workflows: string; audit: string }[]>`
      select (select count(*) from public.workflows where organization_id = p.organization_id)::text as workflows,
             (select count(*) from public.audit_activities where organization_id = p.organization_id)::text as audit
      from public.profiles p where p.id = ${ctx.userId}`;

    printTable(rows);
    const report = markdown({ o, rows, plans, facts, volumes: [...volumes], orgCounts, timings, poolSize, prepare, problems, sessionPoint, probes, email: generated.email });
    writeReport(resolve(repoRoot, o.out), report);
    log(`wrote ${o.out}`);
    if (problems.length) {
      console.error(`\nProblems:\n- ${problems.join('\n- ')}`);
      process.exitCode = 1;
    }
  } finally {
    await phase('stop the stack', timings, stopAll);
  }
}

async function explainAll(s: Stack, ctx: Context, claimsJson: string): Promise<Plan[]> {
  const plans: Plan[] = [];
  // supabase_admin (the cluster's superuser) so that auto_explain can be loaded for the nested statements of
  // set_default_payment_method; every query itself runs as `authenticated` with the claims, like withUser.
  const notices: string[] = [];
  const sql = postgres(s.cluster.url('supabase_admin'), { max: 1, prepare: false, onnotice: (n) => notices.push(String(n.message)) });
  const parse = (label: string, lines: string[]): Plan => {
    const find = (re: RegExp) => lines.map((l) => re.exec(l)?.[1]).find(Boolean);
    return { label, lines, seqScans: seqScans(lines), planning: find(/Planning Time: ([\d.]+ ms)/), execution: find(/Execution Time: ([\d.]+ ms)/) };
  };
  try {
    for (const e of ENDPOINTS) {
      const lines = await sql.begin(async (tx) => {
        await tx.unsafe(SET_CALLER, [claimsJson]);
        const out = await tx.unsafe(`explain (analyze, buffers) ${e.sql}`, e.params(ctx, ctx.methodIds[0]));
        throw Object.assign(new Error('rollback'), { out });
      }).catch((error: { out?: { 'QUERY PLAN': string }[] }) => {
        if (!error.out) throw error;
        return error.out.map((r) => r['QUERY PLAN']);
      });
      const plan = parse(e.label, lines);
      // A seq scan on a table the endpoint does not list is still reported (informational) but not asserted.
      plan.seqScans = plan.seqScans.filter((t) => e.indexed.includes(t));
      plans.push(plan);
    }

    // Inside set_default_payment_method: its statements, through auto_explain (log_level notice → this client).
    await sql.unsafe(`load 'auto_explain'`);
    await sql.unsafe(`set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on; set auto_explain.log_buffers = on;
      set auto_explain.log_nested_statements = on; set auto_explain.log_level = notice; set auto_explain.log_format = text`);
    notices.length = 0;
    await sql.begin(async (tx) => {
      await tx.unsafe(SET_CALLER, [claimsJson]);
      // Switch to a method that is not the default, so that both updates run.
      const [current] = await tx.unsafe(`select id from public.payment_methods where is_default`);
      const target = ctx.methodIds.find((id) => id !== current?.id) ?? ctx.methodIds[0];
      notices.length = 0;
      await tx.unsafe(`select id from app.set_default_payment_method($1)`, [target]);
      throw new Error('rollback');
    }).catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
    await sql.unsafe(`set auto_explain.log_min_duration = -1`);
    // auto_explain's notice: "duration: … plan:\nQuery Text: <statement, possibly several lines>\n<plan>".
    const nested = notices
      .filter((n) => / on (payment_methods|audit_activities)\b/.test(n) && !/set_default_payment_method\(\$1\)/.test(n))
      .map((n) => {
        const lines = n.split('\n');
        const planStart = lines.findIndex((l, i) => i > 1 && /^\S.*\(cost=/.test(l));
        const text = lines.slice(1, planStart).join(' ').replace(/^Query Text:\s*/, '').replace(/\s+/g, ' ').trim();
        return { text, lines: [lines[0], ...lines.slice(planStart)] };
      });
    for (const { text, lines } of nested) {
      const plan = parse(`set_default_payment_method → ${text.length > 100 ? `${text.slice(0, 100)}…` : text}`, lines);
      plan.execution = /duration: ([\d.]+ ms)/.exec(lines[0])?.[1];
      plan.seqScans = plan.seqScans.filter((t) => ['payment_methods', 'audit_activities', 'workflows'].includes(t));
      plans.push(plan);
    }
    if (!nested.length) plans.push({ label: 'set_default_payment_method (nested)', lines: ['auto_explain gave no nested plans'], seqScans: [] });

    // The session check runs on the pool's connection as `postgres` (outside the caller's transaction).
    const lines = (await sql.begin(async (tx) => {
      await tx.unsafe(`set local role postgres`);
      return await tx.unsafe(`explain (analyze, buffers) ${SESSION_SQL}`, [ctx.sessionId, ctx.userId]);
    })).map((r) => r['QUERY PLAN'] as string);
    plans.push({ ...parse('session check (every request, as postgres)', lines), seqScans: [] });
  } finally {
    await sql.end({ timeout: 2 });
  }
  return plans;
}

type Facts = { cpu: string; cores: number; memory: string; node: string; deno: string; postgres: string; date: string; load: string };

/** The machine's load average when the benchmark started (1, 5, 15 min): the report says how busy it was, measured. */
const LOAD_AT_START = loadavg();
const loadText = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');

async function machineFacts(sql: postgres.Sql): Promise<Facts> {
  const deno = spawnSync(join(repoRoot, 'node_modules/.bin/deno'), ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? '?';
  const [{ version }] = await sql<{ version: string }[]>`select version()`;
  return {
    cpu: cpus()[0]?.model ?? '?',
    cores: cpus().length,
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    deno,
    postgres: version.split(' on ')[0],
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    load: `load average (1 / 5 / 15 min) ${loadText(LOAD_AT_START)} at the start, ${loadText(loadavg())} after measuring`,
  };
}

function printTable(rows: Row[]) {
  console.log('\nendpoint                                      conc |   API rps   p50 ms   p99 ms | floor rps   p50 ms   p99 ms | rps ×  p50 ×');
  for (const { endpoint, connections, api, floor } of rows) {
    console.log(
      `${endpoint.label.padEnd(44)} ${String(connections).padStart(4)} | ${fmt(api.rps).padStart(9)} ${ms(api.p50).padStart(8)} ${ms(api.p99).padStart(8)} |` +
        ` ${fmt(floor.rps).padStart(9)} ${ms(floor.p50).padStart(8)} ${ms(floor.p99).padStart(8)} | ${fmt(api.rps / floor.rps, 2).padStart(5)} ${fmt(api.p50 / floor.p50, 2).padStart(6)}`,
    );
  }
  console.log();
}

type ReportInput = {
  o: Options;
  rows: Row[];
  plans: Plan[];
  facts: Facts;
  volumes: { table: string; rows: string }[];
  orgCounts?: { workflows: string; audit: string };
  timings: Record<string, number>;
  poolSize: number;
  /** Whether the pool (the function's and the floor's) prepares its statements. */
  prepare: boolean;
  problems: string[];
  sessionPoint: { connections: number; point: Point };
  probes: Probe[];
  email: string;
};

function markdown(r: ReportInput): string {
  const { o, rows, plans, facts } = r;
  const table = [
    '| endpoint | conn. | API req/s | API p50 ms | API p99 ms | floor req/s | floor p50 ms | floor p99 ms | API/floor req/s | API/floor p50 | floor+session req/s | floor+session p50 ms | non-2xx |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map(({ endpoint, connections, api, floor, floorSession: fs }) =>
      `| \`${endpoint.label}\` | ${connections} | ${fmt(api.rps)} | ${ms(api.p50)} | ${ms(api.p99)} | ${fmt(floor.rps)} | ${ms(floor.p50)} | ${ms(floor.p99)} | **${fmt(api.rps / floor.rps, 2)}** | **${fmt(api.p50 / floor.p50, 2)}** | ${fmt(fs.rps)} | ${ms(fs.p50)} | ${api.failed} |`),
  ].join('\n');
  const single = Math.min(...o.connections);
  const overhead = rows.filter((x) => x.connections === single).map(({ endpoint, api, floor, floorSession: fs }) =>
    `- \`${endpoint.label}\`: API p50 ${ms(api.p50)} ms = floor ${ms(floor.p50)} ms + session check ${ms(fs.p50 - floor.p50)} ms + ` +
    `the rest (HTTP, cookie and JWT verification, routing, JSON) ${ms(api.p50 - fs.p50)} ms`).join('\n');
  const sizes = ENDPOINTS.map((e) => {
    const b = rows.find((x) => x.endpoint === e)?.api.bytes ?? 0;
    return `\`${e.label}\` ${b > 10_000 ? `${(b / 1024).toFixed(0)} KiB` : `${Math.round(b)} B`}`;
  }).join(', ');
  const planSections = plans.map((p) => [
    `**${p.label}**: planning ${p.planning ?? '–'}, execution ${p.execution ?? '–'}${p.seqScans.length ? ` — **Seq Scan on ${p.seqScans.join(', ')}**` : ''}`,
    '',
    '```',
    ...keyLines(p.lines).filter((l) => !/Planning Time|Execution Time/.test(l)).slice(0, 24),
    '```',
  ].join('\n')).join('\n\n');
  const timing = Object.entries(r.timings).map(([k, v]) => `${k} ${v.toFixed(0)} s`).join(', ');
  const sp = r.sessionPoint.point;
  return `# API benchmark

Generated by \`bench/api.ts\` on ${facts.date}. Every API figure sits next to its floor (the same SQL straight
through postgres.js) measured in the same run, back to back, because the machine is shared and noisy: read the
ratios, not the absolute numbers.

## How to run

\`\`\`sh
KOLLEGA_PORT_OFFSET=4000 npx tsx bench/api.ts                       # full scale, 10 s per point: about 8 minutes in all
KOLLEGA_PORT_OFFSET=4000 npx tsx bench/api.ts --organizations 10 --workflows 5000 --audit 50000 --duration 3 --out /tmp/quick.md
KOLLEGA_PORT_OFFSET=4000 npx tsx bench/api.ts --tiny      # what npm test runs: 2 organisations, 300 workflows, 1 s per point
# where the function's time goes: a V8 CPU profile of its Deno (and a Markdown summary), written when the stack stops
KOLLEGA_API_DENO_FLAGS="--cpu-prof-dir=$PWD/.local/api-profile --cpu-prof-md" KOLLEGA_PORT_OFFSET=4000 npx tsx bench/api.ts --connections 1 --out /tmp/profiled.md
\`\`\`

The report replaces only what lies between the \`api-bench\` markers of this file (what is written by hand goes below
them). \`npm test\` runs the tiny scale (about 75 s with its own stack) so that a change that breaks the benchmark fails
CI; at that size sequential scans are the planner's right choice, so plans are reported there, not judged.

It starts a fresh test-profile stack (\`.local/test/\` is wiped; the ports follow \`KOLLEGA_PORT_OFFSET\`), fills it with
\`dev/generate.ts\`, signs in as the first generated organisation's admin through \`POST /api/login\` (Origin = the app's
origin, cookies kept), creates three payment methods for that organisation through the API, then for each endpoint and
concurrency runs autocannon against the \`api\` function's own port (${o.warmup} s warm-up, ${o.duration} s measured in
${o.rounds} slices that take turns with the floor's, so that API and floor see the same machine load) and the floor: a postgres.js pool of the function's size and options (${r.poolSize} connections, \`prepare: ${r.prepare}\`), each operation one
transaction doing \`withUser\`'s \`set_config\` and then the route's query, in a closed loop of as many workers as
connections; then the same again with \`withUser\`'s actual first statement, which also checks the session
(\`auth.sessions\` ⋈ \`auth.users\` ⋈ \`profiles\`): "floor+session" is all the SQL the function sends per request. \`PUT …/default\` rotates through the three methods (one counter shared by all connections), so nearly every
call moves the default (with concurrent connections two calls can name the same method; that one is a no-op).
Latencies are per request (autocannon's hrtime per response; \`performance.now()\` per floor operation). Finally it runs
\`EXPLAIN (ANALYZE, BUFFERS)\` of each hot query as \`authenticated\` with the caller's claims and fails if audit_activities,
workflows or payment_methods are read by a Seq Scan. It exits non-zero on any non-2xx answer or such a plan.

## Machine and data

- ${facts.cores} × ${facts.cpu}, ${facts.memory} RAM; ${facts.load}
- Node ${facts.node}, ${facts.deno}, ${facts.postgres} (local cluster: fsync off, shared_buffers 256 MB)
- autocannon and the floor run in the same Node process as the Auth stand-in, on the same two cores as Deno and Postgres
- Generated with \`--organizations ${o.organizations} --workflows ${o.workflows} --audit ${o.audit}\` (plus the seed):
  ${r.volumes.map((v) => `${v.table} ${Number(v.rows).toLocaleString('en-US')}`).join(', ')} rows after the run
  (the default switches add audit rows). The benchmark organisation has ${r.orgCounts?.workflows ?? '?'} workflows and
  ${Number(r.orgCounts?.audit ?? 0).toLocaleString('en-US')} audit rows.
- Phases: ${timing}.

## Results

${table}

Response sizes: ${sizes}. The session check's query alone (\`auth.sessions\` ⋈ \`auth.users\` ⋈ \`profiles\`, which
\`withUser\` runs inside its first statement) on the same pool: ${fmt(sp.rps)} req/s, p50 ${ms(sp.p50)} ms at
${r.sessionPoint.connections} connections.

The function without SQL (same run, ${Math.min(o.duration, 5)} s each):

| probe | conn. | req/s | p50 ms | p99 ms |
|---|--:|--:|--:|--:|
${r.probes.map((p) => `| \`${p.label}\` | ${p.connections} | ${fmt(p.point.rps)} | ${ms(p.point.p50)} | ${ms(p.point.p99)} |`).join('\n')}
${r.problems.length ? `\n**Problems in this run:**\n\n${r.problems.map((p) => `- ${p}`).join('\n')}\n` : '\nNo request failed (non-2xx 0 everywhere) and no hot query read a large table sequentially.\n'}
## Interpretation

Where the time goes at ${single} connection (p50s of this run; differences of medians, so approximate):

${overhead}

What each part costs, from the figures above:

- **The SQL itself** is the floor. Every hot query is an index range of one organisation (plans below), so the
  floor is dominated by round trips and row transfer, not by the 1M-row table: \`withUser\` makes every request a
  transaction of four statements (BEGIN, the \`set_config\`s, the query, COMMIT), and the floor pays the same; both
  prepare their statements as the function's pool does (\`prepare\` above), so each is one round trip.
- **The session check** (\`auth.sessions\` ⋈ \`auth.users\` ⋈ \`profiles\` by primary keys) rides in \`withUser\`'s first
  statement, so it costs no round trip of its own: the difference between "floor" and "floor+session" is the work of
  three primary-key lookups inside a statement that is sent anyway.
- **HTTP, cookies and the JWT**: the probes without SQL show what Deno's HTTP server, Hono's routing and global
  middleware (404) and additionally cookie parsing and HS256 verification (forged-token 401) cost per request.
- **The rest** (API minus floor+session) is the function's JavaScript around the query (route handler, postgres.js
  in Deno, whose Node-compatible sockets cost more per round trip than Node's in the floor, \`c.json\`: a page of
  30 workflows is about 15 KiB of JSON) and a third busy process: during an API point autocannon (Node), Deno and
  Postgres share the two cores, while the floor is Node and Postgres only. Under saturation throughput is inversely
  proportional to the CPU time per request of all three, which is why API/floor throughput stays below 1 for the
  reads; the default switch's throughput is bounded by its organisation lock (one switch at a time) rather than CPU.
- A bodyless \`PUT\` is sent with \`Content-Length: 0\` as browsers send it. Without the header (e.g. \`curl -X PUT\`)
  a request costs several milliseconds more (measured while writing this script: p50 8 ms instead of 2 ms at one
  connection on the seed data); probably Hono's \`bodyLimit\`, which reads the body stream whenever there is no
  Content-Length (not investigated further: browsers always send the header).



## Query plans (EXPLAIN (ANALYZE, BUFFERS), as \`authenticated\` with the admin's claims)

Key lines of each plan on the generated data. \`set_default_payment_method\` is security definer: its statements
were captured with \`auto_explain\` (nested statements) during one call, rolled back.

${planSections}
`;
}

await main();
