// Secrets are bound to sites (docs/automation.md): a secret's value is typed only into a text or password field of
// a page whose origin (and whose frame's origin) is one of the secret's sites, and nothing a run does afterwards
// may read it back: not an extract of that field, not a condition's script on a page of such a site, not a
// selector that tests a field's value there. Every use is reported before typing (the audit trail).
import type { ElementHandle, Frame, Locator, Page } from 'playwright-core';
import type { Selector, Step } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { StepError } from './errors.ts';
import { remaining, type StepContext } from './state.ts';
import { secretReferences } from './templates.ts';

/** A page's origin when it is a web page (http or https); null for about:blank, data:, blob: and the like. */
export function webOrigin(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
}

/** The secrets a `change` step types, by name (from the step as written, before its values were substituted). */
export function secretsOfStep(ctx: StepContext): string[] {
  const written = ctx.run.opts.definition.steps[ctx.index];
  return written?.type === 'change' ? secretReferences(written.value) : [];
}

/** Every site the run's secrets may be typed on: pages where no script of the workflow may run. */
function secretSites(ctx: StepContext): Set<string> {
  return new Set(Object.values(ctx.run.opts.secretOrigins ?? {}).flat());
}

/**
 * Types `value` (which holds the secrets `names`) into the field `locator` finds, or fails before typing: the
 * field must be a text or password field in a document on one of every named secret's sites, inside a page on
 * one of them too. The value is set inside that document (no key events that a page could steer elsewhere by
 * moving the focus, no second lookup that a navigation could redirect).
 */
export async function typeSecret(ctx: StepContext, page: Page, locator: Locator, value: string, names: string[]): Promise<void> {
  const found = await locator.elementHandle({ timeout: remaining(ctx) });
  const field = await textField(found);
  const frame = await field.ownerFrame();
  const origin = frame ? webOrigin(frame.url()) : null;
  const top = webOrigin(page.url());
  for (const name of names) {
    const sites = ctx.run.opts.secretOrigins?.[name] ?? [];
    if (!sites.length) {
      throw new StepError('secret_origin_denied', `the secret ${name} is not linked to any site yet: an administrator names its sites under Settings → Secrets`);
    }
    if (!origin || !top || !sites.includes(origin) || !sites.includes(top)) {
      const where = origin === top || !origin ? (top ?? page.url()) : `${origin} (inside a page of ${top ?? page.url()})`;
      throw new StepError('secret_origin_denied', `the secret ${name} may only be typed on ${sites.join(', ')}; this field is on ${where}. Nothing was typed`);
    }
  }
  await ctx.ready;
  for (const name of names) {
    const recorded = await ctx.run.opts.onSecretUse?.({ name, origin: origin!, stepId: ctx.step.id });
    if (recorded === false) throw new StepError('stopped', 'this attempt no longer holds the run: nothing was typed');
  }
  await field.evaluate((el, v) => {
    const input = el as HTMLInputElement | HTMLTextAreaElement;
    input.focus();
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, v);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: v }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
  ctx.run.secretFields.push(locator);
  ctx.run.secretHandles.push(field);
  ctx.run.secretTyped.add(origin!);
  ctx.log(`a secret was typed on ${origin}`);
}

const TEXT_TYPES = new Set(['', 'text', 'password', 'email', 'tel', 'number', 'search', 'url']);

/** The text or password field: the element itself, or the one field inside it; anything else is refused. */
async function textField(handle: ElementHandle): Promise<ElementHandle> {
  const isField = (h: ElementHandle) =>
    h.evaluate((el, types) => el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && types.includes(el.type.toLowerCase())), [...TEXT_TYPES]);
  if (await isField(handle)) return handle;
  const inner = await handle.$$('input, textarea');
  const fields = [];
  for (const h of inner) if (await isField(h)) fields.push(h);
  if (fields.length === 1) return fields[0]!;
  throw new StepError('assertion_failed', 'a secret can only be typed into one text or password field, and this element is not one');
}

/** An extract may not read a field a secret was typed into (nor an element around one). */
export async function refuseSecretRead(ctx: StepContext, locator: Locator, frame: Frame): Promise<void> {
  for (const handle of ctx.run.secretHandles) {
    if ((await handle.ownerFrame().catch(() => null)) !== frame) continue;
    const holds = await locator.evaluate((el, field) => !!field && (el === field || el.contains(field)), handle, { timeout: remaining(ctx) }).catch(() => false);
    if (holds) throw new StepError('secret_use_denied', 'this element holds a secret the run typed; it is never read back');
  }
}

/** A condition's script never runs in a page or frame of a site the run's secrets may be typed on. */
export function refuseScriptOnSecretSite(ctx: StepContext, page: Page, frame: Frame): void {
  const sites = secretSites(ctx);
  for (const origin of [webOrigin(frame.url()), webOrigin(page.url())]) {
    if (origin && sites.has(origin)) {
      throw new StepError('secret_use_denied', `a condition (waitForExpression) cannot run on ${origin}: the workflow types secrets on that site`);
    }
  }
}

/** CSS `[value…]` and XPath `@value`: they test what a field holds. */
const VALUE_TEST = /\[\s*value\s*([~|^$*]?=|\])|@value\b/i;

/**
 * Where the run typed a secret, a selector may not test a field's value (a workflow could guess the secret one
 * character at a time with `input[value^="a"]`), nor a waitForElement compare one.
 */
export function refuseValueProbe(ctx: StepContext, frame: Frame, step: Step & { selectors?: Selector[] }): void {
  const origin = webOrigin(frame.url());
  if (!origin || !ctx.run.secretTyped.has(origin)) return;
  const parts = (step.selectors ?? []).flatMap((s) => (Array.isArray(s) ? s : [s]));
  const compares = step.type === 'waitForElement' && (Object.hasOwn(step.attributes ?? {}, 'value') || Object.hasOwn(step.properties ?? {}, 'value'));
  if (compares || parts.some((p) => VALUE_TEST.test(p))) {
    throw new StepError('secret_use_denied', `on ${origin}, where the run typed a secret, a step may not test what a field holds`);
  }
}
