// The step editor over a mocked API: what each step shows, reordering, editing, adding, deleting,
// saving (with the shared schema's and the server's field errors at the right step), the live test
// run, and the guard against leaving with unsaved changes.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi, page } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';
import { aRunDetail, aRunStep, aWorkflowDetail, WORKFLOW_ID } from '../test-fixtures';

// The real router renders these; its first render loads the route modules, slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
});

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const detailPath = `/api/workflows/${WORKFLOW_ID}`;
const user = () => json(200, demoUser);

function mockEditor(routes: Parameters<typeof mockApi>[0] = {}, detail = aWorkflowDetail()) {
  return mockApi({ 'GET /api/user': user, [`GET ${detailPath}`]: () => json(200, detail), ...routes });
}

async function openEditor(routes: Parameters<typeof mockApi>[0] = {}, detail = aWorkflowDetail()) {
  const api = mockEditor(routes, detail);
  const rendered = renderApp(`/workflows/${WORKFLOW_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Fakturahantering' });
  return { ...api, ...rendered };
}

const stepList = () => screen.getByRole('list', { name: 'Arbetsflödets steg' });
/** The steps: the list's own items (an element step's selectors are a list inside "Avancerat"). */
const rows = () => Array.from(stepList().children) as HTMLElement[];
const advanced = (row: HTMLElement) => within(row).getByText('Avancerat').closest('details') as HTMLDetailsElement;
const putBody = (calls: Array<{ method: string; path: string; body: unknown }>) =>
  calls.find((call) => call.method === 'PUT' && call.path === `${detailPath}/definition`)?.body as {
    definition: { version: number; steps: Array<Record<string, unknown>> };
    source: string;
  };

describe('the step list', () => {
  it('shows each step as a sentence with its number, the note that says more and badges; selectors only under Avancerat', async () => {
    await openEditor({}, aWorkflowDetail({ missingSecrets: ['PORTAL_PASSWORD'] }));
    const [navigate, change, click] = rows();
    expect(navigate).toHaveTextContent('Steg 1');
    expect(within(navigate).getByText('Gå till https://portal.example.se/login')).toBeVisible();
    expect(within(navigate).getByText('Öppna leverantörsportalen')).toBeVisible();
    expect(within(change).getByText('Fyll i ”Lösenord” med hemligheten PORTAL_PASSWORD')).toBeVisible();
    expect(change).toHaveTextContent('I ram (iframe)');
    expect(change).toHaveTextContent('Hemlighet PORTAL_PASSWORD');
    expect(advanced(change).open).toBe(false);
    expect(within(advanced(change)).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['aria/Lösenord[role="textbox"]', '#password']);
    expect(within(click).getByText('Klicka på ett element på sidan')).toBeVisible();
    expect(within(click).getByText('Klicka på Logga in')).toBeVisible();
    expect(within(advanced(click)).getByText('app-shell >>> button.login')).toBeInTheDocument();
    expect(click).toHaveTextContent('I popup-fönster');
    expect(screen.getByText('Version 3')).toBeInTheDocument();

    expect(screen.getByText('Hemligheter saknas')).toBeInTheDocument();
    expect(screen.getByText('Flödet använder PORTAL_PASSWORD, som inte finns än. Körningar misslyckas tills den är tillagd.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Lägg till i Inställningar' });
    expect(link).toHaveAttribute('href', '/settings?tab=automation');
  });

  it('flags a used secret that has no sites yet: runs cannot type it until an administrator names them', async () => {
    await openEditor({
      'GET /api/secrets': () =>
        json(200, [{ name: 'PORTAL_PASSWORD', origins: [], createdAt: '2025-03-01T08:00:00Z', updatedAt: '2025-03-01T08:00:00Z' }]),
    });
    const warning = (await screen.findByText('Hemligheter utan webbplatser')).parentElement!;
    expect(warning).toHaveTextContent('Flödet använder PORTAL_PASSWORD, som inte har några webbplatser än.');
    expect(within(warning).getByRole('link', { name: 'Ange webbplatser i Inställningar' })).toHaveAttribute('href', '/settings?tab=automation');
    const used = screen.getByRole('list', { name: 'Hemligheter som flödet använder' });
    expect(within(used).getByRole('listitem')).toHaveTextContent('PORTAL_PASSWORDInga webbplatser');
    expect(screen.queryByText('Hemligheter saknas')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    await openEditor();
    const [navigate, change] = Array.from(screen.getByRole('list', { name: "The workflow's steps" }).children);
    expect(navigate).toHaveTextContent('Go to https://portal.example.se/login');
    expect(change).toHaveTextContent('Fill in “Lösenord” with the secret PORTAL_PASSWORD');
    expect(within(change as HTMLElement).getByText('Advanced')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move step 2 up' })).toBeInTheDocument();
  });

  it('says how to get steps when there are none, with a link to Track & Trace for this workflow', async () => {
    await openEditor({}, aWorkflowDetail({ currentVersion: null, definition: { version: 1, steps: [] } }));
    expect(screen.getByText('Inga steg än')).toBeInTheDocument();
    expect(screen.getByText('Spela in dem i Track & Trace eller lägg till dem här.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Spela in i Track & Trace' })).toHaveAttribute('href', `/track-trace?workflowId=${WORKFLOW_ID}`);
    expect(screen.getByText('Inga steg sparade än')).toBeInTheDocument();
  });

  it('says when the workflow does not exist', async () => {
    mockApi({ 'GET /api/user': user, [`GET ${detailPath}`]: () => json(404, { error: 'Arbetsflödet hittades inte', code: 'not_found' }) });
    renderApp(`/workflows/${WORKFLOW_ID}`);
    expect(await screen.findByText('Arbetsflödet finns inte')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till arbetsflöden' })).toHaveAttribute('href', '/workflows');
  });

  it('shows the server message when the workflow cannot be loaded', async () => {
    mockApi({ 'GET /api/user': user, [`GET ${detailPath}`]: () => json(500, { error: 'Databasen svarar inte', code: 'internal' }) });
    renderApp(`/workflows/${WORKFLOW_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Kunde inte hämta arbetsflödet');
    expect(alert).toHaveTextContent('Databasen svarar inte');
  });
});

