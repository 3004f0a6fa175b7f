// The element's picture (issue 24): a small JPEG of the element a step acts on, cropped from a picture of the
// window's visible tab (chrome.tabs.captureVisibleTab), for "Peka ut" (pick-session.ts) and for each element
// step of a recording (background.ts). The geometry and the size ladder are pure functions (thumbnail.test.ts);
// the browser parts (capture, decode, canvas) are injected there and real here.
//
// Chrome allows captureVisibleTab only with the `<all_urls>` host permission (or activeTab, which a recording
// or a pick window never has), and at most twice a second for an extension: `createThrottle` keeps the
// recorder under that, and a picture that is refused, too slow or too big is simply not there (the step keeps
// its last run's screenshot). Nothing here ever throws into a recording.
import { MAX_THUMBNAIL_BYTES } from './pick-protocol.ts';

/** Where the element is in the top window's viewport (CSS pixels), measured in the page when its step happened. */
export type ElementBox = { x: number; y: number; w: number; h: number; viewportWidth: number };

/** The picture: at most this many pixels, with a margin of page (CSS pixels) around the element. */
export const THUMBNAIL = { width: 240, height: 120, margin: 8 };
/** JPEG qualities tried in turn until the picture is at most MAX_THUMBNAIL_BYTES. */
const QUALITIES = [0.8, 0.6, 0.4, 0.25];
/** Chrome's limit is 2 captureVisibleTab calls a second; one every 600 ms stays clear of it. */
export const MIN_CAPTURE_GAP_MS = 600;

export type Crop = {
  /** The part of the screenshot to take (its pixels: device pixels, so CSS pixels × devicePixelRatio). */
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  /** The picture's size (never larger than the cropped part, never larger than THUMBNAIL). */
  width: number;
  height: number;
};

const finite = (...values: unknown[]) => values.every((value) => typeof value === 'number' && Number.isFinite(value));

/** A box from a message: four finite numbers and a positive viewport width, else undefined. */
export function elementBox(raw: unknown): ElementBox | undefined {
  const b = raw as Partial<ElementBox> | undefined;
  if (!b || !finite(b.x, b.y, b.w, b.h, b.viewportWidth) || b.viewportWidth! <= 0) return undefined;
  return { x: b.x!, y: b.y!, w: b.w!, h: b.h!, viewportWidth: b.viewportWidth! };
}

/**
 * What to crop from a screenshot of `image` pixels for the element at `box`: the screenshot's pixels per CSS
 * pixel are its width over the viewport's (the devicePixelRatio, zoom included), the element and its margin are
 * clipped to the visible part, and the result is scaled down to fit THUMBNAIL. Undefined when less than 4×4
 * pixels of it are on screen (scrolled away, hidden, empty).
 */
export function cropFor(box: ElementBox, image: { width: number; height: number }): Crop | undefined {
  if (box.w <= 0 || box.h <= 0 || image.width <= 0 || image.height <= 0) return undefined;
  const scale = image.width / box.viewportWidth;
  const left = Math.max(0, Math.floor((box.x - THUMBNAIL.margin) * scale));
  const top = Math.max(0, Math.floor((box.y - THUMBNAIL.margin) * scale));
  const right = Math.min(image.width, Math.ceil((box.x + box.w + THUMBNAIL.margin) * scale));
  const bottom = Math.min(image.height, Math.ceil((box.y + box.h + THUMBNAIL.margin) * scale));
  const sw = right - left;
  const sh = bottom - top;
  if (sw < 4 || sh < 4) return undefined;
  const fit = Math.min(1, THUMBNAIL.width / sw, THUMBNAIL.height / sh);
  return { sx: left, sy: top, sw, sh, width: Math.max(1, Math.round(sw * fit)), height: Math.max(1, Math.round(sh * fit)) };
}

/** The first encoding (best quality first) of at most `max` bytes, or undefined when even the lowest is larger. */
export async function encodeUnder(encode: (quality: number) => Promise<Uint8Array>, max = MAX_THUMBNAIL_BYTES): Promise<Uint8Array | undefined> {
  for (const quality of QUALITIES) {
    const bytes = await encode(quality);
    if (bytes.length <= max) return bytes;
  }
  return undefined;
}

export function jpegDataUrl(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/jpeg;base64,${btoa(binary)}`;
}

/**
 * Runs `work` unless one is under way or the last began less than `gapMs` ago (then: undefined at once, so a
 * fast person's steps are never held up); with `wait`, waits for its turn instead (a pick's single picture). A
 * failed `work` is undefined too.
 */
export function createThrottle(gapMs = MIN_CAPTURE_GAP_MS, now = () => Date.now(), sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))) {
  let last = -Infinity;
  let busy: Promise<unknown> | undefined;
  return async function run<T>(work: () => Promise<T>, { wait = false } = {}): Promise<T | undefined> {
    while (busy || now() - last < gapMs) {
      if (!wait) return undefined;
      if (busy) await busy.catch(() => undefined);
      else await sleep(gapMs - (now() - last));
    }
    last = now();
    const running = work();
    busy = running;
    try {
      return await running;
    } catch {
      return undefined;
    } finally {
      if (busy === running) busy = undefined;
    }
  };
}

/** One throttle for the whole worker: picks and recordings share Chrome's quota. */
export const throttled = createThrottle();

/** A picture that takes longer than this (a busy machine) is given up. */
const CAPTURE_TIMEOUT_MS = 5000;

/** A JPEG data: URL of the element cropped from a picture of the window's visible tab; undefined when refused or slow. */
export function thumbnailOf(windowId: number, box: ElementBox): Promise<string | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((done) => (timer = setTimeout(() => done(undefined), CAPTURE_TIMEOUT_MS)));
  return Promise.race([crop(windowId, box), late]).finally(() => clearTimeout(timer));
}

async function crop(windowId: number, box: ElementBox): Promise<string | undefined> {
  const shot = await chrome.tabs.captureVisibleTab(windowId, { format: 'png' });
  const image = await createImageBitmap(await (await fetch(shot)).blob());
  try {
    const crop = cropFor(box, image);
    if (!crop) return undefined;
    const canvas = new OffscreenCanvas(crop.width, crop.height);
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.drawImage(image, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, crop.width, crop.height);
    const jpeg = await encodeUnder(async (quality) => new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality })).arrayBuffer()));
    return jpeg && jpegDataUrl(jpeg);
  } finally {
    image.close();
  }
}
