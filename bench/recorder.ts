// Recorder benchmark: does the Kollega Recorder extension add noticeable lag to the page being recorded?
//
//   npx tsx bench/recorder.ts [--clicks 200] [--rows 500] [--out bench/results/recorder.json]
//
// 1. serves a stand-in app page on http://localhost:<port>, builds the extension (extension/build.ts) for that
//    exact origin (where the extension's bridge runs), and serves a bench page on 127.0.0.1: a form and a
//    table of `rows` rows, each with a button whose text repeats (the selector generator must find the row's own text);
// 2. in Debian's Chromium WITH the extension: starts a recording from the app page, then clicks row buttons
//    and fills fields in the recording window as a person would (Playwright's trusted input);
//    - event-to-step latency: from the event's timestamp in the page (performance.timeOrigin + timeStamp) to
//      the step's arrival in the app page (Date.now() in its message listener): capture, selector generation,
//      the trip through the background worker and the bridge;
//    - input delay: in the bench page's own handler, performance.now() − event.timeStamp (the time the page
//      waited for its handler, which includes the recorder's capture-phase listener);
//    - element pictures (issue 24): how many of the element steps got their picture (captureVisibleTab, at most
//      one every 600 ms, so fast input leaves some without), and their sizes;
// 3. the same clicks and fills in Chromium WITHOUT the extension, for the page's input delay baseline.
// Prints a table and writes the raw figures as JSON. A benchmark, not a test: exits 0 whatever the figures, but 2
// when the harness itself is broken (the recorder sent no step for some click, or nothing was measured), so the
// tiny run in npm test (`--clicks 6 --rows 20`) fails when a change breaks it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildExtension } from '../extension/build.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const CLICKS = Number(arg('clicks', '200'));
const ROWS = Number(arg('rows', '500'));
const OUT = resolve(arg('out', 'bench/results/recorder.json'));
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const benchPage = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Bench</title></head><body>
<form><label for="f1">Leverantör</label><input id="f1"><label>Belopp <input name="amount"></label></form>
<table><tbody>${Array.from({ length: ROWS }, (_, i) => `<tr><td>Faktura ${1000 + i}</td><td>Väntar</td><td><button type="button" class="css-${(i * 7919).toString(36)}">Attestera</button></td></tr>`).join('')}</tbody></table>
<script>
  window.delays = [];
  const measure = (event) => window.delays.push(performance.now() - event.timeStamp);
  document.addEventListener('click', measure);
  document.addEventListener('change', measure);
</script></body></html>`;

function serve(host: string, html: string): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  return new Promise((done) => server.listen(0, host, () => done(server)));
}
const portOf = (server: Server) => (server.address() as { port: number }).port;

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { n: sorted.length, p50: round(q(50)), p95: round(q(95)), max: round(sorted.at(-1) ?? NaN) };
}

/** The same person-like input in both runs: clicks on row buttons spread over the table, and field fills. */
async function drive(page: Page) {
  for (let i = 0; i < CLICKS; i++) {
    const row = Math.floor((i * ROWS) / CLICKS);
    await page.locator('tbody tr').nth(row).getByRole('button').click();
    if (i % 10 === 0) {
      await page.getByLabel('Leverantör').fill(`Leverantör ${i}`);
      await page.getByLabel('Belopp').fill(String(i * 100)); // commits the first field (change)
    }
  }
  await page.getByLabel('Leverantör').click(); // commits the last field
}

async function launch(extensionDir?: string): Promise<{ context: BrowserContext; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'kollega-bench-'));
  const extension = extensionDir ? [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`] : [];
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: [...ARGS, ...extension] });
  return { context, profile };
}

const app = await serve('localhost', '<!doctype html><title>Kollega</title><body>app</body>');
const { dir } = await buildExtension({ appOrigins: [`http://localhost:${portOf(app)}`] });
const site = await serve('127.0.0.1', benchPage);
const siteUrl = `http://127.0.0.1:${portOf(site)}/`;

