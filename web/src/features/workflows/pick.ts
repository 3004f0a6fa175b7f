// "Peka ut" in the step editor: which page to open for a step (the address the workflow is on at that point:
// the last "Gå till" before it, else its first), and the step filled with the element the person clicked there
// (the recorder's selectors and fingerprint, its frame, a field's kind and a select's options).
import type { PickedElement } from '@extension/pick-protocol';
import type { Step } from '@shared/schemas/definition';

/** The page the step at `index` acts on, as far as the workflow tells: '' when it has no address at all. */
export function pickUrl(steps: readonly Step[], index: number): string {
  const before = steps.slice(0, index).findLast((step) => step.type === 'navigate');
  const first = steps.find((step) => step.type === 'navigate');
  const found = before ?? first;
  return found?.type === 'navigate' ? found.url : '';
}

/** `step` acting on the picked element instead (what the old element's click offsets or frame said goes). */
export function applyPick(step: Step, element: PickedElement): Step {
  const next: Record<string, unknown> = { ...step, selectors: element.selectors, fingerprint: element.fingerprint };
  for (const key of ['frame', 'frameSelectors', 'offsetX', 'offsetY', 'control', 'choices']) delete next[key];
  if (element.frame) next.frame = element.frame;
  if (element.frameSelectors) next.frameSelectors = element.frameSelectors;
  if (step.type === 'change') {
    const control = element.control ?? 'text';
    next.control = control;
    if (element.choices) next.choices = element.choices;
    const value = step.value;
    if ((control === 'checkbox' || control === 'radio') && value !== 'true' && value !== 'false') next.value = 'true';
    if (control === 'select' && element.choices && !element.choices.some((choice) => choice.value === value))
      next.value = element.choices[0]?.value ?? '';
  }
  return next as Step;
}
