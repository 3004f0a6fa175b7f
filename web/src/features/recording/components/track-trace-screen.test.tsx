// Track & Trace with a stand-in for the Kollega Recorder extension: the install notice without it; start,
// pause, continue, stop as commands to it; its captured steps listed live; edit, delete, clear; saving as
// the workflow's definition (a valid format v1 definition, passwords only as secret templates) and the
// test run.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { definitionSchema } from '@shared/schemas/definition';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi, page } from '@/test/api-mock';
import { installFakeExtension } from '@/test/recorder-extension';
import { renderApp } from '@/test/render-app';
import { appendStep, startUrl, stepFromCapture, toDefinition } from '../model';

let extension: ReturnType<typeof installFakeExtension> | undefined;

afterEach(async () => {
  extension?.uninstall();
  extension = undefined;
  await i18n.changeLanguage('sv');
});

const workflow = { id: 'w-1', name: 'Fakturor' };

async function renderTrackTrace(path = '/track-trace', withExtension = true) {
  if (withExtension) extension = installFakeExtension();
  const api = mockApi({
    'GET /api/user': () => json(200, demoUser),
    'GET /api/workflows?limit=100': () => json(200, page([workflow])),
    'POST /api/workflows': () => json(201, { id: 'w-new', name: 'Inspelning' }),
    'PUT /api/workflows/w-new/definition': (call) =>
      json(200, { version: 1, definition: (call.body as { definition: unknown }).definition }),
    'PUT /api/workflows/w-1/definition': (call) =>
      json(200, { version: 2, definition: (call.body as { definition: unknown }).definition }),
    'POST /api/workflows/w-1/run': () => json(202, { executionId: 'run-9' }),
  });
  const app = renderApp(path);
  // The screen's chunk and texts load lazily: allow for a machine busy with other test runs.
  await screen.findByRole('heading', { level: 1, name: 'Track & Trace' }, { timeout: 10_000 });
  return { ...app, ...api };
}

const steps = () => within(screen.getByRole('list', { name: 'Inspelade steg' })).getAllByRole('listitem');
const overlay = () => screen.getByRole('complementary', { name: 'Inspelningsstatus' });
const field = ['aria/Leverantör[role="textbox"]', 'input[name="supplier"]'];

function recordSample() {
  const fake = extension!;
  fake.status('recording');
  fake.capture({ step: { type: 'navigate', url: 'https://portal.example.se/' } });
  fake.capture({ step: { type: 'change', selectors: field, value: 'Fastighetsservice AB' }, label: 'Leverantör' });
  fake.capture({
    step: { type: 'change', selectors: ['aria/Lösenord'], value: '{{secret.LOSENORD}}' },
    label: 'Lösenord',
    secret: 'LOSENORD',
  });
  fake.capture({ step: { type: 'keyDown', key: 'Enter' } });
  fake.capture({ step: { type: 'keyUp', key: 'Enter' } });
  fake.capture({
    step: {
      type: 'click',
      selectors: ['aria/Skicka[role="button"]'],
      frame: [0],
      frameSelectors: [['iframe[title="Betalning"]']],
    },
    label: 'Skicka',
  });
}

