// The SQL text of the api's hot reads, shared by the routes that send it, by bench/api.ts that measures
// it and by the list-index test (api/tests/list-indexes.test.ts) that EXPLAINs it, so that a change to a
// route is what the benchmark and the index test see. No imports: Deno (the function) and Node (tsx, the
// benchmark) both load this file. A route embeds the pieces with `tx.unsafe(…)` around its own filters.

/** A timestamp as ISO 8601 text in UTC, its fraction of a second in milliseconds (MS) or microseconds (US). */
const utcText = (column: string, fraction: 'MS' | 'US') => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${fraction}"Z"')`;

/**
 * A timestamp as the API's JSON carries it: UTC with milliseconds, exactly as JavaScript's `Date#toJSON` writes it
 * (both drop the microseconds). Read as text, a list's timestamps need neither a `Date` per value when the rows are
 * parsed nor a `toJSON` per value when the answer is written.
 */
export const API_TIMESTAMP = (column: string) => utcText(column, 'MS');

/** The columns of a `Workflow`, for `select`/`returning` on public.workflows (alias-free). */
export const WORKFLOW_COLUMNS = `id, name, description, category, start_method as "startMethod", status,
  is_active as "isActive", ${API_TIMESTAMP('created_at')} as "createdAt", ${API_TIMESTAMP('updated_at')} as "updatedAt",
  created_by as "createdBy", ${API_TIMESTAMP('last_run_at')} as "lastRunAt", success_rate::float8 as "successRate", run_count as "runCount", manual_seconds as "manualSeconds", run_location as "runLocation",
  has_login_step as "hasLoginStep"`;

/** The columns of a `PaymentMethod`. */
export const PAYMENT_METHOD_COLUMNS = `id, name, type, card_last_four as "cardLastFour", bank_account as "bankAccount", is_default as "isDefault",
  metadata, created_at as "createdAt"`;

/** A timestamp as a page cursor keeps it: Postgres' microseconds, in UTC. */
export const CURSOR_TIMESTAMP = (column: string) => utcText(column, 'US');

/**
 * A `Workflow` as JSON text written by Postgres (row_to_json of WORKFLOW_COLUMNS, of the row at hand): the same text
 * as those columns read by postgres.js and written by JSON.stringify (tests/workflow-json.test.ts), so a list's rows
 * are neither parsed column by column nor serialized again in the function.
 */
export const WORKFLOW_JSON = `(select row_to_json(w) from (select ${WORKFLOW_COLUMNS}) w)::text`;

/**
 * GET /api/workflows, a page: `${select} where <filter> [and (created_at, id) < <cursor>] ${order} limit <page size + 1>`,
 * served by (organization_id, created_at). Each row is the workflow as JSON text (`item`, WORKFLOW_JSON), and the sort
 * key the next page's cursor carries (`cursorAt`, `id`; not sent to clients).
 */
export const WORKFLOW_LIST = {
  select: `select ${WORKFLOW_JSON} as item, ${CURSOR_TIMESTAMP('created_at')} as "cursorAt", id from public.workflows`,
  order: 'order by created_at desc, id desc',
} as const;

/** The dashboard's performance list: most recently run first, by (organization_id, last_run_at desc nulls last). */
export const WORKFLOW_PERFORMANCE = {
  select: `select id, name, status, start_method as "startMethod", last_run_at as "lastRunAt",
           success_rate::float8 as "successRate", run_count as "runCount"
    from public.workflows`,
  order: 'order by last_run_at desc nulls last, id',
} as const;

/** The audit trail and recent activity: `${select} where <filters> ${order} limit <n>`. */
export const ACTIVITY_LIST = {
  select: `select a.id, a.action, a.details,
           to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as timestamp,
           a.user_id as "userId", p.full_name as "userName", a.workflow_id as "workflowId",
           a.execution_id as "executionId", a.resource, host(a.ip_address) as "ipAddress", a.metadata
    from public.audit_activities a
    left join public.profiles p on p.id = a.user_id`,
  order: 'order by a.created_at desc, a.id desc',
} as const;

/** The current user (GET /api/user, sign-in): `${USER_SELECT} where p.id = <id>`. */
export const USER_SELECT = `select p.id, p.email, p.full_name as "fullName", p.username, p.role, p.is_active as "isActive",
           ${API_TIMESTAMP('p.created_at')} as "createdAt", p.organization_id as "organizationId", o.name as "organizationName"
    from public.profiles p
    left join public.organizations o on o.id = p.organization_id`;

/**
 * The session check of every request ($1 session id, $2 user id): 'active', or 'ended' when Auth no longer
 * holds the session, or 'disabled' when its user is banned or deactivated. A PL/pgSQL function
 * (20261129300100_create_session_state.sql), so its three-table join is planned once per connection, not per request.
 */
export const SESSION_STATE = `private.session_state($1, $2)`;

/** withUser's first statement: the session check, then role and claims ($3) for the transaction, in one round trip. */
export const SET_CALLER_CHECKED = `select ${SESSION_STATE} as state,
             set_config('role', 'authenticated', true),
             set_config('request.jwt.claims', $3, true)`;