// With the extension: latency and input delay.
const withExt = await launch(dir);
const appPage = withExt.context.pages()[0] ?? (await withExt.context.newPage());
await appPage.goto(`http://localhost:${portOf(app)}/`);
await appPage.evaluate(() => {
  const w = window as unknown as { latencies: number[]; steps: number; refs: number; pictures: number[] };
  w.latencies = [];
  w.steps = 0;
  w.refs = 0;
  w.pictures = [];
  window.addEventListener('message', (event) => {
    if (event.data?.source === 'kollega-recorder' && event.data.event?.type === 'thumbnail')
      w.pictures.push(Math.floor((event.data.event.thumbnail.length - 'data:image/jpeg;base64,'.length) * 0.75));
    if (event.data?.source !== 'kollega-recorder' || event.data.event?.type !== 'step') return;
    if (event.data.event.capture.ref) w.refs += 1;
    w.steps += 1;
    if (event.data.event.capture.step.type !== 'navigate') w.latencies.push(Date.now() - (event.data.event.capture.committedAt ?? event.data.event.capture.at));
  });
});
const opened = withExt.context.waitForEvent('page');
await appPage.evaluate((url) => window.postMessage({ source: 'kollega-app', command: { type: 'start', url } }, location.origin), siteUrl);
const recorded = await opened;
await recorded.waitForLoadState();
await recorded.waitForTimeout(500);
const startedAt = Date.now();
await drive(recorded);
const driveMs = Date.now() - startedAt;
await recorded.waitForTimeout(1000);
const latencies = await appPage.evaluate(() => (window as unknown as { latencies: number[] }).latencies);
const stepCount = await appPage.evaluate(() => (window as unknown as { steps: number }).steps);
const { refs, pictures } = await appPage.evaluate(() => {
  const w = window as unknown as { refs: number; pictures: number[] };
  return { refs: w.refs, pictures: w.pictures };
});
const delaysWith = await recorded.evaluate(() => (window as unknown as { delays: number[] }).delays);
await withExt.context.close();
rmSync(withExt.profile, { recursive: true, force: true });

// Without: the page's own input delay.
const without = await launch();
const plain = without.context.pages()[0] ?? (await without.context.newPage());
await plain.goto(siteUrl);
const plainStarted = Date.now();
await drive(plain);
const plainDriveMs = Date.now() - plainStarted;
const delaysWithout = await plain.evaluate(() => (window as unknown as { delays: number[] }).delays);
await without.context.close();
rmSync(without.profile, { recursive: true, force: true });
app.close();
site.close();

const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 2 ** 30) },
  chromium: withExt.context.browser()?.version() ?? 'Debian Chromium',
  clicks: CLICKS,
  rows: ROWS,
  steps: stepCount,
  pictures: { asked: refs, received: pictures.length, bytes: stats(pictures) },
  latencyMs: stats(latencies),
  inputDelayMs: { withExtension: stats(delaysWith), withoutExtension: stats(delaysWithout) },
  driveMs: { withExtension: driveMs, withoutExtension: plainDriveMs },
};
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, `${JSON.stringify({ ...result, raw: { latencies, delaysWith, delaysWithout } }, null, 2)}\n`);
console.log(`| measure | n | p50 ms | p95 ms | max ms |
|---|---|---|---|---|
| event → step in the app (with extension) | ${result.latencyMs.n} | ${result.latencyMs.p50} | ${result.latencyMs.p95} | ${result.latencyMs.max} |
| page input delay, with extension | ${result.inputDelayMs.withExtension.n} | ${result.inputDelayMs.withExtension.p50} | ${result.inputDelayMs.withExtension.p95} | ${result.inputDelayMs.withExtension.max} |
| page input delay, without extension | ${result.inputDelayMs.withoutExtension.n} | ${result.inputDelayMs.withoutExtension.p50} | ${result.inputDelayMs.withoutExtension.p95} | ${result.inputDelayMs.withoutExtension.max} |
steps received: ${stepCount}, ${refs} of them asked for a picture, ${pictures.length} pictures received (${result.pictures.bytes.p50} bytes p50, ${result.pictures.bytes.max} max); input driven in ${driveMs} ms with, ${plainDriveMs} ms without; ${CLICKS} clicks, ${ROWS} rows`);
if (stepCount < CLICKS || !result.latencyMs.n || !result.inputDelayMs.withoutExtension.n) {
  console.error(`the benchmark is broken: ${stepCount} steps for ${CLICKS} clicks, ${result.latencyMs.n} latencies, ${result.inputDelayMs.withoutExtension.n} baseline delays`);
  process.exitCode = 2;
}
