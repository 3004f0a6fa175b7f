// A person confirms the candidate (docs/automation.md "Confirming a candidate and heals"). When an element step
// would fail `element_ambiguous` / `element_not_found` but the page has a candidate worth asking about (score ≥
// CONFIRM_FLOOR, locate.ts), or the step is critical, the runner outlines the candidate on a screenshot and asks
// the caller (`confirmElement`: a human task). "Yes" → the step acts on exactly that element, after checking it
// is still there and still the same; "no", no answer or a changed page → the step fails and nothing is done.
// Every heal (also an automatic one at or above the threshold) is described with the recorder's own code
// (candidate-page.ts), so the run can propose a new version of the step.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Locator, Page } from 'playwright-core';
import { healedSelectors } from '../../../supabase/functions/_shared/heal.ts';
import type { Selector, Step } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { StepError, describeError } from './errors.ts';
import type { Heal, UncertainElement } from './locate.ts';
import { captureJpeg } from './screenshot.ts';
import type { StepContext } from './state.ts';
import { maskDeep, maskSecrets } from './templates.ts';
import type { CandidateInfo, StepHeal } from './types.ts';

let bundled: Promise<string> | undefined;

/** candidate-page.ts and the recorder code it uses, as a page function `(el) => info` (built once per process). */
function describeScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL('./candidate-page.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__kollegaCandidate',
    target: 'chrome116',
    logLevel: 'warning',
  }).then((r) => `(el) => {\n${r.outputFiles[0]!.text}\nreturn __kollegaCandidate.describeCandidate(el);\n}`);
  return bundled;
}

/** The engine's short form of an element, as the scoring script writes it: `button "Spara"`. */
function short(info: { tag: string; role?: string; name?: string }): string {
  return (info.role || info.tag) + (info.name ? ` "${info.name.slice(0, 80)}"` : '');
}

/** The element as the recorder would describe it now (secret values masked). */
export async function describeElement(locator: Locator, secrets: Record<string, string>): Promise<CandidateInfo> {
  // The function is made in the element's own frame: a handle cannot cross frames.
  const handle = await locator.elementHandle({ timeout: 2000 });
  const frame = await handle.ownerFrame();
  await handle.dispose();
  if (!frame) throw new StepError('element_ambiguous', 'the element is gone');
  const fn = await frame.evaluateHandle(await describeScript());
  try {
    const info = (await locator.evaluate((el, f) => (f as unknown as (e: Element) => unknown)(el), fn, { timeout: 2000 })) as Omit<CandidateInfo, 'describe'>;
    const masked = maskDeep(info, secrets);
    return { ...masked, describe: short(masked) };
  } finally {
    await fn.dispose().catch(() => {});
  }
}

/** The viewport with `locator` outlined (a box drawn over the page, removed afterwards); never throws. */
async function outlinedScreenshot(ctx: StepContext, page: Page, locator: Locator): Promise<Buffer | undefined> {
  const id = `kollega-outline-${Math.random().toString(36).slice(2)}`;
  try {
    await locator.scrollIntoViewIfNeeded({ timeout: 2000 }).catch(() => {});
    const box = await locator.boundingBox({ timeout: 2000 });
    if (box) {
      await page.evaluate(
        ({ id, box }) => {
          const outline = document.createElement('div');
          outline.id = id;
          Object.assign(outline.style, {
            position: 'fixed',
            left: `${box.x - 6}px`,
            top: `${box.y - 6}px`,
            width: `${box.width + 12}px`,
            height: `${box.height + 12}px`,
            border: '4px solid #e11d48',
            borderRadius: '6px',
            boxShadow: '0 0 0 9999px rgba(15, 23, 42, 0.25)',
            boxSizing: 'border-box',
            zIndex: '2147483647',
            pointerEvents: 'none',
          });
          document.documentElement.append(outline);
        },
        { id, box },
      );
    }
    return (await captureJpeg(page, { qualities: [60, 45, 30, 15], extraMasks: ctx.run.secretFields, timeoutMs: 3000 })).image;
  } catch {
    return undefined;
  } finally {
    await page.evaluate((id) => document.getElementById(id)?.remove(), id).catch(() => {});
  }
}

