// Response bodies of the data API (camelCase, SPEC §3 fields plus what the screens need).
// The `api` function returns exactly these; the web app reads them. Timestamps are ISO 8601 strings.
import type { Approvers, Step } from '../schemas/definition.ts';
import type { ERROR_PRIORITIES } from '../schemas/error-queue.ts';
import type { PAYMENT_METHOD_TYPES } from '../schemas/payment-methods.ts';
import type { ROLES } from '../schemas/users.ts';
import type { RunLocation, START_METHODS, WORKFLOW_CATEGORIES, WORKFLOW_STATUSES } from '../schemas/workflows.ts';

export type Role = (typeof ROLES)[number];

/**
 * A page of a list (GET /api/workflows, /api/runs, /api/audit-activities, /api/error-queue, /api/users,
 * /api/workflows/{id}/batches, /api/notifications): at most `limit` items in the list's order, and the opaque
 * cursor that asks for the next page (`?cursor=`, with the same filters), null on the last page.
 */
export type Page<T> = { items: T[]; nextCursor: string | null };

/** GET /api/users rows, PUT /api/users/{id}, POST /api/users/{id}/(de)activate, POST /api/users. */
export type UserRow = {
  id: string;
  fullName: string;
  email: string;
  username: string;
  role: Role;
  isActive: boolean;
  createdAt: string;
};

/** GET /api/users/stats: the organisation's users counted (admins). */
export type UserStats = { total: number; active: number; admins: number; superusers: number };

export type WorkflowCategory = (typeof WORKFLOW_CATEGORIES)[number];
export type StartMethod = (typeof START_METHODS)[number];
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** GET /api/workflows rows (newest first), POST/PUT responses, POST /api/workflows/{id}/duplicate. */
export type Workflow = {
  id: string;
  name: string;
  description: string;
  category: WorkflowCategory;
  startMethod: StartMethod;
  status: WorkflowStatus;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  lastRunAt: string | null;
  /** 0–100, null before the first run. */
  successRate: number | null;
  runCount: number;
  /** How long the task takes a person by hand (seconds): the baseline of "hours saved"; null = not known. */
  manualSeconds: number | null;
  /** Where the organisation lets it run (a workflow with a `login` step runs attended only, whatever this says). */
  runLocation: RunLocation;
  /** Its current version has a "Logga in själv" (`login`) step: it runs only in a person's browser. */
  hasLoginStep: boolean;
};

/** GET /api/dashboard/workflow-performance and GET /api/workflow-performance rows (most recently run first). */
export type WorkflowPerformance = {
  id: string;
  name: string;
  status: WorkflowStatus;
  startMethod: StartMethod;
  lastRunAt: string | null;
  successRate: number | null;
  runCount: number;
};

/** GET /api/dashboard/recent-activity?limit=50 and GET /api/audit-activities rows (newest first). */
export type AuditActivity = {
  id: string;
  action: string;
  details: string;
  /** = createdAt (SPEC §3 calls it timestamp). */
  timestamp: string;
  userId: string | null;
  /** The actor's full name when the profile still exists in the organisation. */
  userName: string | null;
  workflowId: string | null;
  executionId: string | null;
  resource: string | null;
  ipAddress: string | null;
  metadata: Record<string, unknown> | null;
};

export type ErrorStatus = 'pending' | 'in_progress' | 'resolved' | 'ignored';
export type ErrorPriority = (typeof ERROR_PRIORITIES)[number];

/** GET /api/error-queue rows (pending first, then newest); resolve/ignore/escalate return the item. */
export type ErrorQueueItem = {
  id: string;
  status: ErrorStatus;
  priority: ErrorPriority;
  errorType: string;
  errorMessage: string;
  createdAt: string;
  workflowId: string;
  workflowName: string | null;
  executionId: string;
  stepId: string | null;
  /** 0-based index of the failed step in the run's definition (null for items not from a run step). */
  stepIndex: number | null;
  resolvedAt: string | null;
};

/** GET /api/admin/organizations rows (the caller's own organisation), PUT response. */
export type Organization = {
  id: string;
  name: string;
  organizationNumber: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  email: string;
  phone: string;
  domain: string | null;
};

export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** GET /api/payment-methods rows (default first, then oldest first), POST/PUT/default responses. */
export type PaymentMethod = {
  id: string;
  name: string;
  type: PaymentMethodType;
  cardLastFour: string | null;
  bankAccount: string | null;
  isDefault: boolean;
  metadata: { holderName?: string | null; expiryMonth?: number | null; expiryYear?: number | null; provider?: string | null };
  createdAt: string;
};

