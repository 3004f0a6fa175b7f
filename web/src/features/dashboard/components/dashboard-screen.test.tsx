// The dashboard: the real flow performance list (loading, error with retry, empty, rows, menu)
// and the static parts with their links.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkflowPerformance } from '@shared/types/api';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const rows: WorkflowPerformance[] = [
  { id: 'w1', name: 'Hyresavisering', status: 'active', startMethod: 'scheduled', lastRunAt: '2025-03-14T08:30:00Z', successRate: 97.6, runCount: 40 },
  { id: 'w2', name: 'Felanmälan', status: 'inactive', startMethod: 'trigger', lastRunAt: null, successRate: null, runCount: 0 },
];

const performanceList = () => screen.getByRole('heading', { name: 'Flödesprestanda' }).closest('section') as HTMLElement;

describe('flow performance list', () => {
  it('shows a loading state, then each workflow with status, last run, frequency and success rate', async () => {
    let release: (r: Response) => void = () => undefined;
    mockApi({
      'GET /api/user': () => json(200, demoUser),
      'GET /api/dashboard/workflow-performance': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderApp('/dashboard');
    await waitFor(() => expect(performanceList()).toHaveTextContent('Laddar arbetsflöden…'));
    release(json(200, rows));
    const table = await within(performanceList()).findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Hyresavisering');
    expect(first).toHaveTextContent('Aktiv');
    expect(first).toHaveTextContent('2025-03-14');
    expect(first).toHaveTextContent('Schemalagt');
    expect(first).toHaveTextContent('98 %');
    expect(second).toHaveTextContent('Utkast');
    expect(second).toHaveTextContent('Aldrig');
    expect(second).toHaveTextContent('Vid händelse');
  });

  it('offers to create a first workflow when there are none', async () => {
    mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/dashboard/workflow-performance': () => json(200, []) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Flödesprestanda' });
    expect(await within(performanceList()).findByText('Inga arbetsflöden ännu')).toBeInTheDocument();
    expect(within(performanceList()).getByRole('link', { name: 'Skapa arbetsflöde' })).toHaveAttribute('href', '/workflows');
  });

  it('shows an error with a retry that loads the list again', async () => {
    let fail = true;
    mockApi({
      'GET /api/user': () => json(200, demoUser),
      'GET /api/dashboard/workflow-performance': () => (fail ? json(500, { error: 'Boom', code: 'internal' }) : json(200, rows)),
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Flödesprestanda' });
    expect(await within(performanceList()).findByText('Det gick inte att hämta flödesprestanda.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(performanceList()).getByRole('button', { name: 'Försök igen' }));
    expect(await within(performanceList()).findByRole('rowheader', { name: 'Hyresavisering' })).toBeInTheDocument();
  });

  it('runs a workflow from the row menu and toasts', async () => {
    const { calls } = mockApi({
      'GET /api/user': () => json(200, demoUser),
      'GET /api/dashboard/workflow-performance': () => json(200, rows),
      'POST /api/workflows/w1/run': () => json(202, { executionId: 'e1' }),
    });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Åtgärder för Hyresavisering' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Kör nu' }));
    expect(await screen.findByText('Körning startad')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/workflows/w1/run' && c.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/dashboard/workflow-performance')).toHaveLength(2));
  });
});

describe('dashboard', () => {
  it('has the home prompt, quick actions, figures and sample alerts', async () => {
    mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/dashboard/workflow-performance': () => json(200, []) });
    renderApp('/');
    const prompt = (await screen.findByRole('heading', { name: 'Vad vill du göra idag?' })).closest('section') as HTMLElement;
    expect(within(prompt).getByRole('link', { name: /Starta ny inspelning/ })).toHaveAttribute('href', '/track-trace');
    expect(within(prompt).getByRole('link', { name: /Skapa nytt arbetsflöde/ })).toHaveAttribute('href', '/workflows');
    expect(within(prompt).getByRole('link', { name: /Visa status för arbetsflöden/ })).toHaveAttribute('href', '/workflow-execution');
    const quick = screen.getByRole('heading', { name: 'Snabbåtgärder' }).closest('section') as HTMLElement;
    expect(within(quick).getByRole('link', { name: /Testläge/ })).toHaveAttribute('href', '/track-trace');
    expect(within(quick).getByRole('link', { name: /AI-assistent/ })).toHaveAttribute('href', '/ai-prompt');
    expect(within(quick).getByRole('link', { name: /Schemaläggning/ })).toHaveAttribute('href', '/audit-trail');
    expect(within(quick).getByRole('link', { name: /Teamhantering/ })).toHaveAttribute('href', '/settings');
    const figures = screen.getByRole('region', { name: 'Nyckeltal' });
    for (const text of ['Körningar per månad', 'Sparade timmar per vecka', '128 h sparade denna månad', 'AI-säkerhet', 'Flöden som körs nu']) {
      expect(figures).toHaveTextContent(text);
    }
    const alerts = screen.getByRole('heading', { name: 'Aviseringar' }).closest('section') as HTMLElement;
    expect(within(alerts).getAllByRole('listitem')).toHaveLength(3);
    expect(alerts).toHaveTextContent('Fel:');
    expect(alerts).toHaveTextContent('Varning:');
    expect(alerts).toHaveTextContent('Information:');
  });
});
