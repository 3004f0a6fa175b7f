// Chrome Recorder recordings as Chrome writes them, imported by the api's importer and replayed in real Chromium:
// the label-then-box double click toggles once, a lone keyUp and fractional numbers replay, assertedEvents hold.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { fromChromeRecording } from '../../../supabase/functions/_shared/chrome-recorder.ts';
import { definitionSchema } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { useEngine } from './test/harness.ts';

const t = useEngine();

/** The hard case `label-echo` (runner/test/): the page Chrome's Recorder recorded on, and its recording. */
const fixture = (path: string) => readFileSync(new URL(`../../test/${path}`, import.meta.url), 'utf8');

/** The recording (written against 127.0.0.1:47811), imported for this test server. */
function labelEchoSteps() {
  const recording = JSON.parse(fixture('recordings/label-echo.json').replaceAll('http://127.0.0.1:47811', t.server.origin));
  return definitionSchema.parse(fromChromeRecording(recording).definition).steps;
}

describe('the label-then-box double click Chrome records for one click on a label', () => {
  test('replays as one toggle (wrapping label, <label for>, hidden custom box, radio); a click a person made on the box after it is still made', async () => {
    t.server.page('/label-echo/', fixture('sites/label-echo/index.html'));
    const steps = labelEchoSteps();
    // The recording sets no timeouts; a shared machine may need more than the harness's 3 s per step.
    const { outcome, ends, logText } = await t.run(steps, { defaultTimeoutMs: 15_000 });
    if (process.env.ENGINE_TRACE) console.log(ends.map((e) => `${e.index + 1} ${e.step.type} ${e.durationMs} ms ${e.log.map((l) => l.message).join(' | ')}`).join('\n'));
    expect(outcome.status, logText).toBe('completed');
    // What the page posts on Spara: ticked, ticked, ticked, Pro, and "Kopia" ticked by its label then cleared on its box.
    await expect.poll(() => t.server.posts('label-echo')).toEqual([{ terms: true, sms: true, news: true, plan: 'pro', copy: false }]);
    const notRepeated = ends.filter((e) => e.log.some((l) => l.message.startsWith('not clicked again'))).map((e) => e.index + 1);
    expect(notRepeated).toEqual([5, 7, 9, 11, 13]);
    expect(ends[4]!.log.map((l) => l.message)).toContain(
      "not clicked again: the click of step 4 already ticked or cleared this checkbox through its label; Chrome recorded the browser's own click on it as this step (same point, same duration)",
    );
    expect(ends.every((e) => e.status === 'passed')).toBe(true);

    // The box's click for the hidden "Nyhetsbrev" box, found by a selector that points at another element inside
    // its label at the same point (the span with the text), is still the same one click.
    const variant = steps.map((step, i) => (i === 8 && step.type === 'click' ? { ...step, selectors: [...step.selectors, 'text/Nyhetsbrev'] } : step));
    const again = await t.run(variant, { defaultTimeoutMs: 15_000 });
    expect(again.outcome.status, again.logText).toBe('completed');
    await expect.poll(() => t.server.posts('label-echo').at(-1)).toEqual({ terms: true, sms: true, news: true, plan: 'pro', copy: false });
  });

  test('two clicks that are not one (another point, another duration, another box, or a label the page cancels) are both made', async () => {
    t.server.page(
      '/two-clicks',
      `<style>body{font:16px/24px sans-serif;margin:16px} .row{display:flex;align-items:center;height:24px} input{margin:0 6px 0 0;width:13px;height:13px} label{line-height:24px}</style>
      <div class="row"><label for="a">Före</label><input type="checkbox" id="a"></div>
      <div class="row"><label><input type="checkbox" id="b">Efter</label></div>
      <div class="row"><label><input type="checkbox" id="c">Annan</label><input type="checkbox" id="d"></div>
      <div class="row"><label id="stuck" onclick="if (event.target === this) event.preventDefault()"><input type="checkbox" id="e">Spärrad</label></div>`,
    );
    const { outcome, page, ends, logText } = await t.run([
      { type: 'navigate', url: t.server.url('/two-clicks') },
      // A label left of its box: Chrome cannot record the browser's click (it lies left of the box); the person then clicked the box.
      { type: 'click', selectors: ['label[for=a]'], offsetX: 10, offsetY: 12 },
      { type: 'click', selectors: ['#a'], offsetX: 6, offsetY: 6 },
      // Same element pair and point, but another duration: two clicks of a person.
      { type: 'click', selectors: ['label:has(#b)'], offsetX: 40, offsetY: 12, duration: 400 },
      { type: 'click', selectors: ['#b'], offsetX: 40, offsetY: 6.5, duration: 612.5 },
      // The second click is on another box than the label's.
      { type: 'click', selectors: ['label:has(#c)'], offsetX: 40, offsetY: 12 },
      { type: 'click', selectors: ['#d'], offsetX: 6, offsetY: 6 },
      // The page cancels the label's click: the box was not toggled, so the recorded click on it is made.
      { type: 'click', selectors: ['#stuck'], offsetX: 40, offsetY: 12 },
      { type: 'click', selectors: ['#e'], offsetX: 40, offsetY: 6.5 },
    ], { defaultTimeoutMs: 15_000 });
    expect(outcome.status, logText).toBe('completed');
    expect(logText).not.toContain('not clicked again');
    expect(ends).toHaveLength(9);
    const checked = await page.evaluate(() => ['a', 'b', 'c', 'd', 'e'].map((id) => (document.getElementById(id) as HTMLInputElement).checked));
    expect(checked).toEqual([false, false, true, true, true]);
  });
});