/** GET /api/templates rows (featured first, then most downloaded). */
/**
 * GET /api/templates: a template with the steps it installs (their type and description), and what a person
 * supplies before it runs: the run inputs (the target system's address and values) and the secrets it types.
 */
export type Template = {
  id: string;
  name: string;
  description: string;
  category: string;
  industry: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  creator: string;
  isFeatured: boolean;
  stepCount: number;
  steps: Array<{ type: string; description: string }>;
  inputs: string[];
  secrets: string[];
  updatedAt: string;
};

/** Every error response. */
export type ApiErrorBody = { error: string; code: string; fields?: Record<string, string> };

// ── Real runs (docs/automation.md): definitions, runs, step results, secrets, triggers ──

/** GET /api/workflows/{id}: the workflow with its current definition. */
export type WorkflowDetail = Workflow & {
  /** null before anything was saved. */
  currentVersion: number | null;
  definition: import('../schemas/definition.ts').Definition;
  /** Names of the organisation secrets the definition uses that do not exist (yet). */
  missingSecrets: string[];
  schedule: WorkflowSchedule | null;
  /** Whether a webhook URL exists (its token is shown only when created). */
  hasWebhook: boolean;
  /** Whether the webhook's calls must be signed (X-Kollega-Signature); false without a webhook. */
  webhookSigned: boolean;
};

/** GET /api/workflows/{id}/versions: one saved version (newest first). */
export type WorkflowVersion = {
  version: number;
  /** Where it came from: the step editor, Track & Trace, an import, a template, an accepted heal. */
  source: string;
  createdAt: string;
  /** Who saved it; null when unknown (a removed user, or saved by the system). */
  createdByName: string | null;
  definition: import('../schemas/definition.ts').Definition;
};

/** PUT /api/workflows/{id}/definition response. */
export type SavedDefinition = { version: number; definition: import('../schemas/definition.ts').Definition };

/** `stopped`: a decision's option ended the run (`then: "stop"`); it waits for review in the error queue, and is no success. */
export type RunStatus = 'pending' | 'running' | 'paused' | 'completed' | 'failed' | 'stopped';
export type RunTrigger = 'manual' | 'schedule' | 'webhook' | 'test';

/** GET /api/runs rows (newest first) and the head of GET /api/runs/{id}. */
export type Run = {
  id: string;
  workflowId: string;
  workflowName: string;
  workflowVersion: number;
  trigger: RunTrigger;
  startedBy: string | null;
  startedByName: string | null;
  status: RunStatus;
  attempt: number;
  stepCount: number;
  completedSteps: number;
  /** 0–100 = completedSteps / stepCount. */
  progress: number;
  /** Index (0-based) and description of the step being executed, or of the one that failed. */
  currentStep: number | null;
  currentStepDescription: string | null;
  /** Lowest AI confidence of the run so far (null: no AI decision yet). */
  aiConfidence: number | null;
  requiresManualIntervention: boolean;
  errorType: string | null;
  errorMessage: string | null;
  failedStep: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Expected end from the workflow's recent completed runs (null when there is no history yet or the run ended). */
  estimatedCompletion: string | null;
  /**
   * The run's inputs as its card shows them: in the workflow's declared order with their labels (empty label:
   * none declared), at most 8, each value cut at 80 characters (RunDetail.inputs has them whole).
   */
  inputsShown: Array<{ name: string; label: string; value: string }>;
  /** Where it executes: Kollega's runner, or a tab of `attendedBy`'s own browser. */
  mode: RunMode;
  attendedBy: string | null;
  /** Why an attended run paused by itself (null otherwise). */
  pauseReason: AttendedPauseReason | null;
};

export type RunMode = 'unattended' | 'attended';
/** Why an attended run paused by itself (public.runs.pause_reason). */
export const ATTENDED_PAUSE_REASONS = ['tab_closed', 'canceled_by_user', 'taken_over', 'extension_restarted', 'disconnected', 'login_timeout'] as const;
export type AttendedPauseReason = (typeof ATTENDED_PAUSE_REASONS)[number];

/**
 * POST /api/workflows/{id}/attended-runs (201) and POST /api/runs/{id}/attended: how the person's extension
 * connects the run to the runner's relay. `token` works once, until `expiresAt`.
 */
export type AttendedConnection = { runId: string; relayUrl: string; token: string; expiresAt: string };

