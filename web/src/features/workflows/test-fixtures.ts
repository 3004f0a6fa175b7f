// Response bodies of the editor's API calls for its component tests.
import type { RunDetail, RunStep, WorkflowDetail } from '@shared/types/api';
import { aWorkflow } from '@/test/fixtures';

export const WORKFLOW_ID = aWorkflow().id;

export function aWorkflowDetail(overrides: Partial<WorkflowDetail> = {}): WorkflowDetail {
  return {
    ...aWorkflow(),
    currentVersion: 3,
    definition: {
      version: 1,
      steps: [
        { id: 's1', type: 'navigate', description: 'Öppna leverantörsportalen', url: 'https://portal.example.se/login' },
        {
          id: 's2',
          type: 'change',
          description: 'Fyll i lösenord',
          selectors: ['aria/Lösenord[role="textbox"]', '#password'],
          value: '{{secret.PORTAL_PASSWORD}}',
          frame: [0],
        },
        { id: 's3', type: 'click', description: 'Klicka på Logga in', selectors: [['app-shell', 'button.login']], target: 'https://portal.example.se/popup' },
      ],
    },
    missingSecrets: [],
    schedule: null,
    hasWebhook: false,
    webhookSigned: false,
    ...overrides,
  };
}

export function aRunStep(overrides: Partial<RunStep> = {}): RunStep {
  return {
    id: 'rs1',
    attempt: 1,
    seq: 1,
    stepIndex: 0,
    stepId: 's1',
    stepType: 'navigate',
    description: 'Öppna leverantörsportalen',
    status: 'passed',
    startedAt: '2025-03-14T09:22:00Z',
    finishedAt: '2025-03-14T09:22:01Z',
    durationMs: 1240,
    errorType: null,
    errorMessage: null,
    log: [],
    extracted: null,
    decision: null,
    hasScreenshot: true,
    heal: null,
    used: null,
    table: null,
    sentData: false,
    ...overrides,
  };
}

export function aRunDetail(overrides: Partial<RunDetail> = {}): RunDetail {
  return {
    id: 'run-1',
    workflowId: WORKFLOW_ID,
    workflowName: 'Fakturahantering',
    workflowVersion: 3,
    trigger: 'test',
    startedBy: null,
    startedByName: 'Anna Andersson',
    status: 'running',
    attempt: 1,
    stepCount: 3,
    completedSteps: 0,
    progress: 0,
    currentStep: 0,
    currentStepDescription: null,
    aiConfidence: null,
    requiresManualIntervention: false,
    errorType: null,
    errorMessage: null,
    failedStep: null,
    createdAt: '2025-03-14T09:22:00Z',
    startedAt: '2025-03-14T09:22:00Z',
    finishedAt: null,
    estimatedCompletion: null,
    inputsShown: [],
    mode: 'unattended',
    attendedBy: null,
    pauseReason: null,
    inputs: {},
    steps: [],
    ...overrides,
  };
}
