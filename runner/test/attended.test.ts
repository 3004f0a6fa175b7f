// Attended runs end to end through the api, the stack's runner and its relay, with a stand-in of the extension
// relaying a tab of the person's own Chromium (fake-extension.ts): a mock eID sign-in with a moving QR code that
// the person completes themselves (the run waits, captures nothing meanwhile, and goes on by itself), then a
// form behind it and a target=_blank popup; a service worker that goes away mid-run (the run pauses, the
// extension comes back with its next token, and the run goes on with no finished step run twice); the debugging
// banner's Cancel (paused as canceled_by_user; the person continues it with a new token).
// Needs a running stack with a runner and its relay (npm test starts them): API_URL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AttendedConnection, RunDetail } from '../../supabase/functions/_shared/types/api.ts';
import { Session } from './api-session.ts';
import { FakeExtension } from './fake-extension.ts';
import { startSites, type Sites } from './sites/server.ts';

const session = new Session();
let sites: Sites;
let person: FakeExtension;

beforeAll(async () => {
  [sites, person] = await Promise.all([startSites(), FakeExtension.launch(), session.registerCompany('Attended')]).then(([s, p]) => [s, p] as const);
});

afterAll(async () => {
  await person?.close();
  await sites?.close();
});

async function activeWorkflow(name: string, steps: unknown[], runLocation?: string): Promise<string> {
  const created = await session.request<{ id: string }>('POST', '/workflows', { name });
  const saved = await session.request('PUT', `/workflows/${created.body.id}/definition`, { definition: { version: 1, steps } });
  expect(saved.status).toBe(200);
  expect((await session.request('PUT', `/workflows/${created.body.id}`, { status: 'active', ...(runLocation && { runLocation }) })).status).toBe(200);
  return created.body.id;
}

const detail = async (runId: string) => (await session.request<RunDetail>('GET', `/runs/${runId}`)).body;

it('signs in with the person, then fills the form behind it and acts in its popup, in the person\'s own tab', async () => {
  const workflow = await activeWorkflow('Betala med BankID', [
    { id: 'open', type: 'navigate', url: `${sites.origin}/eid/index.html` },
    { id: 'login', type: 'login', description: 'Logga in med BankID', instructions: 'Öppna BankID-appen och skanna koden.', until: { url: '*/eid/form.html' }, timeout: 60_000 },
    { id: 'ocr', type: 'change', selectors: ['#ocr'], value: '7310452981' },
    { id: 'amount', type: 'change', selectors: ['aria/Belopp (kr)'], value: '1250' },
    { id: 'pay', type: 'click', selectors: ['aria/Betala[role="button"]'] },
    { id: 'terms', type: 'click', selectors: ['#terms'] },
    { id: 'accept', type: 'click', target: `${sites.origin}/eid/terms.html`, selectors: ['aria/Jag godkänner[role="button"]'] },
  ]);
  const other = await person.openTab(`${sites.origin}/form/index.html`);
  const tab = await person.openTab('about:blank');
  const started = await session.request<AttendedConnection>('POST', `/workflows/${workflow}/attended-runs`, {});
  expect(started.status).toBe(201);
  const t0 = Date.now();
  expect(await person.connect(started.body.relayUrl, started.body.token, tab)).toBe('accepted');

  // The run waits at the login step: the tab shows the sign-in, and the person is told what to do.
  await expect.poll(() => person.url(tab), { timeout: 60_000 }).toContain('/eid/index.html');
  const firstAct = person.commands.find((c) => c.method === 'Page.navigate');
  expect(firstAct, 'the first step acted in the tab').toBeTruthy();
  console.log(`first step acting in the tab ${firstAct!.at - t0} ms after connecting`);
  await expect.poll(() => person.logins.at(-1), { timeout: 20_000 }).toEqual({ open: true, instructions: 'Öppna BankID-appen och skanna koden.' });
  const signInOpened = Date.now();
  await new Promise((r) => setTimeout(r, 1500)); // the QR code moves three times meanwhile
  await person.asPerson(tab, `document.getElementById('signed').click()`);

  const run = await session.runToEnd(started.body.runId, 60_000);
  expect({ status: run.status, error: run.errorMessage }).toEqual({ status: 'completed', error: null });
  expect(sites.results('eid').at(-1)).toEqual({ signedIn: true, ocr: '7310452981', amount: '1250' });
  await expect.poll(() => sites.results('eid-terms').at(-1), { timeout: 5_000 }).toEqual({ accepted: true });
  expect(person.logins.map((l) => l.open)).toEqual([true, false]);
  expect(person.commands.filter((c) => c.signingIn && /capture|screencast/i.test(c.method)), 'nothing of the sign-in page left the screen').toEqual([]);
  expect(person.commands.filter((c) => c.at > signInOpened && c.signingIn && /capture/i.test(c.method))).toEqual([]);
  const steps = (await detail(run.id)).steps;
  // Neither the sign-in nor the step that opened its page has a screenshot (the page may show a QR code). The
  // click on "terms" opens a popup in front of the tab: a person's browser paints only what is in front, so that
  // step's picture is there only when it was taken before the popup came up (a race the machine's load decides).
  expect(steps.map((s) => [s.stepId, s.status, s.hasScreenshot])).toEqual([
    ['open', 'passed', false], ['login', 'passed', false], ['ocr', 'passed', true], ['amount', 'passed', true], ['pay', 'passed', true], ['terms', 'passed', expect.any(Boolean)], ['accept', 'passed', true],
  ]);
  await expect.poll(() => person.released, { timeout: 5_000 }).toBe('ended');
  expect(await person.url(other), 'the other tab was never touched').toContain('/form/index.html');
  expect(sites.results('form')).toEqual([]);
});

