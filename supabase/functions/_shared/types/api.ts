// Response bodies of the data API (camelCase, SPEC §3 fields plus what the screens need).
// The `api` function returns exactly these; the web app reads them. Timestamps are ISO 8601 strings.
import type { ERROR_PRIORITIES } from '../schemas/error-queue.ts';
import type { PAYMENT_METHOD_TYPES } from '../schemas/payment-methods.ts';
import type { ROLES } from '../schemas/users.ts';
import type { START_METHODS, WORKFLOW_CATEGORIES, WORKFLOW_STATUSES } from '../schemas/workflows.ts';

export type Role = (typeof ROLES)[number];

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
export type Template = {
  id: string;
  name: string;
  description: string;
  category: string;
  industry: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  rating: number;
  downloads: number;
  creator: string;
  isFeatured: boolean;
  stepCount: number;
  updatedAt: string;
};

/** Every error response. */
export type ApiErrorBody = { error: string; code: string; fields?: Record<string, string> };
