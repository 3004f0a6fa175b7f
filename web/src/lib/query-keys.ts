// Query keys that more than one feature touches: the list a screen shows and the screens that
// change it (creating or installing a workflow refreshes the workflow list and the dashboard).
export const queryKeys = {
  workflows: ['workflows'],
  workflowPerformance: ['workflow-performance'],
  templates: ['templates'],
} as const;
