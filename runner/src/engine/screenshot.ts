// JPEG screenshots for the run log: at most 100 KB, password fields (and fields the run filled with a secret)
// covered by Playwright's mask before the image is taken.
import type { CDPSession, Locator, Page } from 'playwright-core';

export const MAX_SCREENSHOT_BYTES = 100 * 1024;

/** Inputs whose content is a password or a one-time code, whatever their current type. */
export const SENSITIVE_FIELDS =
  'input[type=password], input[autocomplete=current-password], input[autocomplete=new-password], input[autocomplete=one-time-code]';

export type CaptureOptions = {
  fullPage?: boolean;
  /** Qualities tried in order until the image fits. */
  qualities?: number[];
  /** More elements to cover (fields filled with a secret); those of other pages are ignored. */
  extraMasks?: Locator[];
  timeoutMs?: number;
  /**
   * A CDP session of the page (Chromium): when nothing on the page needs masking, the image is taken straight
   * from the compositor, several times cheaper than Playwright's screenshot (no mask, viewport only).
   */
  cdp?: () => Promise<CDPSession | undefined>;
};

async function needsMask(mask: Locator[]): Promise<boolean> {
  const counts = await Promise.all(mask.map((l) => l.count().catch(() => 1)));
  return counts.some((n) => n > 0);
}

function masksFor(page: Page, extra: Locator[]): Locator[] {
  return [...page.frames().map((f) => f.locator(SENSITIVE_FIELDS)), ...extra.filter((l) => l.page() === page)];
}

/**
 * A JPEG of the viewport (or the full page) within MAX_SCREENSHOT_BYTES, lowering the quality step by step; a
 * full page that does not fit at the lowest quality falls back to the viewport. `note` says what was given up.
 */
export async function captureJpeg(page: Page, opts: CaptureOptions = {}): Promise<{ image?: Buffer; note?: string }> {
  const qualities = opts.qualities ?? [75, 50, 30, 15, 8];
  const mask = masksFor(page, opts.extraMasks ?? []);
  const timeout = opts.timeoutMs ?? 5000;
  if (opts.cdp && !opts.fullPage) {
    // Whether anything needs covering is asked while the picture is taken (both read the page as it is now); a
    // picture of a page that has such a field is thrown away unused and taken again, covered, below.
    const masked = needsMask(mask);
    const straight = (async () => {
      const session = await opts.cdp!().catch(() => undefined);
      for (const quality of session ? qualities : []) {
        // optimizeForSpeed: Chromium's faster JPEG encoder (a larger file, still far under the limit at these qualities).
        const { data } = await session!.send('Page.captureScreenshot', { format: 'jpeg', quality, optimizeForSpeed: true });
        const image = Buffer.from(data, 'base64');
        if (image.length <= MAX_SCREENSHOT_BYTES) return image;
      }
      return undefined;
    })().catch(() => undefined); // the page is between documents, or CDP is not available: Playwright's way below
    const [mustMask, image] = await Promise.all([masked, straight]);
    if (!mustMask && image) return { image };
  }
  for (const fullPage of opts.fullPage ? [true, false] : [false]) {
    for (const quality of qualities) {
      const image = await page.screenshot({ type: 'jpeg', quality, fullPage, mask, scale: 'css', caret: 'initial', timeout });
      if (image.length <= MAX_SCREENSHOT_BYTES) {
        const note = opts.fullPage && !fullPage ? 'the full page does not fit in 100 KB; the visible part was captured' : undefined;
        return { image, note };
      }
    }
  }
  return { note: 'the screenshot does not fit in 100 KB even at the lowest quality' };
}
