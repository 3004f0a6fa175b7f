// The advisor's lints must catch what they claim to: a bootstrapped cluster (no migrations) gets one
// offending object per lint, and each lint reports it; a clean object next to it is not reported.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startCluster, type Cluster } from '../lib/cluster.ts';
import { LINTS, runAdvisor } from './advisor.ts';

const offset = Number(process.env.KOLLEGA_PORT_OFFSET ?? 0) || 0;
const PORT = 55527 + offset;
let cluster: Cluster;

const offences = `
  create schema private;
  create table public.no_rls (id int primary key);
  grant select on public.no_rls to authenticated;
  create table public.good (id int primary key, owner uuid);
  alter table public.good enable row level security;
  create policy "members read good rows" on public.good for select to authenticated using (owner = (select auth.uid()));
  create table public.no_pk (owner uuid);
  alter table public.no_pk enable row level security;
  create policy "per row" on public.no_pk for select to authenticated using (owner = auth.uid());
  create policy "twice a" on public.no_pk for update to authenticated using (owner = (select auth.uid()));
  create policy "twice b" on public.no_pk for update to authenticated using (owner = (select auth.uid()));
  create policy "always" on public.no_pk for insert to authenticated with check (true);
  create policy "meta" on public.no_pk for delete to authenticated using ((select auth.jwt()) -> 'user_metadata' ->> 'x' = 'y');
  create policy "anon too" on public.no_pk for select to anon, authenticated using (owner = (select auth.uid()));
  create table public.rls_off (id int primary key);
  create policy "orphan" on public.rls_off for select to authenticated using (true);
  create table public.empty_rls (id int primary key);
  alter table public.empty_rls enable row level security;
  create table public.child (id int primary key, good_id int references public.good (id));
  alter table public.child enable row level security;
  create policy "x" on public.child for select to authenticated using (true);
  create index child_a_idx on public.child (id);
  create index child_b_idx on public.child (id);
  create view public.plain_view as select id from public.good;
  grant select on public.plain_view to authenticated;
  create function public.mutable() returns int language sql as 'select 1';
  create function public.definer() returns int language sql security definer set search_path = '' as 'select 1';
  grant execute on function public.definer() to anon, authenticated;
  create function private.is_member() returns boolean language sql stable security definer set search_path = '' as 'select true';
  create policy "helper per row" on public.child for update to authenticated using (private.is_member());
  create materialized view public.mat as select 1 as one;
  grant select on public.mat to authenticated;
  create extension if not exists pg_trgm with schema public;
  create table public.audit_trail (id int primary key, action text);
  alter table public.audit_trail enable row level security;
  create policy "members write the trail" on public.audit_trail for insert to authenticated with check (action = 'x');
  grant select on public.audit_trail to authenticated;
  grant insert (action) on public.audit_trail to authenticated;
  create table public.change_log (id int primary key);
  alter table public.change_log enable row level security;
  create policy "members read the log" on public.change_log for select to authenticated using (id > 0);
  grant select on public.change_log to authenticated;
  grant delete on public.change_log to anon;
  create table public.read_only_audit (id int primary key);
  alter table public.read_only_audit enable row level security;
  create policy "members read the audit" on public.read_only_audit for select to authenticated using (id > 0);
  revoke all on public.read_only_audit from anon, authenticated;
  grant select on public.read_only_audit to authenticated;
`;

beforeAll(async () => {
  rmSync(join(repoRoot, '.local', 'advisor-test'), { recursive: true, force: true });
  cluster = await startCluster({ name: 'advisor-test', port: PORT });
  cluster.psql({ file: join(repoRoot, 'dev/sql/bootstrap.sql'), role: 'supabase_admin' });
  cluster.psql({ sql: offences, role: 'supabase_admin' });
});

afterAll(async () => {
  await cluster?.stop();
});

const expected: Record<string, string> = {
  '0001_unindexed_foreign_keys': 'public.child (child_good_id_fkey)',
  '0003_auth_rls_initplan': 'public.no_pk: per row',
  '0004_no_primary_key': 'public.no_pk',
  '0006_multiple_permissive_policies': 'twice a, twice b',
  '0007_policy_exists_rls_disabled': 'public.rls_off',
  '0008_rls_enabled_no_policy': 'public.empty_rls',
  '0009_duplicate_index': 'child_a_idx, child_b_idx',
  '0010_security_definer_view': 'public.plain_view',
  '0011_function_search_path_mutable': 'mutable()',
  '0013_rls_disabled_in_public': 'public.no_rls',
  '0013b_rls_disabled_anywhere': 'public.no_rls',
  '0014_extension_in_public': 'pg_trgm',
  '0015_rls_references_user_metadata': 'public.no_pk: meta',
  '0016_materialized_view_in_api': 'public.mat',
  '0024_rls_policy_always_true': 'public.no_pk: always',
  '0028_anon_security_definer_function_executable': 'definer()',
  '0029_authenticated_security_definer_function_executable': 'definer()',
  'K001_policy_not_to_authenticated': 'public.no_pk: anon too',
  'K002_helper_not_in_subselect': 'public.child: helper per row',
  'K003_audit_or_log_table_writable_by_api_role': 'public.audit_trail',
};

it('K003 also reports a log table that anon may delete from, and not an audit table that API roles only read', async () => {
  const findings = await runAdvisor(cluster.url('supabase_admin'));
  const objects = findings.find((f) => f.lint.name === 'K003_audit_or_log_table_writable_by_api_role')?.objects ?? [];
  expect(objects).toContain('public.change_log');
  expect(objects).not.toContain('public.read_only_audit');
});

describe('advisor', () => {
  it.each(Object.entries(expected))('%s reports %s', async (name, object) => {
    const findings = await runAdvisor(cluster.url('supabase_admin'));
    const finding = findings.find((f) => f.lint.name === name);
    expect(finding?.objects.some((o) => o.includes(object))).toBe(true);
  });

  it('does not report the well-formed table, policy and index', async () => {
    const findings = await runAdvisor(cluster.url('supabase_admin'));
    const all = findings.flatMap((f) => f.objects);
    expect(all.filter((o) => o.includes('public.good') && !o.includes('child'))).toEqual([]);
    expect(all.some((o) => o.includes('members read good rows'))).toBe(false);
  });

  it('has a test for every lint that can be provoked here', () => {
    const untested = LINTS.map((l) => l.name).filter((n) => !(n in expected));
    expect(untested).toEqual(['0017_foreign_table_in_api', '0021_fkey_to_auth_unique']);
  });
});
