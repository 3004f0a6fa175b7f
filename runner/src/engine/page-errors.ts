// A page's own rejection (docs/automation.md, "Which element a step acts on" and "Runs"): an error message the
// page shows after a step acted (a `role="alert"` or `aria-live="assertive"` element saying "Fel", "Ogiltigt",
// "failed"…, or a field marked `aria-invalid="true"`) means the site refused what the step did. The run must
// not go on as if it had succeeded: the next step (or the last step itself) fails with the page's words.
//
// The check costs one evaluate and waits for nothing: it runs while a step that acts (or follows one) looks for its
// element, and after the last step once the page has settled. Only messages that were not on the page when the
// acting step began count.
import type { Page } from 'playwright-core';
import { StepError, within } from './errors.ts';

/** Words of an error message, Swedish and English. */
export const ERROR_WORDS =
  /\b(fel|felaktig|felaktigt|ogiltig|ogiltigt|misslyckades|kunde inte|kan inte|saknas|krävs|obligatorisk|nekad|nekades|avvisad|avvisades|error|invalid|failed|could not|cannot|can't|required|denied|rejected|not allowed)\b/i;

export type PageError = { id: number; text: string };

/** Steps after which a page may answer with an error: those that act on it. */
export const ACTING_STEPS = new Set(['click', 'doubleClick', 'change', 'keyDown', 'keyUp']);

/**
 * The error messages the page shows now (visible ones), each with the engine's element number. No named
 * inner functions: the runner's loader would wrap them in a helper the page does not have.
 */
export async function pageErrors(page: Page): Promise<PageError[]> {
  if (page.isClosed()) return [];
  // A page whose script never ends cannot be read: not read, its answer is unknown, and the step does not pass.
  return within(readErrors(page), PAGE_READ_MS, () => new StepError('timeout', `the page stopped answering: it could not be read within ${PAGE_READ_MS / 1000} s`));
}

/** How long reading a page's error messages may take. */
export const PAGE_READ_MS = 10_000;

async function readErrors(page: Page): Promise<PageError[]> {
  try {
    const found = await page.evaluate(() => {
      const key = Symbol.for('kollega.elementIds');
      const w = window as unknown as Record<symbol, { map: WeakMap<Element, number>; next: number } | undefined>;
      const store = (w[key] ??= { map: new WeakMap(), next: 1 });
      const out: { id: number; text: string; invalid: boolean }[] = [];
      for (const el of Array.from(document.querySelectorAll('[role="alert"], [aria-live="assertive"], [aria-invalid="true"]'))) {
        const r = el.getBoundingClientRect();
        if (!(r.width > 0 && r.height > 0) || getComputedStyle(el).visibility === 'hidden') continue;
        let id = store.map.get(el);
        if (id === undefined) store.map.set(el, (id = store.next++));
        const invalid = el.getAttribute('aria-invalid') === 'true';
        let text = '';
        if (invalid) {
          const refs = (el.getAttribute('aria-errormessage') ?? el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
          text = refs.map((ref) => document.getElementById(ref)?.textContent ?? '').join(' ');
          const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? '';
          text = `${label.replace(/\s+/g, ' ').trim()}: ${text}`;
        } else {
          text = (el as HTMLElement).innerText ?? el.textContent ?? '';
        }
        out.push({ id, text: text.replace(/\s+/g, ' ').trim().slice(0, 300), invalid });
      }
      return out;
    });
    return found.filter((e) => e.invalid || ERROR_WORDS.test(e.text)).map(({ id, text }) => ({ id, text }));
  } catch {
    return []; // a navigation in progress: the next check sees the new page
  }
}

/** Messages in `now` that were not in `before`. */
export function newErrors(before: PageError[], now: PageError[]): PageError[] {
  const seen = new Set(before.map((e) => `${e.id}\u0000${e.text}`));
  return now.filter((e) => !seen.has(`${e.id}\u0000${e.text}`));
}
