// The onboarding wizard through the dashboard: steps, the enable/disable rules of SPEC §4, the real
// recorder (a stand-in for the Kollega Recorder extension), test (3 s), deployment (2 s), and timers
// cancelled on close.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { installFakeExtension } from '@/test/recorder-extension';
import { renderApp } from '@/test/render';

let extension: ReturnType<typeof installFakeExtension> | undefined;

afterEach(async () => {
  extension?.uninstall();
  extension = undefined;
  vi.useRealTimers();
  await i18n.changeLanguage('sv');
});

async function openWizard() {
  extension = installFakeExtension();
  const { calls } = mockApi({
    'GET /api/user': () => json(200, demoUser),
    'GET /api/dashboard/workflow-performance': () => json(200, []),
  });
  const app = renderApp('/dashboard');
  fireEvent.click(await screen.findByRole('button', { name: 'Starta guidad introduktion' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Kom igång med Kollega' });
  vi.useFakeTimers();
  return { ...app, calls, dialog };
}

const button = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('button', { name });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

async function fillInfo(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Namn på arbetsflödet'), { target: { value: 'Fakturor' } });
  fireEvent.change(within(dialog).getByLabelText('Beskrivning'), { target: { value: 'Registrerar fakturor' } });
  fireEvent.change(within(dialog).getByLabelText('Kategori'), { target: { value: 'data_entry' } });
  fireEvent.change(within(dialog).getByLabelText('Hur ofta körs det?'), { target: { value: 'weekly' } });
}

describe('onboarding wizard', { timeout: 20_000 }, () => {
  it('shows step 1 of 6 with back disabled and moves forward and back', async () => {
    const { dialog } = await openWizard();
    expect(dialog).toHaveTextContent('Steg 1 av 6');
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '17');
    expect(button(dialog, 'Tillbaka')).toBeDisabled();
    fireEvent.click(button(dialog, 'Nästa'));
    expect(dialog).toHaveTextContent('Steg 2 av 6');
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    fireEvent.click(button(dialog, 'Tillbaka'));
    expect(dialog).toHaveTextContent('Steg 1 av 6');
  });

  it('enables Next on workflow information only with trimmed name and description, a category and a frequency', async () => {
    const { dialog } = await openWizard();
    fireEvent.click(button(dialog, 'Nästa'));
    const next = button(dialog, 'Nästa');
    expect(next).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Namn på arbetsflödet'), { target: { value: '   ' } });
    fireEvent.change(within(dialog).getByLabelText('Beskrivning'), { target: { value: 'Registrerar fakturor' } });
    fireEvent.change(within(dialog).getByLabelText('Kategori'), { target: { value: 'data_entry' } });
    fireEvent.change(within(dialog).getByLabelText('Hur ofta körs det?'), { target: { value: 'weekly' } });
    expect(next).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Namn på arbetsflödet'), { target: { value: ' Fakturor ' } });
    expect(next).toBeEnabled();
    fireEvent.change(within(dialog).getByLabelText('Beskrivning'), { target: { value: '  ' } });
    expect(next).toBeDisabled();
    const categories = [...(within(dialog).getByLabelText('Kategori') as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(categories).toEqual(['data_entry', 'report_generation', 'email_processing', 'file_management', 'system_integration', 'other']);
    const frequencies = [...(within(dialog).getByLabelText('Hur ofta körs det?') as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(frequencies).toEqual(['daily', 'weekly', 'monthly', 'as_needed']);
  });

  it('walks the whole wizard with the timed recording, test and deployment, then goes to /workflows', async () => {
    const { dialog, router, calls } = await openWizard();
    const callsBefore = calls.length;
    fireEvent.click(button(dialog, 'Nästa'));
    await fillInfo(dialog);
    fireEvent.click(button(dialog, 'Nästa'));

    // Prepare: tips only (no browser or recording mode to choose: neither would change the recording).
    expect(within(dialog).getByText('Logga in i systemen du ska använda')).toBeInTheDocument();
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
    fireEvent.click(button(dialog, 'Nästa'));

    // Record: Next needs at least one step and no recording in progress; back is disabled while recording.
    expect(dialog).toHaveTextContent('Steg 4 av 6');
    expect(button(dialog, 'Nästa')).toBeDisabled();
    fireEvent.click(button(dialog, 'Starta inspelning'));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(extension!.commands).toContainEqual({ type: 'start', url: null });
    extension!.status('recording');
    expect(button(dialog, 'Tillbaka')).toBeDisabled();
    expect(dialog).toHaveTextContent('0 steg inspelade');
    extension!.capture({ step: { type: 'click', selectors: ['aria/Ny faktura[role="button"]'] }, label: 'Ny faktura' });
    expect(dialog).toHaveTextContent('1 steg inspelat');
    expect(button(dialog, 'Nästa')).toBeDisabled();
    extension!.capture({ step: { type: 'change', selectors: ['aria/Belopp[role="textbox"]'], value: '1200' }, label: 'Belopp' });
    extension!.status('stopped');
    expect(dialog).toHaveTextContent('Inspelningen är klar');
    expect(dialog).toHaveTextContent('2 steg inspelade');
    expect(button(dialog, 'Tillbaka')).toBeEnabled();
    fireEvent.click(button(dialog, 'Nästa'));

    // AI improvements: three suggestions, each with an apply toggle.
    const toggles = within(dialog).getAllByRole('switch');
    expect(toggles).toHaveLength(3);
    fireEvent.click(toggles[2]);
    expect(toggles[2]).not.toBeChecked();
    expect(dialog).toHaveTextContent('2 av 3 förbättringar valda');
    fireEvent.click(button(dialog, 'Nästa'));

    // Test and activate.
    expect(dialog).toHaveTextContent('Steg 6 av 6');
    expect(within(dialog).queryByRole('button', { name: 'Nästa' })).not.toBeInTheDocument();
    expect(button(dialog, 'Aktivera')).toBeDisabled();
    expect(button(dialog, 'Slutför')).toBeDisabled();
    fireEvent.click(button(dialog, 'Kör test'));
    advance(2999);
    expect(button(dialog, 'Aktivera')).toBeDisabled();
    advance(1);
    expect(dialog).toHaveTextContent('Testet lyckades');
    fireEvent.click(button(dialog, 'Aktivera'));
    expect(button(dialog, 'Tillbaka')).toBeDisabled();
    expect(button(dialog, 'Slutför')).toBeDisabled();
    advance(1999);
    expect(button(dialog, 'Slutför')).toBeDisabled();
    advance(1);
    expect(dialog).toHaveTextContent('Arbetsflödet är aktiverat');
    expect(button(dialog, 'Tillbaka')).toBeEnabled();
    expect(calls.length).toBe(callsBefore);

    vi.useRealTimers();
    fireEvent.click(button(dialog, 'Slutför'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stopping early keeps the steps recorded so far', async () => {
    const { dialog } = await openWizard();
    fireEvent.click(button(dialog, 'Nästa'));
    await fillInfo(dialog);
    fireEvent.click(button(dialog, 'Nästa'));
    fireEvent.click(button(dialog, 'Nästa'));
    expect(within(dialog).queryByText('Tillägget Kollega Recorder behövs för att spela in')).not.toBeInTheDocument();
    fireEvent.click(button(dialog, 'Starta inspelning'));
    extension!.status('recording');
    extension!.capture({ step: { type: 'navigate', url: 'https://portal.example.se/' } });
    fireEvent.click(button(dialog, 'Stoppa inspelning'));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(extension!.commands).toContainEqual({ type: 'stop' });
    extension!.status('stopped');
    expect(dialog).toHaveTextContent('1 steg inspelat');
    expect(button(dialog, 'Nästa')).toBeEnabled();
  });

  it('stops a recording it started and starts over when closed', async () => {
    const { dialog } = await openWizard();
    fireEvent.click(button(dialog, 'Nästa'));
    await fillInfo(dialog);
    fireEvent.click(button(dialog, 'Nästa'));
    fireEvent.click(button(dialog, 'Nästa'));
    fireEvent.click(button(dialog, 'Starta inspelning'));
    extension!.status('recording');
    fireEvent.click(button(dialog, 'Stäng'));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(extension!.commands).toContainEqual({ type: 'stop' });
    // Nothing goes on after the stop (other timers, such as a request's time limit, may still be pending).
    const sent = extension!.commands.length;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(extension!.commands).toHaveLength(sent);
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Starta guidad introduktion' }));
    const reopened = await screen.findByRole('dialog');
    expect(reopened).toHaveTextContent('Steg 1 av 6');
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/dashboard/workflow-performance': () => json(200, []) });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Start guided introduction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get started with Kollega' });
    expect(dialog).toHaveTextContent('Step 1 of 6');
  });
});
