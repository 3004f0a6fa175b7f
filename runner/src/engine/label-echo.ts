// One click on a checkbox's or radio's <label> is two click events in the browser: the label's, then the
// browser's own click on the box (trusted, at the same point, with the same timestamps). Chrome Recorder records
// both (the second on the box, or, when the box is hidden, on the first visible element around it: the label
// again), so a recording has two click steps where the person clicked once. Replayed as two clicks the box
// toggles twice and ends as it started. The engine counts such a pair once: the second click is not repeated
// when all of these hold, so a second click a person really made is still made:
//
// - both steps are plain clicks (primary button), one right after the other, in the same window and frame;
// - the first clicked (inside) a label whose control is a checkbox or radio, and the second targets that
//   control (or, when the control has no box, the visible element around it that received the browser's click,
//   or another element inside that label);
//   or, the other way round, the first clicked the control and the second a label of it;
// - the two recorded points are the same point on the page (each step's offsets from its own element, measured
//   now; within 3 px) and the two recorded durations are equal (Chrome writes the same one for both, or none);
// - the first click did toggle the control in this run (a radio: it is now checked). If the page cancelled it,
//   the second click is made.
import type { ElementHandle, JSHandle, Locator } from 'playwright-core';
import type { Step, StepOf } from '../../../supabase/functions/_shared/schemas/definition.ts';
import type { StepContext } from './state.ts';

/** The click that may have toggled a box through its label (or the box itself), noted before it was made. */
export type LabelClick = {
  index: number;
  step: StepOf<'click'>;
  element: ElementHandle;
  control: ElementHandle;
  checkedBefore: boolean;
};

/** How far apart (px) the two recorded points may be now and still be the same click. */
const SAME_POINT_PX = 3;

function isPlainClick(step: Step | undefined): step is StepOf<'click'> {
  return step?.type === 'click' && (step.button ?? 'primary') === 'primary' && step.offsetX !== undefined && step.offsetY !== undefined;
}

function samePlace(a: StepOf<'click'>, b: StepOf<'click'>): boolean {
  return (a.target ?? 'main') === (b.target ?? 'main') && JSON.stringify(a.frame ?? []) === JSON.stringify(b.frame ?? []);
}

function sameDuration(a: StepOf<'click'>, b: StepOf<'click'>): boolean {
  if (a.duration === undefined || b.duration === undefined) return a.duration === b.duration;
  return Math.abs(a.duration - b.duration) < 0.5;
}

function forget(handles: (JSHandle | null | undefined)[]) {
  for (const handle of handles) handle?.dispose().catch(() => {});
}

/**
 * Before a plain click that the next step (also a plain click) may echo: notes the checkbox or radio the click
 * can toggle (through the label it is in, or the box itself) and its state. Never fails the step.
 */
export async function noteLabelClick(ctx: StepContext, step: StepOf<'click'>, locator: Locator): Promise<void> {
  const run = ctx.run;
  if (run.labelClick) forget([run.labelClick.element, run.labelClick.control]);
  run.labelClick = undefined;
  const next = run.opts.definition.steps[ctx.index + 1];
  if (!isPlainClick(step) || !isPlainClick(next) || !samePlace(step, next) || !sameDuration(step, next)) return;
  try {
    // No named function inside a page function: tsx (the runner in production) wraps one in `__name`, which the
    // page does not have (object methods are not wrapped).
    const found = await locator.evaluateHandle((el) => {
      const is = {
        box(e: Element | null | undefined): e is HTMLInputElement {
          return e instanceof HTMLInputElement && (e.type === 'checkbox' || e.type === 'radio');
        },
      };
      const control = is.box(el) ? (el.labels?.length ? el : null) : el.closest('label')?.control;
      return is.box(control) ? { element: el, control, checked: control.checked } : null;
    });
    const properties = await found.getProperties();
    const element = properties.get('element')?.asElement();
    const control = properties.get('control')?.asElement();
    const checked = await properties.get('checked')?.jsonValue();
    forget([found, properties.get('checked')]);
    if (!element || !control) return forget([element, control]);
    run.labelClick = { index: ctx.index, step, element, control, checkedBefore: checked === true };
  } catch {
    // the page changed under the probe: no pair to look for
  }
}

/**
 * True when this click is the browser's own click that the previous step's click on a label (or box) already
 * caused: the step then passes without clicking (logged).
 */
export async function isLabelEcho(ctx: StepContext, step: StepOf<'click'>, locator: Locator): Promise<boolean> {
  const previous = ctx.run.labelClick;
  ctx.run.labelClick = undefined;
  if (!previous) return false;
  try {
    if (previous.index !== ctx.index - 1 || !isPlainClick(step) || !samePlace(previous.step, step) || !sameDuration(previous.step, step)) return false;
    const verdict = await locator.evaluate(
      (second, p) => {
        const first = p.element as Element;
        const control = p.control as HTMLInputElement;
        if (!first.isConnected || !control.isConnected) return { echo: false };
        // An object method, not a named function: see noteLabelClick.
        const has = {
          size(e: Element) {
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.height > 0;
          },
        };
        let around: Element | null = control;
        while (around && !has.size(around)) around = around.parentElement;
        // A hidden box's click lands on the visible element around it (Chrome records that one); the selectors
        // may find another element inside the same label at that point.
        const label = first === control ? null : first.closest('label');
        const related = first === control
          ? second !== control && second.closest('label')?.control === control
          : second === control || second === around || (!has.size(control) && !!label && label.contains(second));
        if (!related) return { echo: false };
        const a = first.getBoundingClientRect();
        const b = second.getBoundingClientRect();
        const samePoint = Math.abs(a.x + p.first.x - (b.x + p.second.x)) <= p.tolerance && Math.abs(a.y + p.first.y - (b.y + p.second.y)) <= p.tolerance;
        const toggled = control.type === 'radio' ? control.checked : control.checked !== p.checkedBefore;
        return { echo: samePoint && toggled, kind: control.type };
      },
      {
        element: previous.element,
        control: previous.control,
        checkedBefore: previous.checkedBefore,
        first: { x: previous.step.offsetX!, y: previous.step.offsetY! },
        second: { x: step.offsetX!, y: step.offsetY! },
        tolerance: SAME_POINT_PX,
      },
    );
    if (!verdict.echo) return false;
    ctx.log(
      `not clicked again: the click of step ${previous.index + 1} already ${verdict.kind === 'radio' ? 'selected' : 'ticked or cleared'} this ${verdict.kind} through its label; Chrome recorded the browser's own click on it as this step (same point, same duration)`,
    );
    return true;
  } catch {
    return false; // another frame, or the page changed: click as recorded
  } finally {
    forget([previous.element, previous.control]);
  }
}
