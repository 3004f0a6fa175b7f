// Fills a local database with realistic volumes for benchmarks: organisations with their users (who can
// sign in), workflows, error-queue items and a long audit trail, all set-based (generate_series) so that
// a million audit rows take about a minute.
//
//   npx tsx dev/generate.ts --db postgresql://postgres:postgres@127.0.0.1:54322/postgres
//     [--organizations 100] [--users 5] [--workflows 100000] [--audit 1000000] [--errors 2000] [--batch 250000]
//
// Rows are added beside what is there (each run tags its organisation numbers and e-mail addresses with its
// own run id), as the `postgres` role: profiles come from the registration trigger; the workflows' audit
// trigger is off while they are inserted (the generated trail has its own workflow_created rows). Every generated user signs in with
// `Generated123!` (e-mail `gen-<run>-<org>-<n>@bench.kollega.se`; n = 1 is the organisation's admin).
import postgres from 'postgres';

type Options = { db: string; organizations: number; users: number; workflows: number; audit: number; errors: number; batch: number };

const DEFAULTS: Omit<Options, 'db'> = { organizations: 100, users: 5, workflows: 100_000, audit: 1_000_000, errors: 2_000, batch: 250_000 };
const PASSWORD = 'Generated123!';
/** The first version of every generated workflow: open a page, fill a form of six fields, send it. */
const GENERATED_DEFINITION = {
  version: 1,
  steps: [
    { id: 'step-1', type: 'navigate', url: 'https://fastighet.example.se/ny' },
    ...['Hyresgäst', 'Lägenhet', 'Belopp', 'Förfallodag', 'Referens', 'Meddelande'].map((name, i) => ({
      id: `step-${i + 2}`,
      type: 'change',
      selectors: [`aria/${name}[role="textbox"]`],
      value: `Värde ${i + 1}`,
    })),
    { id: 'step-8', type: 'click', selectors: ['aria/Skicka[role="button"]'] },
  ],
};

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: npx tsx dev/generate.ts --db <postgres url> [--organizations n] [--users n per organisation] ' +
    '[--workflows n in total] [--audit n in total] [--errors n in total] [--batch n audit rows per statement]');
  process.exit(2);
}

