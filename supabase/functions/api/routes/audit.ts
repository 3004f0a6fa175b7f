// The audit trail (SPEC §2 audit trail): filtered, keyset-paged reads newest first, and a CSV export.
// Rows are written by triggers and SQL functions only; nobody changes them (docs/database.md).
import { Hono } from 'hono';
import { z } from 'zod';
import type { Tx } from '../../_shared/db.ts';
import { type Lang, t } from '../../_shared/i18n.ts';
import { type AuditQuery, auditQuerySchema } from '../../_shared/schemas/audit.ts';
import { ACTIVITY_LIST } from '../../_shared/statements.ts';
import type { AuditActivity, Page } from '../../_shared/types/api.ts';
import { decodeCursor, idKey, pageParams, scopeOf, timestampKey, toPage } from '../paging.ts';
import { type AppEnv, requireSession } from '../middleware.ts';
import { asCaller, likePattern, readQuery } from '../resource.ts';

export const CSV_LIMIT = 10_000;

/** Calendar days (from, to) are Swedish days. */
const TIME_ZONE = 'Europe/Stockholm';

export const csvQuerySchema = auditQuerySchema.extend({
  limit: z.coerce.number({ message: 'limit_invalid' }).int('limit_invalid').min(1, 'limit_invalid').max(CSV_LIMIT, 'limit_invalid')
    .default(CSV_LIMIT),
});

export const AUDIT_PAGE_MAX = 500;

const listQuerySchema = auditQuerySchema.extend(pageParams(50, AUDIT_PAGE_MAX));
const activityKey = z.tuple([timestampKey, idKey]);

/**
 * The organisation's activities matching the filters, newest first, after `after` (the last row's timestamp and
 * id of the previous page). Timestamps keep Postgres' microseconds. Served by the
 * (organization_id[, user_id | action], created_at desc) indexes under RLS.
 */
export function selectActivities(tx: Tx, query: Partial<AuditQuery> & { limit: number; after?: [string, string] | null }) {
  const conditions = [tx`true`];
  if (query.after) {
    // The first condition lets the index start at the cursor; the row comparison breaks ties by id.
    conditions.push(tx`a.created_at <= ${query.after[0]}::text::timestamptz`);
    conditions.push(tx`(a.created_at, a.id) < (${query.after[0]}::text::timestamptz, ${query.after[1]}::uuid)`);
  }
  if (query.userId) conditions.push(tx`a.user_id = ${query.userId}`);
  if (query.action) conditions.push(tx`a.action = ${query.action}`);
  if (query.from) conditions.push(tx`a.created_at >= (${query.from}::date)::timestamp at time zone ${TIME_ZONE}`);
  if (query.to) conditions.push(tx`a.created_at < (${query.to}::date + 1)::timestamp at time zone ${TIME_ZONE}`);
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(tx`(a.details ilike ${pattern} or a.action ilike ${pattern})`);
  }
  const where = conditions.reduce((all, condition) => tx`${all} and ${condition}`);
  return tx<AuditActivity[]>`${tx.unsafe(ACTIVITY_LIST.select)} where ${where} ${tx.unsafe(ACTIVITY_LIST.order)} limit ${query.limit}`;
}

/** One CSV cell: quoted, quotes doubled, and a leading = + - @ (or tab / CR) neutralised against formula injection. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(rows: AuditActivity[], lang: Lang): string {
  const header = [
    t(lang, 'csv_timestamp'),
    t(lang, 'csv_action'),
    t(lang, 'csv_details'),
    t(lang, 'csv_user_id'),
    t(lang, 'csv_user_name'),
    t(lang, 'csv_workflow_id'),
    t(lang, 'csv_execution_id'),
    t(lang, 'csv_resource'),
    t(lang, 'csv_ip_address'),
    t(lang, 'csv_metadata'),
  ];
  const lines = [header.map(csvCell).join(',')];
  for (const r of rows) {
    lines.push(
      [r.timestamp, r.action, r.details, r.userId, r.userName, r.workflowId, r.executionId, r.resource, r.ipAddress, r.metadata]
        .map(csvCell).join(','),
    );
  }
  // A byte order mark so that spreadsheet programs read å, ä and ö as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const auditRoutes = new Hono<AppEnv>();

// A page of the audit trail with its filters (docs/api.md "Lists and pages").
auditRoutes.get('/audit-activities', requireSession, async (c) => {
  const { cursor, limit, ...filters } = readQuery(c, listQuerySchema);
  const scope = scopeOf(c, 'audit-activities', filters);
  const after = cursor ? decodeCursor(c, scope, cursor, activityKey) : null;
  const rows = await asCaller(c, (tx) => selectActivities(tx, { ...filters, limit: limit + 1, after }));
  const page: Page<AuditActivity> = toPage(scope, rows, limit, (a) => [a.timestamp, a.id], (a) => a);
  return c.json(page);
});

auditRoutes.get('/audit-activities.csv', requireSession, async (c) => {
  const query = readQuery(c, csvQuerySchema);
  const rows = await asCaller(c, (tx) => selectActivities(tx, query));
  const lang = c.get('lang');
  const date = new Date().toISOString().slice(0, 10);
  return c.body(toCsv(rows, lang), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${t(lang, 'csv_filename')}-${date}.csv"`,
    'X-Content-Type-Options': 'nosniff',
  });
});
