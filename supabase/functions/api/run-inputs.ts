// Run inputs at the api's doors (docs/automation.md "Run inputs"): "Kör nu" and test runs, schedules (fixed
// values, checked when the schedule or the definition is saved, so a scheduled run never lacks one), webhooks and
// batch rows. Each resolves what it was given against the workflow's declared inputs (input-values.ts) and
// refuses, in the caller's language, with the input named, whatever is missing or of the wrong kind.
import type { Tx } from '../_shared/db.ts';
import { HttpError } from '../_shared/http.ts';
import { type Lang, t } from '../_shared/i18n.ts';
import { type Definition, definitionSchema, inputDeclarations } from '../_shared/schemas/definition.ts';
import { type InputProblem, resolveInputs } from '../_shared/schemas/input-values.ts';

/** The input problems as field errors (`inputs.leverantor` → "…leverantor…"). */
export function inputProblemFields(problems: Record<string, InputProblem>, lang: Lang, prefix = 'inputs.'): Record<string, string> {
  return Object.fromEntries(Object.entries(problems).map(([name, problem]) => [`${prefix}${name}`, t(lang, problem, { name })]));
}

/** The values a run of `definition` uses, from `given`; 400 naming the first input that is missing or wrong. */
export function runInputs(definition: Pick<Definition, 'steps' | 'inputs'> | null, given: Record<string, unknown>, lang: Lang, prefix = 'inputs.'): Record<string, string> {
  if (!definition) return {};
  const { values, problems } = resolveInputs(inputDeclarations(definition), given);
  const first = Object.entries(problems)[0];
  if (first) throw new HttpError(400, first[1], { vars: { name: first[0] }, fields: inputProblemFields(problems, lang, prefix) });
  return values;
}

/** The current definition of a workflow the transaction's role can read (null without a saved one). */
export async function currentDefinition(tx: Tx, workflowId: string): Promise<Definition | null> {
  const [row] = await tx<{ definition: unknown }[]>`
    select v.definition from public.workflows w
    join public.workflow_versions v on v.workflow_id = w.id and v.version = w.current_version
    where w.id = ${workflowId}`;
  if (!row) return null;
  const parsed = definitionSchema.safeParse(row.definition);
  return parsed.success ? parsed.data : null;
}
