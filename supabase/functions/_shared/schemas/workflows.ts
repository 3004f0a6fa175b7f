// Workflow payloads (SPEC §3, §5, §7). Categories are stored and shown as the Swedish names of SPEC §3.
import { z } from 'zod';
import { requiredText } from './common.ts';

export const WORKFLOW_CATEGORIES = [
  'Fastighetsadministration',
  'Ärendehantering',
  'Rapportering',
  'Avtalshantering',
  'Underhåll och service',
  'Övrigt',
] as const;
export const START_METHODS = ['manual', 'scheduled', 'trigger'] as const;
/**
 * Where an organisation lets a workflow run: on Kollega's runners, only in a person's own browser (an attended
 * run through the extension), or both. A workflow with a `login` step runs attended only, whatever this says.
 */
export const RUN_LOCATIONS = ['unattended', 'attended', 'both'] as const;
export type RunLocation = (typeof RUN_LOCATIONS)[number];
/** Stored statuses; the UI shows anything but active/paused/error as draft (SPEC §3). */
export const WORKFLOW_STATUSES = ['draft', 'active', 'paused', 'error', 'inactive'] as const;

export const workflowCategorySchema = z.enum(WORKFLOW_CATEGORIES, { message: 'workflow_category_invalid' });
export const startMethodSchema = z.enum(START_METHODS, { message: 'start_method_invalid' });

/** A workflow's manual time in seconds (workflows.manual_seconds), null = not known. */
export const manualSecondsSchema = z.number({ message: 'manual_time_invalid' }).int('manual_time_invalid').min(1, 'manual_time_invalid')
  .max(86_400, 'manual_time_invalid').nullable();

export const createWorkflowSchema = z.strictObject({
  name: requiredText('workflow_name_required'),
  description: z.string().trim().max(2000, 'too_long').default(''),
  category: workflowCategorySchema.default('Övrigt'),
  startMethod: startMethodSchema.default('manual'),
});
export type CreateWorkflowInput = z.input<typeof createWorkflowSchema>;

/** PUT /api/workflows/{id}: any subset; `status` active (start) or paused (pause). */
export const updateWorkflowSchema = z
  .strictObject({
    name: requiredText('workflow_name_required'),
    description: z.string().trim().max(2000, 'too_long'),
    category: workflowCategorySchema,
    startMethod: startMethodSchema,
    status: z.enum(['active', 'paused'], { message: 'workflow_status_invalid' }),
    /** How long the task takes a person by hand, in seconds (1 s–24 h): the baseline of "hours saved". */
    manualSeconds: manualSecondsSchema,
    runLocation: z.enum(RUN_LOCATIONS, { message: 'run_location_invalid' }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing_to_update' });
export type UpdateWorkflowInput = z.input<typeof updateWorkflowSchema>;
