// Query keys that more than one feature touches: the list a screen shows and the screens that
// change it (creating or installing a workflow refreshes the workflow list and the dashboard; a run
// started anywhere refreshes flow management, the error queue and the dashboard tiles; every change
// the server audits refreshes the audit trail: app/query-client.ts).
export const queryKeys = {
  workflows: ['workflows'],
  workflow: (id: string) => ['workflows', id] as const,
  workflowPerformance: ['workflow-performance'],
  workflowBatches: (id: string) => ['workflows', id, 'batches'] as const,
  batch: (id: string) => ['batches', id] as const,
  templates: ['templates'],
  runs: ['runs'],
  run: (id: string) => ['runs', id] as const,
  runCounts: ['runs', 'counts'],
  errorQueue: ['error-queue'],
  errorQueueStats: ['error-queue', 'stats'],
  dashboardStats: ['dashboard', 'stats'],
  secrets: ['secrets'],
  tasks: ['tasks'],
  aiStatus: ['ai', 'status'],
  organizationSettings: ['organization-settings'],
  auditActivities: ['audit-activities'],
  notifications: ['notifications'],
  notificationsUnread: ['notifications', 'unread'],
  notificationPreferences: ['notification-preferences'],
  search: (text: string) => ['search', text] as const,
} as const;