/**
 * POST /api/runs/{id}/retry response (202): the run's new attempt and what it runs again before its start step
 * (`retryPlan.fromStep`) to restore that step's page (_shared/retry-plan.ts).
 */
export type RetriedRun = Run & { retryPlan: import('../retry-plan.ts').RetryPlan };

/** GET /api/runs/counts: runs of the organisation by status. */
export type RunCounts = Record<RunStatus, number> & { total: number };

export type StepLogEntry = { at: number; message: string };

/**
 * What an ai_decision or manual step recorded (run_steps.decision, docs/automation.md "AI decisions and
 * people"): the option's value and label, who decided, the AI's confidence and reason (also beside a
 * person's choice, as the AI's suggestion), and the details of both parts.
 */
export type RunStepDecision = {
  /** The option's value (`done` for a manual step). */
  choice: string;
  /** The option's label as the step defined it (runs before it was recorded: read from the run's definition). */
  label?: string;
  by: 'ai' | 'person';
  /** The AI's confidence (0–100): its own decision's, or that of the suggestion a person decided on. */
  confidence?: number;
  reason?: string;
  /** Added by the api when a person decided: their name now (null when the profile is gone). */
  decidedByName?: string | null;
  details?: {
    ai?: { choice?: string; label?: string; confidence?: number; reason?: string; model?: string; outcome?: 'acted' | 'handed_over' } & Record<string, unknown>;
    person?: { userId: string | null; decidedAt: string; choice: string };
    handoverReason?: string;
  } & Record<string, unknown>;
};

/** One executed step of one attempt (GET /api/runs/{id} → steps, oldest first). */
export type RunStep = {
  id: string;
  attempt: number;
  seq: number;
  stepIndex: number;
  stepId: string;
  stepType: string;
  description: string;
  status: 'running' | 'passed' | 'failed' | 'skipped';
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  errorType: string | null;
  errorMessage: string | null;
  log: StepLogEntry[];
  extracted: Record<string, string> | null;
  decision: RunStepDecision | null;
  /** GET /api/runs/{runId}/steps/{id}/screenshot serves it (image/jpeg). */
  hasScreenshot: boolean;
  /** The element the step acted on was found by healing or confirmed by a person. */
  heal: RunStepHeal | null;
  /**
   * The page sent data to the site (a request other than GET, HEAD or OPTIONS) after the step acted: a retry that
   * runs this step again sends it again. No automatic retry does (docs/automation.md "Retry").
   */
  sentData: boolean;
  /**
   * The step with the values this run used in place of `{{input.x}}` and `{{var.x}}` (never a secret: those stay
   * `{{secret.X}}`), compact; null for steps recorded before the runner wrote it.
   */
  used: Step | null;
  /**
   * What an extract_table step read (its rows: GET /api/runs/{id}/steps/{stepResultId}/table): the output's name,
   * columns, row count, pages read, whether the step's row cap cut it short. Null for other steps.
   */
  table: { variable: string; columns: string[]; rowCount: number; pages: number; capped: boolean } | null;
};

/** An element a step's selectors no longer found unanimously, as the runner described it with the recorder's code. */
export type ElementCandidate = {
  describe: string;
  tag: string;
  role?: string;
  name?: string;
  text?: string;
  row?: string;
  selectors: Array<string | string[]>;
};

/**
 * A heal on a step result. `proposal`: whether it can become a new version of the workflow now: `open` (the
 * current version's step does not start with the new selectors yet), `applied` (it does), `gone` (the step is
 * no longer in the current version). `canApply`: the caller may edit the workflow.
 */
export type RunStepHeal = {
  reason: 'verified' | 'healed' | 'chosen' | 'confirmed';
  score: number;
  threshold: number;
  candidate: ElementCandidate;
  oldSelectors: Array<string | string[]>;
  newSelectors: Array<string | string[]>;
  details?: { person?: { userId: string | null; decidedAt: string } };
  /** Who confirmed it (reason confirmed), by their name now; null when the profile is gone. */
  decidedByName?: string | null;
  proposal: 'open' | 'applied' | 'gone';
  canApply: boolean;
};

/** POST /api/runs/{id}/steps/{stepId}/heal: the workflow's new version. */
export type AppliedHeal = { workflowId: string; version: number; previousVersion: number };

/** GET /api/runs/{id}. */
export type RunDetail = Run & { inputs: Record<string, string>; steps: RunStep[] };

/**
 * GET /api/runs/changes: where the organisation's runs stand (the newest change of any run, its steps, decisions
 * or tasks). A screen refetches its runs when the cursor differs from the one it saw; '' when there are no runs.
 */