function healOf(ctx: StepContext, step: { selectors: Selector[] }, candidate: CandidateInfo, reason: StepHeal['reason'], score: number, threshold: number): StepHeal {
  // The step as defined (templates not substituted), not as executed.
  const defined = ctx.run.opts.definition.steps[ctx.index];
  const old = defined && 'selectors' in defined && defined.selectors ? defined.selectors : step.selectors;
  return { reason, score, threshold, candidate, oldSelectors: old, newSelectors: healedSelectors(candidate.selectors, old) };
}

/** Records an automatic heal (verified, healed, chosen) on the step; a failure to describe it is only logged. */
export async function recordHeal(ctx: StepContext, step: Step & { selectors: Selector[] }, locator: Locator, heal: Heal, threshold: number): Promise<void> {
  try {
    ctx.heal = healOf(ctx, step, await describeElement(locator, ctx.run.secrets), heal.reason, heal.score, threshold);
  } catch (error) {
    ctx.log(`the element found by healing could not be described for a new version of the step: ${describeError(error)}`);
  }
}

/**
 * Asks a person about the candidate of an uncertain step; returns the candidate's locator when they confirm it
 * and it is still the same element, else throws (the step fails as it would have, and nothing is done).
 */
export async function confirmCandidate(ctx: StepContext, page: Page, step: Step & { selectors: Selector[] }, uncertain: UncertainElement): Promise<Locator> {
  const ask = ctx.run.opts.confirmElement!;
  const { frame, best, threshold, why } = uncertain.confirmable;
  const locator = frame.locator(`css=[data-kollega-pick="${best.marker}"]`);
  let candidate: CandidateInfo;
  try {
    candidate = await describeElement(locator, ctx.run.secrets);
  } catch (error) {
    ctx.log(`the closest candidate could not be shown to a person: ${describeError(error)}`);
    throw uncertain;
  }
  const screenshot = await outlinedScreenshot(ctx, page, locator);
  const reason = why === 'critical' ? 'the step is critical' : why === 'too_close' ? 'it is too close to the next candidate' : `its score is below ${threshold.toFixed(2)}`;
  ctx.log(`asking a person whether ${candidate.describe} (score ${best.score.toFixed(2)}) is the right element: ${reason}`);
  // While a person looks (the run may wait for them in place, its page open), the step is not watched for a page
  // that stopped answering. The person's time is not the step's: once they answer, the action gets the step's whole
  // time again.
  ctx.deadline = Number.POSITIVE_INFINITY;
  const answer = await ask(ctx.index, step, {
    candidate,
    score: best.score,
    threshold,
    why,
    ...(screenshot && { screenshot }),
    errorType: uncertain.type as 'element_ambiguous' | 'element_not_found',
    errorMessage: maskSecrets(uncertain.message, ctx.run.secrets),
  }).finally(() => (ctx.deadline = Date.now() + ctx.timeoutMs));
  if ('fail' in answer) throw new StepError(answer.errorType ?? 'timeout', answer.fail);
  if (!answer.confirmed) {
    throw new StepError(uncertain.type, `${uncertain.message} A person answered that ${candidate.describe} is not the right element; nothing was done.`);
  }
  // The page had time to change while the person looked: act only on the very element they saw, unchanged.
  let now: CandidateInfo | undefined;
  try {
    if ((await locator.count()) === 1) now = await describeElement(locator, ctx.run.secrets);
  } catch {
    now = undefined;
  }
  const same = now && now.tag === candidate.tag && now.role === candidate.role && now.name === candidate.name && now.row === candidate.row && now.text === candidate.text;
  if (!same) {
    throw new StepError(
      'element_ambiguous',
      `a person confirmed ${candidate.describe}, but the page changed before the step could act (${now ? `the element is now ${now.describe}` : 'the element is gone'}); nothing was done`,
    );
  }
  ctx.log(`a person confirmed ${candidate.describe} (score ${best.score.toFixed(2)}): used`);
  ctx.heal = { ...healOf(ctx, step, candidate, 'confirmed', best.score, threshold), ...(answer.details && { details: answer.details }) };
  return locator;
}
