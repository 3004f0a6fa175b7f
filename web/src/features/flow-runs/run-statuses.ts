import type { RunStatus } from '@shared/types/api';

/**
 * SPEC §4's run states and `stopped` (a decision stopped the run for review, docs/automation.md "Runs"), in the
 * order flow management shows them. Apart from model.ts because the route's search parameter reader needs only
 * this (route options load with every page).
 */
export const RUN_STATUSES = ['running', 'paused', 'completed', 'failed', 'stopped', 'pending'] as const satisfies readonly RunStatus[];
