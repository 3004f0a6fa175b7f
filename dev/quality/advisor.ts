// Security and performance self-check of the migrated schema, in the manner of Supabase's database
// advisor (splinter; docs/local-stack.md, "Security lints"): each lint is one query over the
// catalogue that returns the offending objects. Any finding fails the run.
//   npx tsx dev/quality/advisor.ts --db postgresql://postgres:postgres@127.0.0.1:55322/postgres
import postgres from 'postgres';

/** The schemas the Data API exposes (pgrst.db_schemas on a Supabase project). */
const EXPOSED = ['public', 'graphql_public'];
/** Schemas owned by Supabase or by extensions, which the advisor skips. */
const SYSTEM = ['pg_catalog', 'information_schema', 'auth', 'storage', 'extensions', 'graphql', 'graphql_public', 'realtime',
  'vault', 'pgsodium', 'net', 'cron', 'supabase_functions', 'supabase_migrations', 'pgbouncer', 'pgmq', 'pgtle', 'tests',
  // pg-boss's job queue: its own schema, vendored verbatim from the pinned version, never exposed.
  'pgboss'];
/**
 * Roles a policy may name besides `authenticated`: the runner's own login role, whose policies are
 * deliberately `using (true)` (it executes the runs of every organisation; docs/database.md).
 */
const SERVICE_POLICY_ROLES = ['kollega_runner'];

type Lint = { name: string; level: 'ERROR' | 'WARN' | 'INFO'; title: string; sql: string };

const userSchemas = `n.nspname <> all (array[${SYSTEM.map((s) => `'${s}'`).join(', ')}]) and n.nspname not like 'pg\\_%'`;
const exposed = `n.nspname = any (array[${EXPOSED.map((s) => `'${s}'`).join(', ')}])`;
const apiRoleCanSelect = `(has_table_privilege('anon', c.oid, 'SELECT') or has_table_privilege('authenticated', c.oid, 'SELECT'))`;
const notExtensionMember = `not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`;

