// "Peka ut" in the step editor over a mocked API and a stand-in for the extension's bridge: the dialog asks
// the extension to open the workflow's page with the words in the app's language, fills the step with the
// element picked (selectors and fingerprint stay under "Avancerat", the sentence names the element, a select
// comes with its options), shows its picture, and stores the picture once the steps are saved. Without the
// extension the dialog says so and links to the install page. Each step shows its stored picture.
import type { PickedElement } from '@extension/pick-protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { extensionRouteTests } from '@/test/recorder-extension';
import { renderApp } from '@/test/render-app';
import { aWorkflowDetail, WORKFLOW_ID } from '../test-fixtures';

const installExtension = extensionRouteTests();

const detailPath = `/api/workflows/${WORKFLOW_ID}`;
const THUMBNAIL = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
const saveButton: PickedElement = {
  selectors: ['aria/Logga in nu[role="button"]', '#login-now'],
  fingerprint: { tag: 'button', role: 'button', name: 'Logga in nu' },
  label: 'Logga in nu',
  url: 'https://portal.example.se/login',
  thumbnail: THUMBNAIL,
};

async function openEditor() {
  const api = mockApi({
    'GET /api/user': () => json(200, demoUser),
    [`GET ${detailPath}`]: () => json(200, aWorkflowDetail()),
    [`GET ${detailPath}/thumbnails`]: () => json(200, [{ stepId: 's2', source: 'element', version: 'abc' }]),
    [`PUT ${detailPath}/definition`]: (call) => json(200, { version: 4, definition: (call.body as { definition: unknown }).definition }),
    [`PUT ${detailPath}/steps/s3/thumbnail`]: () => new Response(null, { status: 204 }),
  });
  renderApp(`/workflows/${WORKFLOW_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Fakturahantering' }, { timeout: 20_000 });
  return api;
}

const rows = () => Array.from(screen.getByRole('list', { name: /steg|steps/i }).children) as HTMLElement[];

describe('"Peka ut" in the step dialog', () => {
  it('fills a broken click step with the element picked on the page, names it in the sentence and stores its picture on save', async () => {
    const extension = installExtension();
    const { calls } = await openEditor();
    // The stored picture of step 2 (its element's), and none pretended for the others.
    expect(await within(rows()[1]!).findByRole('img', { name: 'Bild för steg 2' })).toHaveAttribute('src', `${detailPath}/steps/s2/thumbnail?v=abc`);
    expect(within(rows()[2]!).queryByRole('img')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Redigera steg 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Steg 3: Klicka' });
    expect(within(dialog).getByLabelText('Sida att öppna')).toHaveValue('https://portal.example.se/login');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Peka ut' }));
    expect(extension.commands.at(-1)).toEqual({
      type: 'pick',
      url: 'https://portal.example.se/login',
      texts: { hint: 'Klicka på det steget ska använda. Esc avbryter.', pause: 'Pausa och klicka runt', resume: 'Fortsätt peka ut', cancel: 'Avbryt' },
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Klicka på elementet i fönstret som öppnades');

    extension.emit({ type: 'picked', element: saveButton });
    expect(await within(dialog).findByText('Utpekat: Logga in nu')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Bild av elementet som pekades ut' })).toHaveAttribute('src', THUMBNAIL);
    // The person's own description stays; the selectors are under "Avancerat" only.
    expect(within(dialog).getByLabelText('Beskrivning')).toHaveValue('Klicka på Logga in');
    expect(within(dialog).getByText('Avancerat').closest('details')).not.toHaveAttribute('open');
    expect(within(dialog).getByLabelText('Selektor 1')).toHaveValue('aria/Logga in nu[role="button"]');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Klar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(rows()[2]).toHaveTextContent('Klicka på knappen ”Logga in nu”');
    expect(within(rows()[2]!).getByRole('img', { name: 'Bild för steg 3' })).toHaveAttribute('src', THUMBNAIL);
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(calls.some((call) => call.path === `${detailPath}/steps/s3/thumbnail`)).toBe(true));
    const saved = calls.find((call) => call.path === `${detailPath}/definition`)!.body as { definition: { steps: Array<Record<string, unknown>> } };
    expect(saved.definition.steps[2]).toEqual({
      id: 's3',
      type: 'click',
      description: 'Klicka på Logga in',
      selectors: ['aria/Logga in nu[role="button"]', '#login-now'],
      fingerprint: { tag: 'button', role: 'button', name: 'Logga in nu' },
      target: 'https://portal.example.se/popup',
    });
    expect(calls.find((call) => call.path === `${detailPath}/steps/s3/thumbnail`)!.body).toEqual({ jpeg: '/9j/4AAQSkZJRg==' });
  });

  it('a new "Fyll i" step in English: a picked select brings its options, Escape on the page says nothing was picked', async () => {
    await i18n.changeLanguage('en');
    const extension = installExtension();
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Add step' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Fill in' }));
    const dialog = await screen.findByRole('dialog', { name: 'New step: Fill in' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Point at it' }));
    expect(extension.commands.at(-1)).toMatchObject({ type: 'pick', texts: { hint: 'Click what the step should use. Esc cancels.', cancel: 'Cancel' } });
    extension.emit({ type: 'pickCancelled' });
    expect(await within(dialog).findByText('Nothing was picked.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Point at it' }));
    extension.emit({
      type: 'picked',
      element: {
        selectors: ['aria/Payment terms[role="combobox"]'],
        fingerprint: { tag: 'select', role: 'combobox', name: 'Payment terms' },
        label: 'Payment terms',
        control: 'select',
        choices: [
          { value: '10', label: '10 days' },
          { value: '30', label: '30 days' },
        ],
        url: 'https://portal.example.se/suppliers',
      },
    });
    expect(await within(dialog).findByText('Picked: Payment terms')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Choose “10 days” in “Payment terms”');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /value|option/i }), '30 days');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rows()[3]).toHaveTextContent('Choose “30 days” in “Payment terms”');
  });

  it('without the extension says it is needed and links to its install page', async () => {
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Redigera steg 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Steg 3: Klicka' });
    expect(within(dialog).getByText('För att peka ut ett element behövs tillägget Kollega Recorder i webbläsaren.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Installera Kollega Recorder' })).toHaveAttribute('href', '/recorder-extension');
    expect(within(dialog).queryByRole('button', { name: 'Peka ut' })).not.toBeInTheDocument();
  });
});
