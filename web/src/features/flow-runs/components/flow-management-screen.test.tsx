// Flow management: counters, filter, the client-side run transitions of SPEC §4, suggestions.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { demoRuns, transition } from '../model';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

async function renderScreen() {
  mockApi({ 'GET /api/user': () => json(200, demoUser) });
  renderApp('/workflow-execution');
  await screen.findByRole('heading', { level: 1, name: 'Flödeshantering' });
}

const counter = (name: string) => screen.getByTestId(`counter-${name}`).textContent;
const run = (name: string) => screen.getByRole('article', { name });

describe('flow run transitions', () => {
  const [running, , paused, completed, failed, pending] = demoRuns(0);

  it('pauses and stops running runs, resumes and stops paused ones', () => {
    expect(transition(running, 'pause').status).toBe('paused');
    expect(transition(paused, 'resume').status).toBe('running');
    expect(transition(running, 'stop').status).toBe('failed');
    expect(transition(paused, 'stop').status).toBe('failed');
  });

  it('retries a failed run from zero with "Startar om..." and no error', () => {
    const retried = transition(failed, 'retry');
    expect(retried).toMatchObject({ status: 'running', progress: 0, completedSteps: 0, currentStep: 'restarting', errorMessage: null });
  });

  it('ignores transitions the status does not allow', () => {
    expect(transition(completed, 'stop')).toBe(completed);
    expect(transition(pending, 'pause')).toBe(pending);
    expect(transition(running, 'resume')).toBe(running);
    expect(transition(running, 'retry')).toBe(running);
  });
});

describe('flow management screen', () => {
  it('counts runs per status and filters them', async () => {
    await renderScreen();
    expect([counter('running'), counter('paused'), counter('completed'), counter('failed'), counter('pending'), counter('total')]).toEqual(['2', '1', '1', '1', '1', '6']);
    expect(screen.getAllByRole('article')).toHaveLength(6);
    fireEvent.change(screen.getByLabelText('Filtrera på status'), { target: { value: 'paused' } });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(run('Hyresavisering')).toHaveTextContent('Pausad');
  });

  it('pauses, resumes, stops and retries a run, updating its label and the counters', async () => {
    await renderScreen();
    const card = run('Leverantörsfakturor');
    expect(card).toHaveTextContent('Körs');
    fireEvent.click(within(card).getByRole('button', { name: 'Pausa' }));
    expect(card).toHaveTextContent('Pausad');
    expect(counter('paused')).toBe('2');
    fireEvent.click(within(card).getByRole('button', { name: 'Fortsätt' }));
    expect(card).toHaveTextContent('Körs');
    fireEvent.click(within(card).getByRole('button', { name: 'Stoppa' }));
    expect(card).toHaveTextContent('Fel');
    expect(counter('failed')).toBe('2');
    fireEvent.click(within(card).getByRole('button', { name: 'Försök igen' }));
    expect(card).toHaveTextContent('Aktuellt steg: Startar om...');
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('clears the error box when a failed run is retried', async () => {
    await renderScreen();
    const card = run('Avtalsförnyelse');
    expect(within(card).getByRole('alert')).toHaveTextContent('hittades inte');
    fireEvent.click(within(card).getByRole('button', { name: 'Försök igen' }));
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Körs');
  });

  it('shows completed runs without progress bar or action buttons, and the manual-intervention box', async () => {
    await renderScreen();
    const completed = run('Månadsrapport ekonomi');
    expect(completed).toHaveTextContent('Slutförd');
    expect(within(completed).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(completed).queryByRole('button', { name: /Pausa|Fortsätt|Stoppa|Försök igen|Detaljer/ })).not.toBeInTheDocument();
    const manual = run('Ny hyresgäst');
    expect(within(manual).getByRole('link', { name: 'Hantera' })).toHaveAttribute('href', '/error-queue');
    expect(run('Felanmälningar')).toHaveTextContent('Väntar');
  });

  it('ignores a suggestion and applies another with a toast', async () => {
    await renderScreen();
    const suggestions = screen.getByRole('heading', { name: 'Självlärande förbättringsförslag' }).closest('section') as HTMLElement;
    const items = within(suggestions).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Säkerhet 89 %');
    expect(items[0]).toHaveTextContent('Beräknad tidsbesparing: 15 min per dag');
    fireEvent.click(within(items[0]).getByRole('button', { name: 'Ignorera' }));
    expect(within(suggestions).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(within(suggestions).getByRole('button', { name: 'Tillämpa förbättring' }));
    expect(within(suggestions).getByRole('listitem')).toHaveTextContent('Tillämpad');
    expect(within(suggestions).queryByRole('button', { name: 'Tillämpa förbättring' })).not.toBeInTheDocument();
    expect(await screen.findByText('Förbättringen tillämpad')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /api/user': () => json(200, demoUser) });
    renderApp('/workflow-execution');
    await screen.findByRole('heading', { level: 1, name: 'Flow management' });
    expect(within(run('Supplier invoices')).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });
});
