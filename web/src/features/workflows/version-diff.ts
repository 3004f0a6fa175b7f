// What changed between two versions of a workflow's steps, step by step (matched by id): steps added,
// removed and changed, in the newer version's order (a removed step where it was), and whether the steps
// that both versions have are in another order.
import type { Step } from '@shared/schemas/definition';

export type StepChange = { kind: 'added'; step: Step } | { kind: 'removed'; step: Step } | { kind: 'changed'; before: Step; step: Step };

export type StepDiff = { changes: StepChange[]; reordered: boolean };

export function diffSteps(before: readonly Step[], after: readonly Step[]): StepDiff {
  const old = new Map(before.map((step, index) => [step.id, { step, index }]));
  const kept = new Set(after.map((step) => step.id));
  const removed = before.filter((step) => !kept.has(step.id));
  const changes: StepChange[] = [];
  // A removed step is told just before the first kept step that came after it in the older version.
  const emitRemovedBefore = (index: number) => {
    while (removed.length > 0 && (old.get(removed[0].id)?.index ?? 0) < index) changes.push({ kind: 'removed', step: removed.shift() as Step });
  };
  for (const step of after) {
    const previous = old.get(step.id);
    if (!previous) {
      changes.push({ kind: 'added', step });
      continue;
    }
    emitRemovedBefore(previous.index);
    if (JSON.stringify(previous.step) !== JSON.stringify(step)) changes.push({ kind: 'changed', before: previous.step, step });
  }
  emitRemovedBefore(Number.POSITIVE_INFINITY);
  const order = (steps: readonly Step[], other: (id: string) => boolean) =>
    steps
      .filter((step) => other(step.id))
      .map((step) => step.id)
      .join('\n');
  const reordered = order(before, (id) => kept.has(id)) !== order(after, (id) => old.has(id));
  return { changes, reordered };
}