describe('Track & Trace', { timeout: 20_000 }, () => {
  it('without the extension: says how to install it, with a link to the install page, and cannot start', async () => {
    await renderTrackTrace('/track-trace', false);
    const notice = screen
      .getByText('Tillägget Kollega Recorder behövs för att spela in')
      .closest('[role="status"]') as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'Så installerar du Kollega Recorder' })).toHaveAttribute(
      'href',
      '/recorder-extension',
    );
    expect(screen.getByRole('button', { name: 'Starta inspelning' })).toBeDisabled();
  });

  it('defaults to an https:// start URL and offers no browser choice (it records in this browser); a bare https:// opens a blank page', async () => {
    await renderTrackTrace();
    expect(screen.queryByLabelText('Webbläsare')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Start-URL (valfri)')).toHaveValue('https://');
    expect(screen.queryByText('Tillägget Kollega Recorder behövs för att spela in')).not.toBeInTheDocument();
    expect(startUrl('https://')).toBeNull();
    expect(startUrl(' https://a.se ')).toBe('https://a.se');
  });

  it('starts the extension on the start URL and lists its steps live (a key press once, secrets named)', async () => {
    await renderTrackTrace();
    fireEvent.change(screen.getByLabelText('Start-URL (valfri)'), { target: { value: 'https://portal.example.se' } });
    fireEvent.click(screen.getByRole('button', { name: 'Starta inspelning' }));
    await waitFor(() => expect(extension!.commands).toContainEqual({ type: 'start', url: 'https://portal.example.se' }));
    recordSample();
    expect(steps()).toHaveLength(5);
    expect(steps()[0]).toHaveTextContent('Öppna https://portal.example.se/');
    expect(steps()[1]).toHaveTextContent('Fyll i "Leverantör" med "Fastighetsservice AB"');
    expect(steps()[2]).toHaveTextContent('hemligheten LOSENORD');
    expect(steps()[3]).toHaveTextContent('Tryck på Enter');
    expect(steps()[4]).toHaveTextContent('Klicka på "Skicka"');
    expect(within(overlay()).getByRole('status')).toHaveTextContent('Spelar in · 5 steg');
    expect(screen.getByText('Lösenord spelas aldrig in')).toBeInTheDocument();
  });

  it('a personnummer arrives as a run input and is described as one; a refused start URL says why', async () => {
    await renderTrackTrace();
    extension!.status('recording');
    extension!.capture({
      step: { type: 'change', selectors: ['aria/Personnummer'], value: '{{input.personnummer}}' },
      label: 'Personnummer',
      input: 'personnummer',
    });
    expect(steps()[0]).toHaveTextContent('Fyll i "Personnummer" med indata personnummer (personnumret sparas inte)');
    expect(screen.getByText('Personnummer sparas inte i flödet')).toBeInTheDocument();
    extension!.status('stopped');
    fireEvent.change(screen.getByLabelText('Start-URL (valfri)'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Starta inspelning' }));
    await waitFor(() => expect(extension!.commands).toContainEqual({ type: 'start', url: 'javascript:alert(1)' }));
    extension!.emit({ type: 'error', code: 'url_not_allowed' });
    expect(screen.getByRole('alert')).toHaveTextContent('Adressen kan inte öppnas');
    expect(startUrl('portal.example.se/login')).toBe('https://portal.example.se/login');
    expect(startUrl('localhost:3000')).toBe('https://localhost:3000');
    expect(startUrl('http://intranet/')).toBe('http://intranet/');
  });

  it('pause, continue, stop and show window are commands to the extension; its status drives the controls', async () => {
    await renderTrackTrace();
    extension!.status('recording');
    fireEvent.click(within(screen.getByRole('main')).getAllByRole('button', { name: 'Pausa' })[0]!);
    await waitFor(() => expect(extension!.commands).toContainEqual({ type: 'pause' }));
    extension!.status('paused');
    expect(within(overlay()).getByRole('status')).toHaveTextContent('Pausad');
    fireEvent.click(within(screen.getByRole('main')).getAllByRole('button', { name: 'Fortsätt' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Visa webbläsarfönster' }));
    await waitFor(() => expect(extension!.commands).toEqual(expect.arrayContaining([{ type: 'resume' }, { type: 'focus' }])));
    extension!.status('recording');
    fireEvent.click(within(overlay()).getByRole('button', { name: 'Stoppa inspelning' }));
    await waitFor(() => expect(extension!.commands).toContainEqual({ type: 'stop' }));
    extension!.capture({ step: { type: 'keyDown', key: 'Escape' } });
    extension!.status('stopped');
    expect(within(overlay()).getByRole('status')).toHaveTextContent('Stoppad · 1 steg');
    expect(within(overlay()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Visa webbläsarfönster' })).toBeDisabled();
  });

  it('edits (description, first selector, value), deletes with renumbering and clears', async () => {
    await renderTrackTrace();
    recordSample();
    fireEvent.click(screen.getByRole('button', { name: 'Redigera steg 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera steg 2' });
    expect(within(dialog).getByLabelText('Elementväljare')).toHaveValue('aria/Leverantör[role="textbox"]');
    fireEvent.change(within(dialog).getByLabelText('Beskrivning'), { target: { value: 'Ange leverantören' } });
    fireEvent.change(within(dialog).getByLabelText('Värde'), { target: { value: 'Bygg & Fix AB' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(steps()[1]).toHaveTextContent('Ange leverantören');
    expect(steps()[1]).toHaveTextContent('Bygg & Fix AB');

    fireEvent.click(screen.getByRole('button', { name: 'Ta bort steg 1' }));
    expect(steps()).toHaveLength(4);
    expect(steps()[0]).toHaveTextContent('Ange leverantören');
    expect(screen.queryByRole('button', { name: 'Ta bort steg 5' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Rensa steg' }));
    expect(screen.queryByRole('list', { name: 'Inspelade steg' })).not.toBeInTheDocument();
  });

  it('export as flow: a new draft workflow gets the steps as its definition, then the step editor opens', async () => {
    const { calls, router } = await renderTrackTrace();
    recordSample();
    extension!.status('stopped');
    fireEvent.click(screen.getByRole('button', { name: 'Exportera som flöde' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows/w-new'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/workflows')?.body).toMatchObject({
      name: expect.stringMatching(/^Inspelning /),
    });
    const put = calls.find((c) => c.method === 'PUT')!.body as { definition: unknown; source: string };
    expect(put.source).toBe('recorder');
    const parsed = definitionSchema.parse(put.definition);
    expect(parsed.steps.map((s) => s.type)).toEqual(['navigate', 'change', 'change', 'keyDown', 'keyUp', 'click']);
    expect(JSON.stringify(put.definition)).toContain('{{secret.LOSENORD}}');
    expect(parsed.steps[5]).toMatchObject({ frame: [0], frameSelectors: [['iframe[title="Betalning"]']] });
  });

  it("the elements' pictures the extension sends (before or after their steps) show in the list and are stored with the saved steps; a refused one does not stop the save", async () => {
    const { calls, router } = await renderTrackTrace();
    const fake = extension!;
    fake.status('recording');
    const picture = (byte: string) => `data:image/jpeg;base64,/9j/4AAQ${byte}`;
    fake.emit({ type: 'thumbnail', ref: 'r-field', thumbnail: picture('AA') }); // came before its step
    fake.capture({ step: { type: 'change', selectors: field, value: 'Fastighetsservice AB' }, label: 'Leverantör', ref: 'r-field' });
    fake.capture({ step: { type: 'click', selectors: ['aria/Skicka[role="button"]'] }, label: 'Skicka', ref: 'r-click' });
    fake.capture({ step: { type: 'click', selectors: ['aria/Avbryt[role="button"]'] }, label: 'Avbryt', ref: 'r-skipped' }); // none came
    fake.emit({ type: 'thumbnail', ref: 'r-click', thumbnail: picture('BB') });
    fake.emit({ type: 'thumbnail', ref: 'r-bad', thumbnail: 'data:image/png;base64,iVBORw0KGgo=' }); // not a JPEG: ignored
    expect(within(steps()[0]!).getByRole('img', { name: 'Bild för steg 1' })).toHaveAttribute('src', picture('AA'));
    expect(within(steps()[1]!).getByRole('img', { name: 'Bild för steg 2' })).toHaveAttribute('src', picture('BB'));
    expect(within(steps()[2]!).queryByRole('img')).not.toBeInTheDocument();
    fake.status('stopped');
    fireEvent.click(screen.getByRole('button', { name: 'Exportera som flöde' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows/w-new'));
    const ids = definitionSchema.parse((calls.find((c) => c.path === '/api/workflows/w-new/definition')!.body as { definition: unknown }).definition).steps.map((s) => s.id);
    // The stand-in api answers each picture 404: the steps are saved and the editor opens all the same.
    const stored = calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/thumbnail'));
    expect(Object.fromEntries(stored.map((c) => [c.path, c.body]))).toEqual({
      [`/api/workflows/w-new/steps/${ids[0]}/thumbnail`]: { jpeg: '/9j/4AAQAA' },
      [`/api/workflows/w-new/steps/${ids[1]}/thumbnail`]: { jpeg: '/9j/4AAQBB' },
    });
  });

  it('test step by step: saves to the workflow chosen by ?workflowId and starts a test run, then shows the run', async () => {
    const { calls, router } = await renderTrackTrace('/track-trace?workflowId=w-1');
    await waitFor(() => expect(screen.getByLabelText('Spara i arbetsflöde')).toHaveValue('w-1'));
    recordSample();
    fireEvent.click(screen.getByRole('button', { name: 'Spara och testkör' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow-execution/run-9'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/workflows')).toBe(false);
    expect(calls.find((c) => c.path === '/api/workflows/w-1/run')?.body).toEqual({ mode: 'test' });
  });
});

describe('a sign-in during the recording (issue 22)', { timeout: 20_000 }, () => {
  const signIn = (kind: 'eid' | 'password') => {
    const fake = extension!;
    fake.status('recording');
    fake.capture({ step: { type: 'navigate', url: 'https://portal.example.se/login' } });
    fake.capture({
      step: { type: 'login', until: { url: 'https://portal.example.se/start*', selectors: ['aria/Logga ut[role="button"]'] } },
      signIn: {
        kind,
        ...(kind === 'password' && {
          replaces: [
            { step: { type: 'change', selectors: ['aria/Användarnamn'], value: 'anna' }, label: 'Användarnamn', at: 1 },
            { step: { type: 'change', selectors: ['aria/Lösenord'], value: '{{secret.LOSENORD}}' }, label: 'Lösenord', secret: 'LOSENORD', at: 2 },
            { step: { type: 'keyDown', key: 'Enter' }, at: 3 },
            { step: { type: 'keyUp', key: 'Enter' }, at: 4 },
          ],
        }),
      },
    });
    fake.capture({ step: { type: 'click', selectors: ['aria/Ny betalning[role="button"]'] }, label: 'Ny betalning' });
  };

  it('an eID sign-in is one "Logga in själv" step with when it is done, saved as a login step with instructions (sv)', async () => {
    const { calls } = await renderTrackTrace();
    signIn('eid');
    expect(steps()).toHaveLength(3);
    expect(steps()[1]).toHaveTextContent('Logga in själv');
    expect(steps()[1]).toHaveTextContent('Du loggar in själv med BankID eller Freja eID; Kollega väntar tills du är inloggad');
    expect(steps()[1]).toHaveTextContent('https://portal.example.se/start*');
    expect(steps()[1]).toHaveTextContent('körs bara i en persons egen webbläsare');
    expect(within(steps()[1]!).queryByRole('button', { name: /sparat lösenord/ })).not.toBeInTheDocument();
    extension!.status('stopped');
    fireEvent.click(screen.getByRole('button', { name: 'Exportera som flöde' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const parsed = definitionSchema.parse((calls.find((c) => c.method === 'PUT')!.body as { definition: unknown }).definition);
    expect(parsed.steps.map((step) => step.type)).toEqual(['navigate', 'login', 'click']);
    expect(parsed.steps[1]).toMatchObject({
      instructions: 'Logga in med BankID eller Freja eID i fliken.',
      until: { url: 'https://portal.example.se/start*', selectors: ['aria/Logga ut[role="button"]'] },
    });
  });

  it('a password sign-in can use the steps the person took instead, the password as a secret (en)', async () => {
    await i18n.changeLanguage('en');
    await renderTrackTrace();
    signIn('password');
    const list = () => within(screen.getByRole('list', { name: 'Recorded steps' })).getAllByRole('listitem');
    expect(list()).toHaveLength(3);
    expect(list()[1]).toHaveTextContent('You sign in yourself with your user name and password; Kollega waits until you are signed in');
    expect(screen.queryByText(/LOSENORD/)).not.toBeInTheDocument();
    expect(screen.queryByText('Passwords are never recorded')).not.toBeInTheDocument();
    fireEvent.click(within(list()[1]!).getByRole('button', { name: 'Sign in with a saved password instead' }));
    expect(list().map((item) => item.textContent)).toEqual([
      expect.stringContaining('Open https://portal.example.se/login'),
      expect.stringContaining('Användarnamn'),
      expect.stringContaining('LOSENORD'),
      expect.stringContaining('Enter'),
      expect.stringContaining('Ny betalning'),
    ]);
    expect(screen.queryByText(/You sign in yourself/)).not.toBeInTheDocument();
    expect(screen.getByText('The steps use the secrets LOSENORD. Enter their values in the workflow editor before the flow runs.')).toBeInTheDocument();
  });
});

describe('recorded steps', () => {
  const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`;
  const capture = (step: Parameters<typeof stepFromCapture>[0]['step']) => ({ step, at: 0 });

  it('a double click replaces the two clicks on the same element before it, not clicks elsewhere', () => {
    const click = (id: string, selector: string) => stepFromCapture(capture({ type: 'click', selectors: [selector] }), id, t)!;
    let list = [click('a', '#other'), click('b', '#row'), click('c', '#row')].reduce(appendStep, []);
    list = appendStep(list, stepFromCapture(capture({ type: 'doubleClick', selectors: ['#row'] }), 'd', t)!);
    expect(list.map((s) => [s.id, s.step.type, s.stepNumber])).toEqual([
      ['a', 'click', 1],
      ['d', 'doubleClick', 2],
    ]);
  });

  it('a step is placed by when its action happened (a field commits later than a select in another frame)', () => {
    const at = (ms: number, step: Parameters<typeof stepFromCapture>[0]['step'], id: string) =>
      stepFromCapture({ step, at: ms }, id, t)!;
    const list = [
      at(100, { type: 'navigate', url: 'https://a.se/' }, 'n'),
      at(300, { type: 'change', selectors: ['#terms'], value: '30' }, 'select'),
      at(200, { type: 'change', selectors: ['#bankgiro'], value: '5050-1055' }, 'typed'),
    ].reduce(appendStep, []);
    expect(list.map((s) => [s.id, s.stepNumber])).toEqual([
      ['n', 1],
      ['typed', 2],
      ['select', 3],
    ]);
  });

  it('a file chooser becomes a step that takes its file from a file input, declared on save; a keyUp is not listed but saved after its keyDown', () => {
    const file = stepFromCapture(
      { step: { type: 'change', selectors: ['#f'], value: '', fingerprint: { name: 'Bifoga faktura' } }, files: ['faktura.pdf'], label: 'Bifoga faktura', at: 0 },
      'f',
      t,
    )!;
    expect(file.description).toContain('faktura.pdf');
    expect(stepFromCapture(capture({ type: 'keyUp', key: 'Tab' }), 'u', t)).toBeNull();
    const key = stepFromCapture(capture({ type: 'keyDown', key: 'Tab' }), 'k', t)!;
    const definition = definitionSchema.parse(toDefinition([file, key]));
    expect(definition.steps.map((s) => [s.id, s.type, 'value' in s ? s.value : undefined])).toEqual([
      ['f', 'change', '{{input.bifoga_faktura}}'],
      ['k', 'keyDown', undefined],
      ['k-up', 'keyUp', undefined],
    ]);
    expect(definition.inputs).toEqual([{ name: 'bifoga_faktura', label: 'Bifoga faktura', type: 'file', required: true }]);
  });
});