it('pauses when the extension goes away, goes on when it comes back without running a finished step twice, and pauses on the banner\'s Cancel', async () => {
  const workflow = await activeWorkflow('Lång körning', [
    { id: 'open', type: 'navigate', url: `${sites.origin}/eid/form.html` },
    { id: 'ocr', type: 'change', selectors: ['#ocr'], value: '111' },
    { id: 'hold', type: 'wait', ms: 4000 },
    { id: 'amount', type: 'change', selectors: ['#amount'], value: '2' },
    { id: 'hold2', type: 'wait', ms: 4000 },
    { id: 'pay', type: 'click', selectors: ['aria/Betala[role="button"]'] },
  ], 'both');
  const tab = await person.openTab('about:blank');
  person.released = undefined;
  const started = await session.request<AttendedConnection>('POST', `/workflows/${workflow}/attended-runs`, {});
  expect(await person.connect(started.body.relayUrl, started.body.token, tab)).toBe('accepted');
  const runId = started.body.runId;

  // The service worker goes away during the first wait.
  await expect.poll(async () => (await detail(runId)).currentStep, { timeout: 60_000, interval: 200 }).toBe(2);
  person.dropConnection();
  await expect.poll(async () => (await detail(runId)).pauseReason, { timeout: 10_000, interval: 200 }).toBe('extension_restarted');
  const back = Date.now();
  // As the extension does: the next token, again until the runner has let go of the attempt that lost its browser.
  const token = person.nextToken!;
  await expect.poll(() => person.connect(started.body.relayUrl, token, tab), { timeout: 5_000, interval: 250 }).toBe('accepted');
  await expect.poll(async () => (await detail(runId)).status, { timeout: 5_000, interval: 200 }).toBe('running');
  console.log(`going on ${Date.now() - back} ms after the extension came back`);

  // The debugging banner's Cancel during the second wait.
  await expect.poll(async () => (await detail(runId)).currentStep, { timeout: 60_000, interval: 200 }).toBe(4);
  person.detached(tab, 'canceled_by_user');
  await expect.poll(async () => { const d = await detail(runId); return [d.status, d.pauseReason]; }, { timeout: 10_000, interval: 200 }).toEqual(['paused', 'canceled_by_user']);
  await expect.poll(() => person.released, { timeout: 5_000 }).toBe('paused');

  // The person continues it from the run's page: a new token, the same tab.
  const again = await session.request<AttendedConnection>('POST', `/runs/${runId}/attended`, {});
  expect(again.status).toBe(200);
  person.released = undefined;
  expect(await person.connect(again.body.relayUrl, again.body.token, tab)).toBe('accepted');
  const run = await session.runToEnd(runId, 30_000);
  expect({ status: run.status, error: run.errorMessage }).toEqual({ status: 'completed', error: null });
  const passed = run.steps.filter((s) => s.status === 'passed').map((s) => s.stepId);
  expect(passed, 'every step passed exactly once').toEqual(['open', 'ocr', 'hold', 'amount', 'hold2', 'pay']);
  expect(run.steps.filter((s) => s.status === 'skipped').map((s) => [s.attempt, s.stepId])).toEqual([[1, 'hold'], [2, 'hold2']]);
  expect(sites.results('eid').at(-1)).toEqual({ signedIn: false, ocr: '111', amount: '2' });
});
