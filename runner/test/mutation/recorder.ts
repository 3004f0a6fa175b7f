// Records steps with the recorder extension's own content script (extension/src/capture.ts, which calls
// selectorsFor(el) and fingerprintFor(el) from extension/src/selectors.ts), bundled with esbuild and injected
// into every frame of a Chromium page, with a stand-in for `chrome.runtime` that says "recording" and keeps
// what the script sends. The target is then driven as a person does it (Playwright's trusted input: a click;
// a click, typing and Tab; choosing an option; ticking a box), so the step is exactly what the extension
// would have sent: the element `closest()` to the click, the frame path, the change committed on Tab.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, ElementHandle, Frame } from 'playwright-core';
import type { Capture, CapturedStep } from '../../../extension/src/protocol.ts';
import type { Target } from './pages.ts';

export const VIEWPORT = { width: 1000, height: 800 };

/** `chrome.runtime` as the content script uses it: `hello` answers "recording", captures are kept in the page. */
const CHROME_STUB = `(() => {
  const captures = [];
  window.__kollegaCaptures = captures;
  const runtime = {
    sendMessage: (message) => {
      if (message && message.type === 'capture') captures.push(message.capture);
      return Promise.resolve(message && message.type === 'hello' ? { active: true } : undefined);
    },
    onMessage: { addListener: () => {} },
  };
  Object.defineProperty(window, 'chrome', { configurable: true, value: { runtime } });
})();`;

let bundled: Promise<string> | undefined;

/** capture.ts and what it imports, as one script for the page (built once per process). */
export function recorderScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL('../../../extension/src/capture.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'chrome116',
    logLevel: 'warning',
  }).then((result) => `${CHROME_STUB}\n${result.outputFiles[0]!.text}`);
  return bundled;
}

export type Recorded = { step: CapturedStep; label?: string; frameUrl: string };

/** The frame holding the element BOOT knows as `marker`, and the element. */
async function findTarget(frames: Frame[], marker: string): Promise<{ frame: Frame; element: ElementHandle<Element> } | undefined> {
  for (const frame of frames) {
    const handle = await frame.evaluateHandle((id) => (window as unknown as { __mutTarget?: (id: string) => Element | null }).__mutTarget?.(id) ?? null, marker);
    const element = handle.asElement();
    if (element) return { frame, element: element as ElementHandle<Element> };
    await handle.dispose();
  }
  return undefined;
}

/**
 * Opens `url` in a fresh context of `browser` with the recorder running, performs the target's action, and
 * returns the step the recorder sent for it. Throws when the page still shows an identity attribute (the
 * suite's marker must be invisible to the recorder) or when the recorder sent no such step.
 */
export async function recordStep(browser: Browser, url: string, target: Target): Promise<Recorded> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript({ content: await recorderScript() });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    for (const frame of page.frames()) {
      const marked = await frame.evaluate(() => document.querySelectorAll('[data-mut-id]').length);
      if (marked) throw new Error(`${url}: ${marked} elements still carry data-mut-id in ${frame.url()}`);
    }
    const found = await findTarget(page.frames(), target.marker);
    if (!found) throw new Error(`${url}: no element ${target.marker}`);
    const { frame, element } = found;
    const { action } = target;
    if (action.kind === 'click' || action.kind === 'check') await element.click();
    else if (action.kind === 'select') await element.selectOption(action.value);
    else {
      await element.click();
      await element.fill(action.value);
      await element.press('Tab');
    }
    const captures = (await frame.evaluate(() => (window as unknown as { __kollegaCaptures?: unknown[] }).__kollegaCaptures ?? [])) as Capture[];
    const type = action.kind === 'click' ? 'click' : 'change';
    const capture = captures.findLast((c) => c.step.type === type);
    if (!capture) throw new Error(`${url}: the recorder sent no ${type} step for ${target.marker} (sent: ${captures.map((c) => c.step.type).join(', ') || 'nothing'})`);
    if (JSON.stringify(capture).includes('data-mut')) throw new Error(`${url}: the recorded step mentions the suite's marker`);
    return { step: capture.step, label: capture.label, frameUrl: frame.url() };
  } finally {
    await context.close().catch(() => {});
  }
}