describe("Chrome's assertedEvents: a step that navigated when recorded must arrive where it did", () => {
  test('another id in the path, another query and a title with other numbers arrive; a login page, an error title or another path fail the step', async () => {
    const doc = (title: string, body: string) => `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
    t.server.page('/start', doc('Start – Portal', `<a href="/invoice/1044?session=abc">Faktura</a>`));
    t.server.page('/invoice/1044', doc('Faktura 1044 – Portal', `<p>Faktura</p>`));
    t.server.page('/login', doc('Logga in – Portal', `<form><input name="user"></form>`));
    // The title comes from a script, a moment after load, as single-page apps set theirs.
    t.server.page('/save', doc('', `<p>Svar</p><script>setTimeout(() => { document.title = location.search.includes('bad') ? 'Fel – Portal' : 'Sparat – Portal'; }, 200);</script>`));
    t.server.page('/form', doc('Formulär – Portal', `<a id="ok" href="/save?id=1">Spara</a> <a id="bad" href="/save?bad=1">Spara</a> <a id="away" href="/redirect?to=/login">Spara</a>`));
    const nav = (url: string, title?: string) => [{ type: 'navigation' as const, url: t.server.url(url), ...(title !== undefined && { title }) }];

    const arrived = await t.run([
      { type: 'navigate', url: t.server.url('/start'), assertedEvents: nav('/start', 'Start – Portal') },
      { type: 'click', selectors: ['text/Faktura'], assertedEvents: nav('/invoice/1043', 'Faktura 1043 – Portal') },
      { type: 'navigate', url: t.server.url('/form'), assertedEvents: nav('/form', 'Formulär – Portal') },
      { type: 'click', selectors: ['#ok'], assertedEvents: nav('/save', 'Sparat – Portal') },
    ], { defaultTimeoutMs: 15_000 });
    expect(arrived.outcome.status, arrived.logText).toBe('completed');

    const cases: [string, Parameters<typeof t.run>[0][number], string][] = [
      ['a login page instead of the next page', { type: 'click', selectors: ['#away'], assertedEvents: nav('/save', 'Sparat – Portal'), timeout: 6000 },
        `the navigation ended at ${t.server.url('/login')}; when recorded it ended at ${t.server.url('/save')} "Sparat – Portal"`],
      ['the same address with an error title', { type: 'click', selectors: ['#bad'], assertedEvents: nav('/save', 'Sparat – Portal'), timeout: 6000 },
        `the navigation ended at ${t.server.url('/save?bad=1')} "Fel – Portal"; when recorded it ended at ${t.server.url('/save')} "Sparat – Portal"`],
      ['opening an address that redirects to the login page', { type: 'navigate', url: t.server.url('/redirect?to=/login'), assertedEvents: nav('/account'), timeout: 6000 },
        `opening ${t.server.url('/redirect?to=/login')} ended at ${t.server.url('/login')}; when recorded it ended at ${t.server.url('/account')}`],
    ];
    for (const [label, step, message] of cases) {
      const { outcome } = await t.run([{ type: 'navigate', url: t.server.url('/form') }, step]);
      expect(outcome, label).toMatchObject({ status: 'failed', failedIndex: 1, errorType: 'navigation_failed', errorMessage: message });
    }
  });

  test('a lone keyUp (its keyDown came before the recording) releases the key and the run goes on', async () => {
    t.server.page('/keyup', `<input id="q" onkeyup="post('keyup', event.key)"><script>document.getElementById('q').focus()</script>`);
    const { outcome, logText } = await t.run([
      { type: 'navigate', url: t.server.url('/keyup') },
      { type: 'keyUp', key: 'Enter' },
      { type: 'change', selectors: ['#q'], value: 'ok' },
    ]);
    expect(outcome.status, logText).toBe('completed');
    await expect.poll(() => t.server.posts('keyup')).toContain('Enter');
  });
});