describe('editing and saving', () => {
  it('moves a step with the keyboard buttons, keeps focus on it, and saves the new order', async () => {
    const { calls } = await openEditor({
      [`PUT ${detailPath}/definition`]: (call) => json(200, { version: 4, definition: (call.body as { definition: unknown }).definition }),
    });
    expect(screen.getByRole('button', { name: 'Spara' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Flytta steg 1 uppåt' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Flytta steg 3 uppåt' }));
    expect(rows().map((row) => within(row).getByText(/^Klicka på Logga in|^Fyll i lösenord|^Öppna/).textContent)).toEqual([
      'Öppna leverantörsportalen',
      'Klicka på Logga in',
      'Fyll i lösenord',
    ]);
    expect(screen.getByRole('button', { name: 'Flytta steg 2 uppåt' })).toHaveFocus();
    expect(screen.getByText('Steg 3 är nu steg 2.')).toBeInTheDocument();
    expect(screen.getByText('Osparade ändringar')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparat som version 4')).toBeInTheDocument();
    const body = putBody(calls);
    expect(body.source).toBe('editor');
    expect(body.definition.steps.map((step) => step.id)).toEqual(['s1', 's3', 's2']);
    await waitFor(() => expect(screen.queryByText('Osparade ändringar')).not.toBeInTheDocument());
  });

  it('edits a step in a dialog (description, selectors reordered and added, timeout in seconds) and saves that definition', async () => {
    const { calls } = await openEditor({
      [`PUT ${detailPath}/definition`]: (call) => json(200, { version: 4, definition: (call.body as { definition: unknown }).definition }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Redigera steg 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Steg 2: Fyll i' });
    expect(within(dialog).getByLabelText('Selektor 1')).toHaveValue('aria/Lösenord[role="textbox"]');
    expect(within(dialog).getByLabelText('Värde')).toHaveValue('{{secret.PORTAL_PASSWORD}}');

    const description = within(dialog).getByLabelText('Beskrivning');
    await userEvent.clear(description);
    await userEvent.type(description, 'Ange portalens lösenord');
    await userEvent.click(within(dialog).getByText('Avancerat'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flytta selektor 2 uppåt' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lägg till selektor' }));
    await userEvent.type(within(dialog).getByLabelText('Selektor 3'), 'input[[name="pwd"]');
    await userEvent.type(within(dialog).getByLabelText('Tidsgräns (sekunder)'), '2,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Klar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rows()[1]).toHaveTextContent('Ange portalens lösenord');
    expect(rows()[1]).toHaveTextContent('#password');

    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparat som version 4')).toBeInTheDocument();
    expect(putBody(calls).definition.steps[1]).toEqual({
      id: 's2',
      type: 'change',
      description: 'Ange portalens lösenord',
      selectors: ['#password', 'aria/Lösenord[role="textbox"]', 'input[name="pwd"]'],
      value: '{{secret.PORTAL_PASSWORD}}',
      frame: [0],
      timeout: 2500,
    });
  });

  it('refuses a step the shared schema refuses, at its field, without closing the dialog', async () => {
    const { calls } = await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Redigera steg 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Steg 1: Gå till sida' });
    const url = within(dialog).getByLabelText('Adress (URL)');
    await userEvent.clear(url);
    await userEvent.type(url, 'ftp://fil.example.se');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Klar' }));
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Ange en http- eller https-adress')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Steg 1: Gå till sida' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows a server field error at the step it names, and in that step’s dialog', async () => {
    await openEditor({
      [`PUT ${detailPath}/definition`]: () =>
        json(400, {
          error: 'Definitionen är ogiltig',
          code: 'invalid_input',
          fields: { 'definition.steps.2.selectors.0': 'Selektorn hittar inget element' },
        }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Flytta steg 1 nedåt' }));
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Kunde inte spara stegen');
    expect(toast).toHaveTextContent('Definitionen är ogiltig');
    const [, , third] = rows();
    expect(third).toHaveTextContent('Det här steget behöver rättas:');
    expect(third).toHaveTextContent('Selektor 1: Selektorn hittar inget element');
    expect(rows()[0]).not.toHaveTextContent('behöver rättas');

    // The error stays with its step when the step moves.
    await userEvent.click(screen.getByRole('button', { name: 'Flytta steg 3 uppåt' }));
    expect(rows()[1]).toHaveTextContent('Selektorn hittar inget element');
    await userEvent.click(screen.getByRole('button', { name: 'Redigera steg 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Steg 2: Klicka' });
    // "Avancerat" opens by itself when a selector has an error.
    expect(within(dialog).getByText('Avancerat').closest('details')).toHaveAttribute('open');
    expect(within(dialog).getByLabelText('Selektor 1')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Selektorn hittar inget element')).toBeInTheDocument();
  });

  it('adds a step from the menu and deletes one after confirming, then saves both changes', async () => {
    const { calls } = await openEditor({
      [`PUT ${detailPath}/definition`]: (call) => json(200, { version: 4, definition: (call.body as { definition: unknown }).definition }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Lägg till steg' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Vänta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nytt steg: Vänta' });
    await userEvent.type(within(dialog).getByLabelText('Beskrivning'), 'Vänta på att listan laddas');
    const seconds = within(dialog).getByLabelText('Väntetid (sekunder)');
    expect(seconds).toHaveValue('1');
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '2,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lägg till steg' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows()[3]).toHaveTextContent('Vänta 2,5 sekunder');

    await userEvent.click(screen.getByRole('button', { name: 'Ta bort steg 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ta bort steg' });
    expect(confirm).toHaveTextContent('Vill du ta bort steg 1 (Gå till sida)?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() => expect(rows()).toHaveLength(3));

    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparat som version 4')).toBeInTheDocument();
    const steps = putBody(calls).definition.steps;
    expect(steps.map((step) => step.type)).toEqual(['change', 'click', 'wait']);
    expect(steps[2]).toMatchObject({ type: 'wait', description: 'Vänta på att listan laddas', ms: 2500 });
    expect(steps[2].id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('asks before leaving with unsaved changes', async () => {
    mockEditor({ 'GET /api/workflows?limit=100': () => json(200, page([])) });
    const { router } = renderApp(`/workflows/${WORKFLOW_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Fakturahantering' });
    await userEvent.click(screen.getByRole('button', { name: 'Flytta steg 2 uppåt' }));
    await userEvent.click(screen.getByRole('link', { name: 'Alla arbetsflöden' }));
    const leave = await screen.findByRole('dialog', { name: 'Lämna utan att spara?' });
    await userEvent.click(within(leave).getByRole('button', { name: 'Stanna kvar' }));
    expect(router.state.location.pathname).toBe(`/workflows/${WORKFLOW_ID}`);

    await userEvent.click(screen.getByRole('link', { name: 'Alla arbetsflöden' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Lämna utan att spara?' })).getByRole('button', { name: 'Lämna sidan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows'));
  });
});

describe('building steps without selectors (issue 24)', () => {
  const sentences = () => rows().map((row) => row.querySelector('p')?.textContent);

  it('offers every step type a person adds, AI-beslut too, and inserts a new step after the step it was asked from', async () => {
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Lägg till steg efter steg 1' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(expect.arrayContaining(['AI-beslut', 'Vänta på element', 'Hämta värde', 'Manuellt steg', 'Dubbelklicka']));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Vänta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nytt steg: Vänta' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lägg till steg' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(sentences()[1]).toBe('Vänta 1 sekund');
  });

  it('duplicates a step right after it, and undoes and redoes changes with the buttons and Ctrl+Z / Ctrl+Shift+Z until saved', async () => {
    const { calls } = await openEditor({
      [`PUT ${detailPath}/definition`]: (call) => json(200, { version: 4, definition: (call.body as { definition: unknown }).definition }),
    });
    const before = sentences();
    expect(screen.getByRole('button', { name: 'Ångra' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicera steg 1' }));
    expect(sentences()).toEqual([before[0], ...before]);
    await userEvent.click(screen.getByRole('button', { name: 'Flytta steg 4 uppåt' }));
    expect(sentences()).toEqual([before[0], before[0], before[2], before[1]]);

    await userEvent.click(screen.getByRole('button', { name: 'Ångra' }));
    expect(sentences()).toEqual([before[0], ...before]);
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(sentences()).toEqual(before);
    expect(screen.queryByText('Osparade ändringar')).not.toBeInTheDocument();
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(sentences()).toEqual([before[0], ...before]);
    await userEvent.click(screen.getByRole('button', { name: 'Gör om' }));
    expect(sentences()).toEqual([before[0], before[0], before[2], before[1]]);
    expect(screen.getByRole('button', { name: 'Gör om' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparat som version 4')).toBeInTheDocument();
    const saved = putBody(calls).definition.steps;
    expect(saved.map((step) => step.type)).toEqual(['navigate', 'navigate', 'click', 'change']);
    expect(new Set(saved.map((step) => step.id)).size).toBe(4);
    expect(screen.getByRole('button', { name: 'Ångra' })).toBeDisabled();
  });

  it('offers a select\'s options by their text and a checkbox as on or off', async () => {
    const { calls } = await openEditor(
      { [`PUT ${detailPath}/definition`]: (call) => json(200, { version: 4, definition: (call.body as { definition: unknown }).definition }) },
      aWorkflowDetail({
        definition: {
          version: 1,
          steps: [
            {
              id: 'terms',
              type: 'change',
              description: '',
              selectors: ['#terms'],
              fingerprint: { tag: 'select', name: 'Betalningsvillkor' },
              control: 'select',
              value: '30',
              choices: [
                { value: '10', label: '10 dagar' },
                { value: '30', label: '30 dagar' },
              ],
            },
            { id: 'fskatt', type: 'change', description: '', selectors: ['aria/Godkänd för F-skatt[role="checkbox"]'], value: 'false' },
          ],
        },
      }),
    );
    expect(sentences()).toEqual(['Välj ”30 dagar” i ”Betalningsvillkor”', 'Kryssa ur ”Godkänd för F-skatt”']);
    await userEvent.click(screen.getByRole('button', { name: 'Redigera steg 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Steg 1: Fyll i' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Alternativ att välja'), '10 dagar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Klar' }));
    await waitFor(() => expect(sentences()[0]).toBe('Välj ”10 dagar” i ”Betalningsvillkor”'));

    await userEvent.click(screen.getByRole('button', { name: 'Redigera steg 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Steg 2: Fyll i' });
    const group = within(dialog).getByRole('group', { name: 'Kryssrutan ska vara' });
    expect(within(group).getByRole('radio', { name: 'Inte ikryssad' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Ikryssad' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Klar' }));
    await waitFor(() => expect(sentences()[1]).toBe('Kryssa i ”Godkänd för F-skatt”'));

    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparat som version 4')).toBeInTheDocument();
    expect(putBody(calls).definition.steps.map((step) => step.value)).toEqual(['10', 'true']);
  });
});

describe('version history', () => {
  const versions = () => {
    const steps = aWorkflowDetail().definition.steps;
    return [
      { version: 3, source: 'editor', createdAt: '2025-03-14T09:00:00Z', createdByName: 'Anna Admin', definition: { version: 1, steps } },
      {
        version: 2,
        source: 'recorder',
        createdAt: '2025-03-13T08:00:00Z',
        createdByName: null,
        definition: { version: 1, steps: [steps[0], { id: 'w', type: 'wait', description: '', ms: 3000 }, steps[2]] },
      },
    ];
  };

  it('lists who saved each version and when, what changed as sentences, and restores an earlier one after confirming', async () => {
    const { calls } = await openEditor({
      [`GET ${detailPath}/versions`]: () => json(200, versions()),
      [`POST ${detailPath}/versions/2/restore`]: () => json(201, { version: 4, definition: versions()[1].definition }),
    });
    const list = await screen.findByRole('list', { name: 'Sparade versioner' });
    const [latest, older] = Array.from(list.children) as HTMLElement[];
    expect(latest).toHaveTextContent('Version 3');
    expect(latest).toHaveTextContent('Används nu');
    expect(latest).toHaveTextContent(`${formatDateTime('2025-03-14T09:00:00Z')} av Anna Admin (stegredigeraren)`);
    expect(within(latest).queryByRole('button', { name: 'Återställ version 3' })).not.toBeInTheDocument();
    expect(latest).toHaveTextContent('Borttaget: Vänta 3 sekunder');
    expect(latest).toHaveTextContent('Tillagt: Fyll i ”Lösenord” med hemligheten PORTAL_PASSWORD');
    expect(older).toHaveTextContent('av okänd (inspelning)');

    await userEvent.click(within(older).getByRole('button', { name: 'Återställ version 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Återställ version 2?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Återställ' }));
    expect(await screen.findByText('Version 2 är återställd som version 4')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === `${detailPath}/versions/2/restore`)).toBe(true);
  });

  it('says why restoring waits while there are unsaved changes', async () => {
    await openEditor({ [`GET ${detailPath}/versions`]: () => json(200, versions()) });
    await screen.findByRole('list', { name: 'Sparade versioner' });
    await userEvent.click(screen.getByRole('button', { name: 'Flytta steg 2 uppåt' }));
    const restore = screen.getByRole('button', { name: 'Återställ version 2' });
    expect(restore).toBeDisabled();
    expect(restore).toHaveAccessibleDescription('Spara eller ångra dina ändringar innan du återställer en version.');
  });
});

describe('test run', () => {
  it('starts a test run and shows each step live as it passes or fails, with time, error and screenshot', async () => {
    const polls = [
      aRunDetail({ steps: [aRunStep({ status: 'running', durationMs: null, finishedAt: null, hasScreenshot: false })] }),
      aRunDetail({
        completedSteps: 1,
        progress: 33,
        steps: [aRunStep(), aRunStep({ id: 'rs2', seq: 2, stepIndex: 1, stepId: 's2', description: 'Fyll i lösenord', status: 'running', durationMs: null, hasScreenshot: false })],
      }),
      aRunDetail({
        status: 'failed',
        completedSteps: 1,
        progress: 33,
        errorType: 'element_not_found',
        errorMessage: 'Inget element matchade #password',
        steps: [
          aRunStep(),
          aRunStep({
            id: 'rs2',
            seq: 2,
            stepIndex: 1,
            stepId: 's2',
            description: 'Fyll i lösenord',
            status: 'failed',
            durationMs: 10_050,
            errorType: 'element_not_found',
            errorMessage: 'Inget element matchade #password',
          }),
        ],
      }),
    ];
    let polled = 0;
    const { calls } = await openEditor({
      [`POST ${detailPath}/run`]: () => json(202, { executionId: 'run-1' }),
      'GET /api/runs/run-1': () => json(200, polls[Math.min(polled++, polls.length - 1)]),
    });
    const testRun = screen.getByRole('button', { name: 'Testkör' });
    // A test run acts on the real systems: the button and the panel say so, nothing claims otherwise.
    expect(testRun).toHaveAccessibleDescription('Testkör – alla steg utförs på riktigt');
    await userEvent.click(testRun);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ mode: 'test' });
    expect(await screen.findByText('Kör den sparade versionen en gång och se hur varje steg går. Alla steg utförs på riktigt.')).toBeInTheDocument();
    const results = await screen.findByRole('list', { name: 'Stegens resultat' });
    expect(within(results).getAllByText('Pågår')).not.toHaveLength(0);

    await waitFor(() => expect(screen.getByText('Misslyckades', { selector: 'p' })).toBeInTheDocument(), { timeout: 6000 });
    const [first, second] = within(screen.getByRole('list', { name: 'Stegens resultat' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('Steg 1');
    expect(first).toHaveTextContent('Lyckades');
    expect(first).toHaveTextContent('1,2 s');
    expect(second).toHaveTextContent('Misslyckades');
    expect(second).toHaveTextContent('10,1 s');
    expect(second).toHaveTextContent('Elementet hittades inteKollega hittade inte knappen eller fältet som steget använder.');
    expect(within(second).getByText('Inget element matchade #password')).not.toBeVisible();
    expect(await screen.findByText('Testkörningen misslyckades')).toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: 'Visa skärmbilden från steg 1 större' }));
    const large = await screen.findByRole('dialog', { name: 'Skärmbild från steg 1' });
    expect(within(large).getByRole('img', { name: 'Skärmbild från steg 1' })).toHaveAttribute('src', '/api/runs/run-1/steps/rs1/screenshot');

    // It stops polling once the run has ended.
    const pollsAtEnd = polled;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(polled).toBe(pollsAtEnd);
  });

  it('saves unsaved changes before a test run, and shows the server refusal', async () => {
    const { calls } = await openEditor({
      [`PUT ${detailPath}/definition`]: (call) => json(200, { version: 4, definition: (call.body as { definition: unknown }).definition }),
      [`POST ${detailPath}/run`]: () => json(409, { error: 'Arbetsflödet har inga steg', code: 'conflict' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Flytta steg 2 uppåt' }));
    await userEvent.click(screen.getByRole('button', { name: 'Testkör' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Kunde inte starta testkörningen');
    expect(toast).toHaveTextContent('Arbetsflödet har inga steg');
    expect(calls.map((call) => call.method).filter((method) => method !== 'GET')).toEqual(['PUT', 'POST']);
  });
});

describe('schedule and webhook', () => {
  it('sets a schedule from a preset and shows the next run', async () => {
    const schedule = { cron: '0 7 * * 1-5', timezone: 'Europe/Stockholm', enabled: true, nextRunAt: '2025-03-17T06:00:00Z', lastRunAt: null, inputs: {} };
    let detail = aWorkflowDetail();
    const { calls } = mockApi({
      'GET /api/user': user,
      [`GET ${detailPath}`]: () => json(200, detail),
      'GET /api/workflows?limit=100': () => json(200, page([])),
      [`PUT ${detailPath}/schedule`]: () => {
        detail = { ...detail, schedule };
        return json(200, schedule);
      },
    });
    renderApp(`/workflows/${WORKFLOW_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Fakturahantering' });
    expect(screen.getByText('Europe/Stockholm')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Varje vardag 07:00' }));
    expect(screen.getByLabelText('Cron-uttryck')).toHaveValue('0 7 * * 1-5');
    expect(screen.getByRole('button', { name: 'Varje vardag 07:00' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Spara schema' }));
    expect(await screen.findByText('Schemat sparat')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/schedule'))?.body).toEqual({
      cron: '0 7 * * 1-5',
      timezone: 'Europe/Stockholm',
      enabled: true,
      // The workflow declares no inputs: no fixed values.
      inputs: {},
    });
    const next = formatDateTime(schedule.nextRunAt);
    expect(await screen.findByText(`Nästa körning ${next}.`)).toBeInTheDocument();
    expect(await screen.findByText(next, { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ta bort schema' })).toBeInTheDocument();
  });

  it('refuses a cron expression without five fields before asking the server', async () => {
    const { calls } = await openEditor();
    await userEvent.type(screen.getByLabelText('Cron-uttryck'), '0 7 *');
    await userEvent.click(screen.getByRole('button', { name: 'Spara schema' }));
    expect(screen.getByText(/Ange ett cron-uttryck med fem fält/)).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/schedule'))).toBe(false);
  });

  it('creates a webhook and shows its address and key once (the header form first, the key-in-address form as legacy)', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openEditor({
      [`POST ${detailPath}/webhook`]: () =>
        json(201, {
          url: 'https://app.kollega.se/api/hooks',
          token: 'tok_abc123',
          legacyUrl: 'https://app.kollega.se/api/hooks/tok_abc123',
          signed: false,
          createdAt: '2025-03-14T09:22:00Z',
        }),
    });
    expect(screen.getByText('Ingen webhook än.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Skapa webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook-adress' });
    expect(within(dialog).getByLabelText('Adress')).toHaveValue('https://app.kollega.se/api/hooks');
    expect(within(dialog).getByLabelText('Nyckel')).toHaveValue('tok_abc123');
    expect(within(dialog).getByText('Authorization: Bearer <nyckel>')).toBeInTheDocument();
    expect(within(dialog).getByText('Äldre sätt: nyckeln i adressen (avråds)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Adress med nyckel (äldre sätt)')).toHaveValue('https://app.kollega.se/api/hooks/tok_abc123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kopiera nyckeln' }));
    expect(writeText).toHaveBeenCalledWith('tok_abc123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kopiera adressen' }));
    expect(writeText).toHaveBeenCalledWith('https://app.kollega.se/api/hooks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Jag har sparat nyckeln' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/tok_abc123/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skapa ny nyckel' })).toBeInTheDocument();
    expect(screen.getByText('Signering är av: den som har nyckeln kan starta flödet.')).toBeInTheDocument();
  });

  it('turns signing on (the signing key shown once) and off, and says which is true', async () => {
    const { calls } = await openEditor(
      {
        [`PUT ${detailPath}/webhook/signing`]: () => json(200, { signingSecret: 'whsec_abc', header: 'X-Kollega-Signature' }),
        [`DELETE ${detailPath}/webhook/signing`]: () => new Response(null, { status: 204 }),
      },
      aWorkflowDetail({ hasWebhook: true }),
    );
    expect(screen.getByText('Flödet har en webhook. Nyckeln visades när den skapades.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Slå på signering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signeringsnyckel' });
    expect(within(dialog).getByLabelText('Signeringsnyckel')).toHaveValue('whsec_abc');
    expect(within(dialog).getByText('X-Kollega-Signature: sha256=…')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Jag har sparat signeringsnyckeln' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/whsec_abc/)).not.toBeInTheDocument();
    expect(screen.getByText(/^Signering är på/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stäng av signering' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Stänga av signering?' })).getByRole('button', { name: 'Stäng av signering' }));
    expect(await screen.findByText('Signering är av: den som har nyckeln kan starta flödet.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/signing')).map((call) => call.method)).toEqual(['PUT', 'DELETE']);
  });
});
