// What the recorder and the picker say about an element besides its selectors: where it is (the frame path
// from the top) and, for a form field, its kind and a select's options. Pure DOM code shared by the capture
// script (capture.ts) and the picker (picker.ts).
import type { CapturedStep } from './protocol.ts';
import { type Selector, selectorsFor } from './selectors.ts';
import type { ElementBox } from './thumbnail.ts';

/** What a click acts on: the closest of these around the element clicked. */
export const INTERACTIVE =
  'button, a[href], input, select, textarea, label, summary, [role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="option"], [role="checkbox"], [role="radio"], [role="switch"], [contenteditable=""], [contenteditable="true"]';

/** The frame path from the top: indexes, plus each iframe element's selectors when its document is readable. */
export function placement(): Pick<CapturedStep, 'frame' | 'frameSelectors'> {
  if (window === window.top) return {};
  const frame: number[] = [];
  const frameSelectors: Selector[][] = [];
  let readable = true;
  let current: Window = window;
  while (current !== current.top && current.parent) {
    const parent: Window = current.parent;
    let index = 0;
    for (let i = 0; i < parent.frames.length; i++) if (parent.frames[i] === current) index = i;
    frame.unshift(index);
    try {
      const element = current.frameElement;
      if (element) frameSelectors.unshift(selectorsFor(element));
      else readable = false;
    } catch {
      readable = false; // a cross-origin parent: the runner finds this level by its index
    }
    current = parent;
  }
  return readable ? { frame, frameSelectors } : { frame };
}

const MAX_CHOICES = 200;

/** The field's kind, and a select's options as the page shows them (the chosen one always among them). */
export function fieldOf(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): {
  control: 'text' | 'select' | 'checkbox' | 'radio';
  choices?: Array<{ value: string; label: string }>;
} {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return { control: el.type };
  if (!(el instanceof HTMLSelectElement)) return { control: 'text' };
  const options = Array.from(el.options);
  const kept = options.slice(0, MAX_CHOICES);
  const chosen = el.selectedOptions[0];
  if (chosen && !kept.includes(chosen)) kept[kept.length - 1] = chosen;
  const choices = kept.map((option) => ({ value: option.value.slice(0, 1000), label: (option.label || option.text).trim().slice(0, 200) }));
  return { control: 'select', choices };
}

/** The element's box in the top window's viewport, when every frame above it is readable (same origin): what
 * its picture is cropped by. */
export function boxInTop(el: Element): ElementBox | undefined {
  const r = el.getBoundingClientRect();
  let x = r.x;
  let y = r.y;
  let current: Window = window;
  try {
    while (current !== current.top) {
      const frame = current.frameElement;
      if (!frame) return undefined;
      const f = frame.getBoundingClientRect();
      x += f.x + frame.clientLeft;
      y += f.y + frame.clientTop;
      current = current.parent;
    }
    return { x, y, w: r.width, h: r.height, viewportWidth: current.innerWidth };
  } catch {
    return undefined; // a cross-origin frame above: no picture
  }
}