function parseArgs(argv: string[]): Options {
  const options: Partial<Options> = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (!name || value === undefined) usage(`missing value for ${argv[i]}`);
    if (name === 'db') options.db = value;
    else if (name in DEFAULTS) {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) usage(`--${name} must be a whole number`);
      (options as Record<string, number>)[name] = n;
    } else usage(`unknown option --${name}`);
  }
  if (!options.db) usage('--db is required');
  if (options.organizations! < 1 || options.users! < 1) usage('--organizations and --users must be at least 1');
  if (options.batch! < 1) usage('--batch must be at least 1');
  return options as Options;
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await fn();
  console.log(`${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const run = Date.now().toString(36);
  const sql = postgres(o.db, { max: 1, onnotice: () => {}, connection: { application_name: 'kollega-generate' } });
  try {
    await sql`set statement_timeout = 0`;
    await sql`set synchronous_commit = off`;

    await timed(`${o.organizations} organisations with subscriptions`, () =>
      sql.begin(async (tx) => {
        await tx`
          create temp table gen_orgs on commit preserve rows as
          select n, gen_random_uuid() as id from generate_series(0, ${o.organizations - 1}) n`;
        await tx`
          insert into public.organizations (id, name, organization_number, address, city, postal_code, country, email, phone, domain, created_at)
          select g.id,
                 (array['Fastighets', 'Bostads', 'Ekonomi', 'Förvaltnings', 'HR-tjänst', 'Redovisnings'])[g.n % 6 + 1] || ' ' ||
                   (array['Norra', 'Södra', 'Västra', 'Östra', 'City', 'Hamn', 'Park'])[g.n % 7 + 1] || ' AB ' || g.n,
                 'G' || ${run} || lpad(g.n::text, 6, '0'),
                 'Storgatan ' || (g.n % 90 + 1), (array['Stockholm', 'Göteborg', 'Malmö', 'Uppsala', 'Linköping', 'Örebro'])[g.n % 6 + 1],
                 lpad((11000 + g.n % 89000)::text, 5, '0'), 'Sverige', 'info' || g.n || '@' || ${run} || '.bench.kollega.se',
                 '08-' || lpad((g.n % 1000000)::text, 6, '0'), null, now() - make_interval(days => 400 + g.n % 300)
          from gen_orgs g`;
        await tx`
          insert into public.subscriptions (organization_id, plan, status, expires_at)
          select id, case when n % 4 = 0 then 'enterprise' else 'pro' end::public.subscription_plan, 'active', now() + interval '1 year'
          from gen_orgs`;
      })
    );

    await timed(`${o.organizations * o.users} users (password ${PASSWORD})`, () =>
      sql.begin(async (tx) => {
        await tx`
          create temp table gen_users on commit preserve rows as
          select g.n as org_n, g.id as organization_id, k, gen_random_uuid() as id
          from gen_orgs g cross join generate_series(0, ${o.users - 1}) k`;
        await tx`create index on gen_users (org_n, k)`;
        await tx`
          insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
            raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
            confirmation_token, recovery_token, email_change_token_new, email_change)
          select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated',
                 'gen-' || ${run} || '-' || u.org_n || '-' || (u.k + 1) || '@bench.kollega.se', h.hash, now(),
                 jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'), 'organization_id', u.organization_id,
                   'role', case when u.k = 0 then 'admin' when u.k = 1 then 'superuser' else 'user' end),
                 jsonb_build_object('full_name',
                   (array['Anna', 'Erik', 'Maria', 'Lars', 'Karin', 'Johan', 'Sara', 'Per', 'Lena', 'Ali'])[(u.org_n + u.k) % 10 + 1] || ' ' ||
                   (array['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson'])[(u.org_n * 3 + u.k) % 8 + 1]),
                 now() - make_interval(days => 300), now(), '', '', '', ''
          from gen_users u, (select extensions.crypt(${PASSWORD}, extensions.gen_salt('bf', 6)) as hash) h`;
      })
    );

    await timed(`${o.workflows} workflows`, () =>
      sql.begin(async (tx) => {
        // The generated trail below has its own workflow_created rows, spread over the year: the trigger
        // would stamp them all now and without an actor. Transactional, so the trigger is back on at commit.
        await tx`alter table public.workflows disable trigger workflows_audit`;
        await tx`
          insert into public.workflows (organization_id, created_by, name, description, category, start_method, status, is_active,
                                        last_run_at, success_rate, run_count, created_at, updated_at)
          select u.organization_id, u.id,
                 (array['Hyresavier', 'Felanmälningar', 'Leverantörsfakturor', 'Månadsrapport', 'Avtalsbevakning', 'Serviceorder',
                        'Lönefiler', 'Nyanställning', 'Besiktningsprotokoll', 'Kundreskontra'])[j % 10 + 1] || ' ' || i,
                 'Genererat flöde för prestandamätning.',
                 (array['Fastighetsadministration', 'Ärendehantering', 'Rapportering', 'Avtalshantering', 'Underhåll och service', 'Övrigt'])[j % 6 + 1],
                 (array['manual', 'scheduled', 'trigger'])[j % 3 + 1]::public.workflow_start_method,
                 s.status::public.workflow_status, s.status = 'active',
                 case when s.status <> 'draft' then now() - make_interval(mins => ((i::bigint * 7919) % 43200)::int) end,
                 case when s.status <> 'draft' then round((60 + (i * 31) % 40 + ((i * 17) % 100) / 100.0)::numeric, 2) end,
                 case when s.status <> 'draft' then (i * 13) % 2000 else 0 end,
                 c.created_at, c.created_at
          from generate_series(1, ${o.workflows}) i
          cross join lateral (select i / ${o.organizations} as j) per_org
          join gen_users u on u.org_n = i % ${o.organizations} and u.k = j % ${o.users}
          cross join lateral (select (array['active', 'active', 'active', 'paused', 'draft', 'error'])[(j * 7 + 3) % 6 + 1] as status) s
          cross join lateral (select now() - make_interval(secs => ((i::bigint * 104729) % 31536000)::int) as created_at) c`;
        // Every workflow has a first version (runs and their error-queue items refer to one): eight steps.
        await tx`
          with v as (
            insert into public.workflow_versions (organization_id, workflow_id, version, definition, source, created_at)
            select w.organization_id, w.id, 1, ${sql.json(GENERATED_DEFINITION)}, 'recorder', w.created_at
            from public.workflows w join gen_orgs g on g.id = w.organization_id
            returning workflow_id
          )
          update public.workflows w set current_version = 1 from v where w.id = v.workflow_id`;
        // The deferred check of current_version runs now: ALTER TABLE refuses a table with pending trigger events.
        await tx`set constraints all immediate`;
        await tx`alter table public.workflows enable trigger workflows_audit`;
        await tx`
          create temp table gen_workflows on commit preserve rows as
          select g.n as org_n, w.id, (row_number() over (partition by w.organization_id order by w.id) - 1)::int as k
          from public.workflows w join gen_orgs g on g.id = w.organization_id`;
        await tx`create index on gen_workflows (org_n, k)`;
        await tx`
          create temp table gen_workflow_counts on commit preserve rows as
          select org_n, count(*)::int as n from gen_workflows group by org_n`;
      })
    );

    if (o.errors > 0 && o.workflows > 0) {
      // Each item belongs to a failed run (error_queue_items.execution_id references runs): the run first, then its item.
      await timed(`${o.errors} failed runs and their error-queue items`, () =>
        sql`
          with src as materialized (
            select i, gen_random_uuid() as run_id, g.id as organization_id, w.id as workflow_id, s.status,
                   (array['element_not_found', 'timeout', 'validation_error', 'network_error'])[i % 4 + 1] as error_type,
                   (array['Knappen hittades inte på sidan.', 'Sidan svarade inte inom 30 sekunder.', 'Beloppet saknas i fakturan.',
                          'Anslutningen till systemet bröts.'])[i % 4 + 1] as error_message,
                   now() - make_interval(mins => (i * 7) % 20000) as created_at
            from generate_series(1, ${o.errors}) i
            join gen_orgs g on g.n = i % ${o.organizations}
            join gen_workflow_counts c on c.org_n = g.n
            join gen_workflows w on w.org_n = g.n and w.k = (i / ${o.organizations}) % c.n
            cross join lateral (select case when (i / ${o.organizations}) % 3 = 0 then 'pending' else 'resolved' end as status) s
          ),
          runs as (
            insert into public.runs (id, organization_id, workflow_id, workflow_version, trigger, status, step_count, completed_steps,
                                     error_type, error_message, failed_step, created_at, started_at, finished_at)
            select run_id, organization_id, workflow_id, 1, 'manual', 'failed', 8, i % 8, error_type, error_message, i % 8,
                   created_at - interval '1 minute', created_at - interval '1 minute', created_at
            from src
          )
          insert into public.error_queue_items (organization_id, workflow_id, execution_id, step_id, error_type, error_message, status,
                                                priority, resolved_at, created_at)
          select organization_id, workflow_id, run_id, 'step-' || (i % 8 + 1), error_type, error_message,
                 status::public.error_status, (array['high', 'medium', 'low'])[i % 3 + 1]::public.error_priority,
                 case when status = 'resolved' then now() - make_interval(mins => i % 1000) end, created_at
          from src`
      );
    }

    // The audit trail: spread over the last year, newest rows at the lowest i, a realistic mix of actions.
    for (let start = 1; start <= o.audit; start += o.batch) {
      const end = Math.min(o.audit, start + o.batch - 1);
      await timed(`audit activities ${start}–${end} of ${o.audit}`, () =>
        sql`
          insert into public.audit_activities (organization_id, user_id, action, details, workflow_id, execution_id, resource,
                                               ip_address, metadata, created_at)
          select g.id, u.id, a.action,
                 case when a.resource = 'workflow' then 'Flöde ' || i else 'Post ' || i end,
                 case when a.resource in ('workflow', 'error_queue_item') then w.id end,
                 case when a.action in ('workflow_executed', 'error_resolved') then gen_random_uuid() end,
                 a.resource,
                 ('10.' || (i % 250) || '.' || (i / 250 % 250) || '.' || (i % 7 + 1))::inet,
                 case when a.action = 'workflow_executed' then jsonb_build_object('trigger', 'scheduled', 'durationMs', i % 90000)
                      when a.action = 'workflow_updated' then jsonb_build_object('changedFields', jsonb_build_array('name')) end,
                 now() - make_interval(secs => (i::double precision * 31536000 / ${o.audit}) + (i % 17))
          from generate_series(${start}::int, ${end}::int) i
          join gen_orgs g on g.n = i % ${o.organizations}
          join gen_users u on u.org_n = g.n and u.k = (i / ${o.organizations}) % ${o.users}
          left join gen_workflow_counts c on c.org_n = g.n
          left join gen_workflows w on w.org_n = g.n and w.k = (i / 7) % c.n
          cross join lateral (
            select (array['workflow_executed', 'workflow_executed', 'workflow_executed', 'workflow_executed', 'workflow_updated',
                          'error_resolved', 'workflow_created', 'user_updated', 'payment_method_updated', 'organization_updated'])
                     [(i / ${o.organizations} * 7 + i) % 10 + 1]
                     as action
          ) x
          cross join lateral (
            select x.action,
                   case when x.action like 'workflow%' then 'workflow' when x.action = 'error_resolved' then 'error_queue_item'
                        when x.action like 'user%' then 'user' when x.action like 'payment%' then 'payment_method' else 'organization' end
                     as resource
          ) a`
      );
    }

    await timed('analyze', () => sql`analyze public.organizations, public.profiles, public.workflows, public.audit_activities, public.error_queue_items`);
    const [admin] = await sql<{ email: string }[]>`
      select u.email from auth.users u join gen_users g on g.id = u.id where g.org_n = 0 and g.k = 0`;
    console.log(`done: run ${run}; sign in as ${admin.email} / ${PASSWORD} (admin of the first generated organisation)`);
  } finally {
    await sql.end();
  }
}

await main();