export type RunChanges = { cursor: string };

/** GET /api/secrets rows, POST /api/secrets response: never the value. */
/** A secret as members see it: never its value. `origins`: the sites it may be typed on (none: unusable until an admin names them). */
export type SecretInfo = { name: string; origins: string[]; createdAt: string; updatedAt: string };

export type WorkflowSchedule = {
  cron: string;
  timezone: string;
  enabled: boolean;
  nextRunAt: string | null;
  lastRunAt: string | null;
  /** The input values of every run the schedule starts. */
  inputs: Record<string, string>;
};

/**
 * POST /api/workflows/{id}/webhook: shown once. Callers POST to `url` with `Authorization: Bearer <token>`;
 * `legacyUrl` (the token in the path) still works but ends up in access logs.
 */
export type CreatedWebhook = { url: string; token: string; legacyUrl: string; signed: boolean; createdAt: string };

/** PUT /api/workflows/{id}/webhook/signing: the new signing secret, shown once; calls must then carry `header`. */
export type WebhookSigningSecret = { signingSecret: string; header: string };

/** Error-queue stat cards (GET /api/error-queue/stats); null = no data yet. */
export type ErrorQueueStats = {
  pending: number;
  resolvedToday: number;
  /** Average minutes from failure to resolution over the last 30 days. */
  averageResolutionMinutes: number | null;
  /** Share (0–100) of the last 30 days' resolved items that a retry resolved and whose run then completed. */
  automaticRecoveryRate: number | null;
};

/** Dashboard tiles (GET /api/dashboard/stats); null = no data yet. */
export type DashboardStats = {
  /** Runs started this calendar month (Europe/Stockholm). */
  executionsThisMonth: number;
  /** Completed runs × the recorded manual duration of their version, last 7 days / this month, in hours. */
  hoursSavedThisWeek: number | null;
  hoursSavedThisMonth: number | null;
  /** Average AI confidence of the last 100 AI decisions. */
  aiConfidence: number | null;
  runningNow: number;
  /** Runs waiting for a person and pending errors, for "requires attention". */
  waitingForPeople: number;
  pendingErrors: number;
};

export type HumanTaskKind = 'ai_confirmation' | 'manual_step' | 'element_confirmation';
export type HumanTaskStatus = 'open' | 'decided' | 'cancelled';
/**
 * Why a person decides: the AI was unsure, chose an option the step always asks about, answered invalidly, its
 * provider failed or is not set up; or a manual step.
 */
export type HandoverReason = 'below_threshold' | 'always_ask' | 'invalid_answer' | 'provider_error' | 'not_configured' | 'manual' | 'too_close' | 'critical';

/** An element_confirmation task's question: the candidate, its score against the recording and why a person is asked. */
export type TaskCandidate = ElementCandidate & {
  score: number;
  threshold: number;
  why: 'below_threshold' | 'too_close' | 'critical';
  errorType: 'element_ambiguous' | 'element_not_found';
  errorMessage: string;
};

/** GET /api/tasks rows (newest first), POST /api/tasks/{id}/decide response. */
export type HumanTask = {
  id: string;
  kind: HumanTaskKind;
  status: HumanTaskStatus;
  runId: string;
  workflowId: string;
  workflowName: string;
  attempt: number;
  stepIndex: number;
  stepId: string;
  /** The step's description. */
  title: string;
  /** The AI step's prompt, or the manual step's instructions. */
  instructions: string;
  /** What the decision is about: { variables, inputs } as sent to the AI (ai_confirmation) or the run's values (manual_step). */
  inputs: { variables?: Record<string, string>; inputs?: Record<string, string> };
  options: Array<{ value: string; label: string }>;
  /** The AI's suggestion (null when it gave none). */
  suggestion: string | null;
  confidence: number | null;
  reason: string | null;
  handoverReason: HandoverReason;
  decidedChoice: string | null;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  createdAt: string;
  /** element_confirmation: the element the runner asks about. */
  candidate: TaskCandidate | null;
  /** GET /api/tasks/{id}/screenshot serves the page with the candidate outlined (image/jpeg). */
  hasScreenshot: boolean;
  /** Who may decide, as the step said when the task opened ({}: any member). */
  approvers: Approvers;
  /** Whether the caller may decide it (an open task), and if not why: their role, or they started the run. */
  canDecide: boolean;
  cannotDecideReason: 'role' | 'starter' | null;
};

