// Response bodies of the data API for component tests (types from the shared contract).
import type { AuditActivity, ErrorQueueItem, HumanTask, Organization, PaymentMethod, UserRow, Workflow } from '@shared/types/api';

export function aWorkflow(overrides: Partial<Workflow> = {}): Workflow {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    name: 'Fakturahantering',
    description: 'Registrerar inkommande fakturor',
    category: 'Rapportering',
    startMethod: 'manual',
    status: 'active',
    isActive: true,
    createdAt: '2025-03-01T08:00:00Z',
    updatedAt: '2025-03-01T08:00:00Z',
    createdBy: null,
    lastRunAt: '2025-03-14T09:22:00Z',
    successRate: 97.5,
    runCount: 40,
    manualSeconds: null,
    runLocation: 'unattended',
    hasLoginStep: false,
    ...overrides,
  };
}

export function anActivity(overrides: Partial<AuditActivity> = {}): AuditActivity {
  return {
    id: 'b1b2c3d4-0000-4000-8000-000000000001',
    action: 'workflow_created',
    details: 'Skapade arbetsflödet Fakturahantering',
    timestamp: '2025-03-14T09:22:05Z',
    userId: '7d3f0c1e-0000-4000-8000-000000000001',
    userName: 'Anna Andersson',
    workflowId: null,
    executionId: null,
    resource: 'workflows',
    ipAddress: '10.0.0.1',
    metadata: null,
    ...overrides,
  };
}

export function anError(overrides: Partial<ErrorQueueItem> = {}): ErrorQueueItem {
  return {
    id: 'c1b2c3d4-0000-4000-8000-000000000001',
    status: 'pending',
    priority: 'medium',
    errorType: 'validation_error',
    errorMessage: 'Fältet Belopp saknas',
    createdAt: '2025-03-14T09:22:05Z',
    workflowId: 'a1b2c3d4-0000-4000-8000-000000000001',
    workflowName: 'Fakturahantering',
    executionId: 'exec-0001',
    stepId: null,
    stepIndex: null,
    resolvedAt: null,
    ...overrides,
  };
}

export function aUserRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: '7d3f0c1e-0000-4000-8000-000000000002',
    fullName: 'Bo Berg',
    email: 'bo.berg@kollega.se',
    username: 'bo',
    role: 'user',
    isActive: true,
    createdAt: '2025-02-01T10:00:00Z',
    ...overrides,
  };
}

export function anOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: '7d3f0c1e-0000-4000-8000-0000000000aa',
    name: 'Kollega Demo AB',
    organizationNumber: '5566778899',
    address: 'Storgatan 1',
    city: 'Stockholm',
    postalCode: '11122',
    country: 'Sverige',
    email: 'info@kollega.se',
    phone: '0812345678',
    domain: null,
    ...overrides,
  };
}

export function aPaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'd1b2c3d4-0000-4000-8000-000000000001',
    name: 'Företagskort',
    type: 'card',
    cardLastFour: '4242',
    bankAccount: null,
    isDefault: true,
    metadata: { holderName: 'Anna Andersson', expiryMonth: 3, expiryYear: 2030, provider: 'Visa' },
    createdAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A response that never arrives: the screen stays in its loading state. */
/** An open AI confirmation of run r-wait: the AI suggested "manager" at 71 %. */
export function aTask(overrides: Partial<HumanTask> = {}): HumanTask {
  return {
    id: 't1',
    kind: 'ai_confirmation',
    status: 'open',
    runId: 'r-wait',
    workflowId: 'w1',
    workflowName: 'Leverantörsfakturor',
    attempt: 1,
    stepIndex: 1,
    stepId: 's2',
    title: 'Attestera fakturan?',
    instructions: 'Om beloppet överstiger 10000 kr, skicka till chefen.',
    inputs: { variables: { amount: '12500' } },
    options: [
      { value: 'approve', label: 'Attestera' },
      { value: 'manager', label: 'Till chefen' },
    ],
    suggestion: 'manager',
    confidence: 71,
    reason: 'Beloppet är över gränsen.',
    handoverReason: 'below_threshold',
    decidedChoice: null,
    decidedBy: null,
    decidedByName: null,
    decidedAt: null,
    createdAt: new Date(Date.now() - 600_000).toISOString(),
    candidate: null,
    hasScreenshot: false,
    approvers: {},
    canDecide: true,
    cannotDecideReason: null,
    ...overrides,
  };
}

export const never = () => new Promise<Response>(() => undefined);
