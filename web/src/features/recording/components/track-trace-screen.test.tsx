// Track & Trace's recording state machine (SPEC §4) with fake timers and a stand-in window.open.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { nextStepDelay, startUrl } from '../model';

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('sv');
});

type FakeWindow = { closed: boolean; focus: ReturnType<typeof vi.fn> };

async function renderTrackTrace(popup: FakeWindow | null = { closed: false, focus: vi.fn() }, random = 0) {
  mockApi({ 'GET /api/user': () => json(200, demoUser) });
  const open = vi.fn(() => popup as unknown as Window | null);
  vi.stubGlobal('open', open);
  // Math.random → 0 (the default): every later simulated step comes after the minimum 3000 ms.
  vi.spyOn(Math, 'random').mockReturnValue(random);
  const app = renderApp('/track-trace');
  await screen.findByRole('heading', { level: 1, name: 'Track & Trace' });
  vi.useFakeTimers();
  return { ...app, open, popup };
}

const steps = () => within(screen.getByRole('list', { name: 'Inspelade steg' })).getAllByRole('listitem');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const overlay = () => screen.getByRole('complementary', { name: 'Inspelningsstatus' });

describe('Track & Trace', () => {
  it('defaults to edge and an https:// start URL, with breadcrumb home to /dashboard', async () => {
    await renderTrackTrace();
    expect(screen.getByLabelText('Webbläsare')).toHaveValue('edge');
    expect([...(screen.getByLabelText('Webbläsare') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['edge', 'chrome', 'firefox']);
    expect(screen.getByLabelText('Start-URL (valfri)')).toHaveValue('https://');
    expect(within(screen.getByRole('navigation', { name: 'Brödsmulor' })).getByRole('link', { name: 'Hem' })).toHaveAttribute('href', '/dashboard');
  });

  it('starts: opens a 1200×800 window, adds a navigate step, then steps after 2000 ms and 3000–8000 ms', async () => {
    const { open } = await renderTrackTrace();
    fireEvent.change(screen.getByLabelText('Start-URL (valfri)'), { target: { value: 'https://portal.example.se' } });
    fireEvent.click(screen.getByRole('button', { name: 'Starta inspelning' }));
    expect(open).toHaveBeenCalledWith('https://portal.example.se', '_blank', expect.stringContaining('width=1200,height=800'));
    expect(steps()).toHaveLength(1);
    expect(steps()[0]).toHaveTextContent('Navigera');
    expect(steps()[0]).toHaveTextContent('Öppna https://portal.example.se');
    expect(within(overlay()).getByRole('status')).toHaveTextContent('Spelar in · 1 steg');

    advance(1999);
    expect(steps()).toHaveLength(1);
    advance(1);
    expect(steps()).toHaveLength(2);
    advance(2999);
    expect(steps()).toHaveLength(2);
    advance(1);
    expect(steps()).toHaveLength(3);
    expect(within(overlay()).getByRole('status')).toHaveTextContent('3 steg');
  });

  it('waits up to 8000 ms between simulated steps', async () => {
    await renderTrackTrace(undefined, 0.99999);
    fireEvent.click(screen.getByRole('button', { name: 'Starta inspelning' }));
    advance(2000);
    expect(steps()).toHaveLength(2);
    advance(7999);
    expect(steps()).toHaveLength(2);
    advance(1);
    expect(steps()).toHaveLength(3);
  });

  it('draws each delay from 3000–8000 ms; a bare https:// opens a blank page', () => {
    expect(nextStepDelay(() => 0)).toBe(3000);
    expect(nextStepDelay(() => 0.5)).toBe(5500);
    expect(nextStepDelay(() => 0.999999)).toBe(8000);
    expect(startUrl('https://')).toBeNull();
    expect(startUrl(' https://a.se ')).toBe('https://a.se');
  });

  it('pauses (no new steps), continues and stops', async () => {
    await renderTrackTrace();
    fireEvent.click(screen.getByRole('button', { name: 'Starta inspelning' }));
    advance(2000);
    expect(steps()).toHaveLength(2);
    fireEvent.click(within(screen.getByRole('main')).getAllByRole('button', { name: 'Pausa' })[0]);
    expect(within(overlay()).getByRole('status')).toHaveTextContent('Pausad');
    advance(20_000);
    expect(steps()).toHaveLength(2);
    fireEvent.click(within(screen.getByRole('main')).getAllByRole('button', { name: 'Fortsätt' })[0]);
    advance(3000);
    expect(steps()).toHaveLength(3);
    fireEvent.click(within(overlay()).getByRole('button', { name: 'Stoppa inspelning' }));
    expect(within(overlay()).getByRole('status')).toHaveTextContent('Stoppad · 3 steg');
    expect(within(overlay()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Visa webbläsarfönster' })).toBeDisabled();
    advance(20_000);
    expect(steps()).toHaveLength(3);
  });

  it('stops when the recording window is closed', async () => {
    const { popup } = await renderTrackTrace();
    fireEvent.click(screen.getByRole('button', { name: 'Starta inspelning' }));
    fireEvent.click(screen.getByRole('button', { name: 'Visa webbläsarfönster' }));
    expect(popup?.focus).toHaveBeenCalled();
    popup!.closed = true;
    advance(1000);
    expect(within(overlay()).getByRole('status')).toHaveTextContent('Stoppad');
    advance(20_000);
    expect(steps()).toHaveLength(1);
  });

  it('says so when the popup is blocked, and records nothing', async () => {
    await renderTrackTrace(null);
    fireEvent.click(screen.getByRole('button', { name: 'Starta inspelning' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Webbläsarfliken kunde inte öppnas');
    expect(alert).toHaveTextContent('popup-fönster');
    advance(10_000);
    expect(screen.getByText('Inga steg ännu. Starta en inspelning för att fånga dina åtgärder.')).toBeInTheDocument();
  });

  it('edits, deletes (renumbering) and clears steps', async () => {
    await renderTrackTrace();
    fireEvent.click(screen.getByRole('button', { name: 'Starta inspelning' }));
    advance(2000 + 3000);
    fireEvent.click(within(overlay()).getByRole('button', { name: 'Stoppa inspelning' }));
    expect(steps()).toHaveLength(3);
    vi.useRealTimers();

    fireEvent.click(screen.getByRole('button', { name: 'Redigera steg 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera steg 2' });
    fireEvent.change(within(dialog).getByLabelText('Beskrivning'), { target: { value: 'Klicka på Spara' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(steps()[1]).toHaveTextContent('Klicka på Spara');

    fireEvent.click(screen.getByRole('button', { name: 'Ta bort steg 1' }));
    expect(steps()).toHaveLength(2);
    expect(steps()[0]).toHaveTextContent('Klicka på Spara');
    expect(screen.getByRole('button', { name: 'Ta bort steg 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ta bort steg 3' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Rensa steg' }));
    expect(screen.queryByRole('list', { name: 'Inspelade steg' })).not.toBeInTheDocument();
  });
});