/** GET /api/ai/status: whether a provider is set up, and the AI panel's figures from recorded decisions (null = no data yet). */
export type AiStatus = {
  configured: boolean;
  /** The configured model, else the one of the latest recorded decision (null when neither). */
  model: string | null;
  /** Average confidence (0–100) of the organisation's last 100 AI decisions that had one. */
  averageConfidence: number | null;
  /** How many decisions that average is over (≤ 100). */
  averageOver: number;
  decisionsToday: number;
  /** Open human tasks of the organisation. */
  openTasks: number;
};

/** POST /api/ai/test: one decision on sample values (not recorded). */
export type AiTestResult = {
  choice: string;
  label: string;
  confidence: number;
  reason: string;
  /** confidence ≥ threshold: a run would act on it; otherwise a person would be asked. */
  wouldAct: boolean;
  model: string;
  latencyMs: number;
};

/** A batch's rows by state (docs/automation.md "Batches"). */
export type BatchCounts = { total: number; pending: number; running: number; completed: number; failed: number; skipped: number; waiting: number };
export type BatchStatus = 'running' | 'paused' | 'stopped' | 'completed';
export type BatchItemStatus = 'pending' | 'running' | 'completed' | 'failed' | 'skipped' | 'waiting';

/** GET /api/workflows/{id}/batches (newest first), and the head of GET /api/batches/{id}. */
export type BatchSummary = {
  id: string;
  workflowId: string;
  status: BatchStatus;
  concurrency: number;
  format: 'csv' | 'xlsx' | 'json';
  fileName: string;
  createdAt: string;
  finishedAt: string | null;
  counts: BatchCounts;
};

/** One row of a batch: its place in the file, its reference, its state and the run behind it. */
export type BatchItem = { index: number; reference: string | null; status: BatchItemStatus; runId: string | null; error: string | null };

/** GET /api/batches/{id}. */
export type BatchDetail = BatchSummary & { items: BatchItem[] };

/** POST /api/workflows/{id}/batches with `preview`: the file as read, and how its columns map to the inputs. */
export type BatchPreview = {
  format: 'csv' | 'xlsx' | 'json';
  columns: string[];
  rowCount: number;
  /** The first rows, as read. */
  sample: string[][];
  /** The workflow's inputs (declared, and used but not declared). */
  inputs: import('../schemas/definition.ts').InputDeclaration[];
  /** Input name → column, as guessed from the names and labels (or as given). */
  mapping: Record<string, string>;
  /** The column whose values skip rows already done (`reference` or `referens`), if any. */
  referenceColumn: string | null;
};

/** What a notification tells of (supabase/migrations/20261128200000_create_notifications.sql). */
export type NotificationKind = 'run_failed' | 'task_assigned' | 'batch_finished';

/** GET /api/notifications: one of the caller's notifications (the newest first). */
export type AppNotification = {
  id: string;
  kind: NotificationKind;
  workflowId: string | null;
  workflowName: string;
  runId: string | null;
  taskId: string | null;
  batchId: string | null;
  /** run_failed: errorType; task_assigned: taskKind, title; batch_finished: completed, failed, skipped. */
  details: { errorType?: string | null; taskKind?: HumanTaskKind; title?: string; completed?: number; failed?: number; skipped?: number };
  readAt: string | null;
  createdAt: string;
};

/** GET /api/notifications: a page of them, with the caller's unread count and the cursor of the next page. */
export type NotificationPage = Page<AppNotification> & { unread: number };

/** GET /api/notifications/unread: the bell's count, one index read. */
export type UnreadNotifications = { unread: number };

/** GET/PUT /api/notification-preferences: the caller's own. */
export type NotificationPreferences = { emailRunFailed: boolean; language: 'sv' | 'en' };

/** GET /api/search?q=: what the top bar's search found, by kind, each at most SEARCH_LIMIT. */
export type SearchResults = {
  workflows: Array<{ id: string; name: string; status: WorkflowStatus }>;
  runs: Array<{ id: string; workflowName: string; status: RunStatus; createdAt: string }>;
  tasks: Array<{ id: string; runId: string; workflowName: string; kind: HumanTaskKind; title: string }>;
};

/** GET /api/workflows/{id}/thumbnails: a picture per step, the element's own when a person pointed at it, else
 *  the step's screenshot from the workflow's last run that took one (none listed: the step has no picture). */
export type StepThumbnail =
  | { stepId: string; source: 'element'; /** Changes with the picture (a cache key). */ version: string }
  | { stepId: string; source: 'run'; runId: string; stepResultId: string };
