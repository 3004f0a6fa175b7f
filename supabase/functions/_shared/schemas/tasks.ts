// Human tasks and the AI editor's test (docs/automation.md "AI decisions and people"): the body of
// POST /api/tasks/{id}/decide and of POST /api/ai/test. Messages are keys of the `validation` namespace.
import { z } from 'zod';
import { aiOptionSchema, AI_THRESHOLD_DEFAULT, VARIABLE_NAME } from './definition.ts';

/** `{ choice }` for an AI confirmation, `{ done: true }` for a manual step. */
export const decideTaskSchema = z.union([
  z.strictObject({ choice: z.string({ message: 'choice_required' }).trim().min(1, 'choice_required').max(200, 'too_long') }),
  z.strictObject({ done: z.literal(true, { message: 'choice_required' }) }),
], { error: () => 'choice_required' });
export type DecideTaskInput = z.input<typeof decideTaskSchema>;

/** One decision on sample values: the step's prompt, options and threshold, and a value per declared input. */
export const aiTestSchema = z.strictObject({
  prompt: z.string().trim().min(1, 'prompt_required').max(5000, 'too_long'),
  options: z.array(aiOptionSchema.pick({ value: true, label: true })).min(2, 'options_min').max(10, 'options_min'),
  /** Sample values by name (`amount`, not `var.amount`). */
  inputs: z.record(z.string().regex(VARIABLE_NAME, 'variable_invalid'), z.string().max(10_000, 'too_long')).default({}),
  threshold: z.number().int().min(1, 'threshold_invalid').max(100, 'threshold_invalid').default(AI_THRESHOLD_DEFAULT),
  model: z.string().trim().max(100, 'too_long').optional(),
});
export type AiTestInput = z.input<typeof aiTestSchema>;