export const LINTS: Lint[] = [
  { name: '0001_unindexed_foreign_keys', level: 'INFO', title: 'foreign key without a covering index', sql: `
    select format('%s.%s (%s)', n.nspname, c.relname, con.conname) as object
    from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
    where con.contype = 'f' and ${userSchemas} and ${notExtensionMember}
      and not exists (select 1 from pg_index i where i.indrelid = con.conrelid
                      and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] @> con.conkey::int2[]
                      and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] <@ con.conkey::int2[])` },
  { name: '0003_auth_rls_initplan', level: 'WARN', title: 'policy calls auth.*() or current_setting() per row (not in a sub-select)', sql: `
    select format('%s.%s: %s', schemaname, tablename, policyname) as object from pg_policies
    where coalesce(qual, '') || ' ' || coalesce(with_check, '') ~ '(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\()'
      and coalesce(qual, '') || ' ' || coalesce(with_check, '') !~* 'select\\s+(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\()'` },
  { name: '0004_no_primary_key', level: 'INFO', title: 'table without a primary key', sql: `
    select format('%s.%s', n.nspname, c.relname) as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and ${userSchemas} and ${notExtensionMember}
      and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary)` },
  { name: '0006_multiple_permissive_policies', level: 'WARN', title: 'several permissive policies for one table, role and action', sql: `
    select format('%s.%s %s for %s: %s', p.schemaname, p.tablename, p.cmd, r.role, string_agg(p.policyname, ', ' order by p.policyname)) as object
    from pg_policies p cross join lateral unnest(p.roles) r (role)
    cross join lateral (select unnest(case when p.cmd = 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[p.cmd] end)) a (cmd)
    where p.permissive = 'PERMISSIVE' and p.schemaname <> all (array['auth', 'storage'])
    group by p.schemaname, p.tablename, p.cmd, a.cmd, r.role having count(*) > 1` },
  { name: '0007_policy_exists_rls_disabled', level: 'ERROR', title: 'policies on a table without RLS', sql: `
    select format('%s.%s', n.nspname, c.relname) as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and not c.relrowsecurity and exists (select 1 from pg_policy p where p.polrelid = c.oid) and ${userSchemas}` },
  { name: '0008_rls_enabled_no_policy', level: 'INFO', title: 'RLS enabled but no policy, in an exposed schema', sql: `
    select format('%s.%s', n.nspname, c.relname) as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and c.relrowsecurity and not exists (select 1 from pg_policy p where p.polrelid = c.oid) and ${exposed}` },
  { name: '0009_duplicate_index', level: 'WARN', title: 'identical indexes', sql: `
    select format('%s.%s: %s', n.nspname, c.relname, string_agg(ic.relname, ', ' order by ic.relname)) as object
    from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where ${userSchemas}
    group by n.nspname, c.relname, i.indkey::text, i.indclass::text, coalesce(pg_get_expr(i.indexprs, i.indrelid), ''), coalesce(pg_get_expr(i.indpred, i.indrelid), '')
    having count(*) > 1` },
  { name: '0010_security_definer_view', level: 'ERROR', title: 'exposed view without security_invoker', sql: `
    select format('%s.%s', n.nspname, c.relname) as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'v' and ${exposed} and ${apiRoleCanSelect} and ${notExtensionMember}
      and not coalesce(c.reloptions::text[] && array['security_invoker=true', 'security_invoker=on', 'security_invoker=1'], false)` },
  { name: '0011_function_search_path_mutable', level: 'WARN', title: 'function without a fixed search_path', sql: `
    select p.oid::regprocedure::text as object from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where ${userSchemas} and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) cfg where cfg like 'search_path=%')` },
  { name: '0013_rls_disabled_in_public', level: 'ERROR', title: 'exposed table without RLS', sql: `
    select format('%s.%s', n.nspname, c.relname) as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relrowsecurity and ${exposed} and ${apiRoleCanSelect}` },
  { name: '0013b_rls_disabled_anywhere', level: 'ERROR', title: 'table without RLS that an API role can read (any schema)', sql: `
    select format('%s.%s', n.nspname, c.relname) as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relrowsecurity and ${userSchemas} and ${apiRoleCanSelect}` },
  { name: '0014_extension_in_public', level: 'WARN', title: 'extension installed in public', sql: `
    select e.extname as object from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public'` },
  { name: '0015_rls_references_user_metadata', level: 'ERROR', title: 'policy reads user_metadata', sql: `
    select format('%s.%s: %s', schemaname, tablename, policyname) as object from pg_policies
    where coalesce(qual, '') || ' ' || coalesce(with_check, '') ~ 'user_metadata'` },
  { name: '0016_materialized_view_in_api', level: 'WARN', title: 'materialized view readable by an API role', sql: `
    select format('%s.%s', n.nspname, c.relname) as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'm' and ${exposed} and ${apiRoleCanSelect}` },
  { name: '0017_foreign_table_in_api', level: 'WARN', title: 'foreign table readable by an API role', sql: `
    select format('%s.%s', n.nspname, c.relname) as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'f' and ${exposed} and ${apiRoleCanSelect}` },
  { name: '0021_fkey_to_auth_unique', level: 'ERROR', title: 'foreign key to a unique constraint in auth', sql: `
    select format('%s (%s)', con.conrelid::regclass, con.conname) as object from pg_constraint con
    join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
    join pg_constraint uc on uc.conrelid = con.confrelid and uc.contype = 'u' and uc.conkey = con.confkey
    where con.contype = 'f' and rn.nspname = 'auth'` },
  { name: '0024_rls_policy_always_true', level: 'WARN', title: 'write policy that is always true', sql: `
    select format('%s.%s: %s', schemaname, tablename, policyname) as object from pg_policies
    where cmd <> 'SELECT' and (btrim(coalesce(qual, ''), ' ()') ilike 'true' or btrim(coalesce(with_check, ''), ' ()') ilike 'true')
      and not roles <@ array[${SERVICE_POLICY_ROLES.map((r) => `'${r}'`).join(', ')}]::name[]` },
  { name: '0028_anon_security_definer_function_executable', level: 'WARN', title: 'security definer function in an exposed schema executable by anon', sql: `
    select p.oid::regprocedure::text as object from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where p.prosecdef and ${exposed} and has_function_privilege('anon', p.oid, 'EXECUTE')` },
  { name: '0029_authenticated_security_definer_function_executable', level: 'WARN', title: 'security definer function in an exposed schema executable by authenticated', sql: `
    select p.oid::regprocedure::text as object from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where p.prosecdef and ${exposed} and has_function_privilege('authenticated', p.oid, 'EXECUTE')` },
  { name: 'K001_policy_not_to_authenticated', level: 'ERROR', title: 'policy that applies to a role other than authenticated', sql: `
    select format('%s.%s: %s (%s)', schemaname, tablename, policyname, array_to_string(roles, ', ')) as object from pg_policies
    where schemaname <> all (array['auth', 'storage']) and roles <> '{authenticated}'
      and not roles <@ array[${SERVICE_POLICY_ROLES.map((r) => `'${r}'`).join(', ')}]::name[]` },
  { name: 'K002_helper_not_in_subselect', level: 'WARN', title: 'policy calls a private helper per row (not in a sub-select)', sql: `
    select format('%s.%s: %s', schemaname, tablename, policyname) as object from pg_policies
    where coalesce(qual, '') || ' ' || coalesce(with_check, '') ~ '(?<!SELECT )private\\.[a-z_]+\\('` },
  { name: 'K003_audit_or_log_table_writable_by_api_role', level: 'ERROR', title: 'audit or log table that anon or authenticated can write (rows must come from triggers and security-definer functions)', sql: `
    select format('%s.%s', n.nspname, c.relname) as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and ${userSchemas} and ${notExtensionMember}
      and c.relname ~ '(audit|(^|_)logs?($|_)|failures)'
      and (has_table_privilege('anon', c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE') or has_table_privilege('authenticated', c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')
           or has_any_column_privilege('anon', c.oid, 'INSERT, UPDATE') or has_any_column_privilege('authenticated', c.oid, 'INSERT, UPDATE'))` },
];

export async function runAdvisor(dbUrl: string): Promise<Array<{ lint: Lint; objects: string[] }>> {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  try {
    const findings: Array<{ lint: Lint; objects: string[] }> = [];
    for (const lint of LINTS) {
      const rows = await sql.unsafe<{ object: string }[]>(lint.sql);
      if (rows.length) findings.push({ lint, objects: rows.map((r) => r.object) });
    }
    return findings;
  } finally {
    await sql.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--db');
  const dbUrl = at > 0 ? process.argv[at + 1] : process.env.DB_URL;
  if (!dbUrl) {
    console.error('usage: npx tsx dev/quality/advisor.ts --db <postgres url>');
    process.exit(2);
  }
  const findings = await runAdvisor(dbUrl);
  for (const { lint, objects } of findings) {
    console.log(`${lint.level.padEnd(5)} ${lint.name}: ${lint.title}`);
    for (const object of objects) console.log(`        ${object}`);
  }
  console.log(`${LINTS.length} lints, ${findings.reduce((n, f) => n + f.objects.length, 0)} findings`);
  process.exit(findings.length ? 1 : 0);
}
