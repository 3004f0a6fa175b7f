// The element's picture (issue 24): which part of a screenshot is cropped for an element's box (device pixels,
// clipped to what is on screen, scaled down to at most 240×120), the JPEG quality ladder that keeps it at most
// 20 KB, and the throttle that keeps the recorder under Chrome's two captures a second without holding it up.
import { describe, expect, it } from 'vitest';
import { MAX_THUMBNAIL_BYTES } from './pick-protocol.ts';
import { createThrottle, cropFor, elementBox, encodeUnder, jpegDataUrl, THUMBNAIL } from './thumbnail.ts';

const VIEWPORT = 1200;
const screen = (dpr: number) => ({ width: VIEWPORT * dpr, height: 800 * dpr });

describe('cropFor', () => {
  it('takes the element with 8 px of page around it, at its own size when small', () => {
    expect(cropFor({ x: 100, y: 50, w: 80, h: 30, viewportWidth: VIEWPORT }, screen(1))).toEqual({
      sx: 92,
      sy: 42,
      sw: 96,
      sh: 46,
      width: 96,
      height: 46,
    });
  });

  it('reads device pixels at devicePixelRatio 2 (the screenshot is twice the viewport) and scales them down', () => {
    const crop = cropFor({ x: 100, y: 50, w: 80, h: 30, viewportWidth: VIEWPORT }, screen(2))!;
    expect(crop).toMatchObject({ sx: 184, sy: 84, sw: 192, sh: 92 });
    // 192×92 fits in 240×120 as it is.
    expect([crop.width, crop.height]).toEqual([192, 92]);
    const wide = cropFor({ x: 100, y: 50, w: 400, h: 40, viewportWidth: VIEWPORT }, screen(2))!;
    expect(wide).toMatchObject({ sx: 184, sw: 832, sh: 112 });
    expect(wide.width).toBe(THUMBNAIL.width);
    expect(wide.height).toBe(Math.round(112 * (240 / 832)));
  });

  it('never makes a picture larger than 240×120, keeping the element\'s proportions', () => {
    const crop = cropFor({ x: 0, y: 0, w: 1000, h: 700, viewportWidth: VIEWPORT }, screen(1))!;
    expect(crop.height).toBe(THUMBNAIL.height);
    expect(crop.width).toBeLessThanOrEqual(THUMBNAIL.width);
    expect(crop.width / crop.height).toBeCloseTo(crop.sw / crop.sh, 1);
  });

  it('clips an element partly off screen to its visible part (the crop never leaves the screenshot)', () => {
    const left = cropFor({ x: -50, y: 10, w: 100, h: 20, viewportWidth: VIEWPORT }, screen(1))!;
    expect(left).toMatchObject({ sx: 0, sy: 2, sw: 58, sh: 36 }); // -58 → 0 on the left, 58 on the right
    const bottom = cropFor({ x: 10, y: 780, w: 100, h: 60, viewportWidth: VIEWPORT }, screen(2))!;
    expect(bottom.sy + bottom.sh).toBe(1600);
    expect(bottom.sx + bottom.sw).toBeLessThanOrEqual(2400);
  });

  it.each([
    ['scrolled out of view below', { x: 10, y: 900, w: 100, h: 20 }],
    ['scrolled out of view above', { x: 10, y: -200, w: 100, h: 20 }],
    ['off to the right', { x: 1300, y: 10, w: 100, h: 20 }],
    ['of no size (hidden)', { x: 10, y: 10, w: 0, h: 0 }],
  ])('has no picture for an element %s', (_name, box) => {
    expect(cropFor({ ...box, viewportWidth: VIEWPORT }, screen(1))).toBeUndefined();
  });
});

describe('elementBox', () => {
  it('takes four finite numbers and a viewport width, nothing else', () => {
    expect(elementBox({ x: 1, y: 2, w: 3, h: 4, viewportWidth: 5, extra: 'x' })).toEqual({ x: 1, y: 2, w: 3, h: 4, viewportWidth: 5 });
    for (const bad of [undefined, null, 'box', { x: 1, y: 2, w: 3, h: 4 }, { x: '1', y: 2, w: 3, h: 4, viewportWidth: 5 }, { x: 1, y: 2, w: 3, h: Infinity, viewportWidth: 5 }, { x: 1, y: 2, w: 3, h: 4, viewportWidth: 0 }])
      expect(elementBox(bad), JSON.stringify(bad)).toBeUndefined();
  });
});

describe('encodeUnder', () => {
  it('keeps the best quality that fits in 20 KB', async () => {
    const asked: number[] = [];
    const encode = async (quality: number) => {
      asked.push(quality);
      return new Uint8Array(quality > 0.5 ? MAX_THUMBNAIL_BYTES + 1 : MAX_THUMBNAIL_BYTES);
    };
    expect((await encodeUnder(encode))?.length).toBe(MAX_THUMBNAIL_BYTES);
    expect(asked).toEqual([0.8, 0.6, 0.4]);
  });

  it('gives no picture when even the lowest quality is too big', async () => {
    const asked: number[] = [];
    expect(
      await encodeUnder(async (quality) => {
        asked.push(quality);
        return new Uint8Array(MAX_THUMBNAIL_BYTES + 1);
      }),
    ).toBeUndefined();
    expect(asked.at(-1)).toBeLessThan(0.4);
  });

  it('the data: URL carries the bytes as base64', () => {
    expect(jpegDataUrl(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('data:image/jpeg;base64,/9j/4A==');
  });
});

describe('createThrottle', () => {
  function clock() {
    let time = 10_000;
    return { now: () => time, advance: (ms: number) => void (time += ms), sleep: async (ms: number) => void (time += ms) };
  }

  it('skips a capture asked for within 600 ms of the last, without waiting', async () => {
    const c = clock();
    const run = createThrottle(600, c.now, c.sleep);
    let taken = 0;
    const take = async () => ++taken;
    expect(await run(take)).toBe(1);
    c.advance(599);
    expect(await run(take)).toBeUndefined();
    c.advance(1);
    expect(await run(take)).toBe(2);
  });

  it('skips one asked for while another is under way', async () => {
    const c = clock();
    const run = createThrottle(600, c.now, c.sleep);
    let finish!: (value: string) => void;
    const first = run(() => new Promise<string>((done) => (finish = done)));
    c.advance(1000);
    expect(await run(async () => 'second')).toBeUndefined();
    finish('first');
    expect(await first).toBe('first');
  });

  it('a pick waits for its turn instead of being skipped', async () => {
    const c = clock();
    const run = createThrottle(600, c.now, c.sleep);
    await run(async () => 'recorded step');
    const started = c.now();
    expect(await run(async () => 'picked', { wait: true })).toBe('picked');
    expect(c.now() - started).toBe(600);
  });

  it('a failed capture is no picture, never an error, and does not block the next', async () => {
    const c = clock();
    const run = createThrottle(600, c.now, c.sleep);
    await expect(run(() => Promise.reject(new Error('Either the <all_urls> or activeTab permission is required.')))).resolves.toBeUndefined();
    c.advance(600);
    expect(await run(async () => 'next')).toBe('next');
  });
});
