// The marketplace against a mocked API: states, search, categories, preview, install.
import type { Template, Workflow } from '@shared/types/api';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';

// The real router renders these; its first render loads the route modules, slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
});

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const template = (over: Partial<Template>): Template => ({
  id: 't0',
  name: 'Mall',
  description: 'Beskrivning',
  category: 'Rapportering',
  industry: 'Ekonomi',
  difficulty: 'beginner',
  creator: 'Kollega',
  isFeatured: false,
  stepCount: 3,
  steps: [
    { type: 'navigate', description: 'Öppna ekonomisystemet' },
    { type: 'change', description: 'Fyll i månaden' },
    { type: 'screenshot', description: 'Spara underlaget' },
  ],
  inputs: ['period', 'system_url'],
  secrets: ['EKONOMISYSTEM_LOSENORD'],
  updatedAt: '2025-02-01T10:00:00Z',
  ...over,
});

const templates = [
  template({ id: 't1', name: 'Hyresavisering', category: 'Fastighetsadministration', industry: 'Fastigheter', isFeatured: true }),
  template({ id: 't2', name: 'Månadsrapport ekonomi', difficulty: 'intermediate', creator: 'Ekonomi Partner AB' }),
  template({ id: 't3', name: 'Kundinbetalningar', description: 'Matchar inbetalningar', difficulty: 'advanced' }),
];

const workflow: Workflow = {
  id: 'w9',
  name: 'Hyresavisering',
  description: '',
  category: 'Fastighetsadministration',
  startMethod: 'manual',
  status: 'draft',
  isActive: false,
  createdAt: '2025-03-01T10:00:00Z',
  updatedAt: '2025-03-01T10:00:00Z',
  createdBy: null,
  lastRunAt: null,
  successRate: null,
  runCount: 0,
  manualSeconds: null,
  runLocation: 'unattended',
  hasLoginStep: false,
};

function renderMarketplace(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/user': () => json(200, demoUser), 'GET /api/templates': () => json(200, templates), ...routes });
  return { ...api, ...renderApp('/marketplace') };
}

const allSection = () => screen.getByRole('heading', { name: 'Alla mallar' }).closest('section') as HTMLElement;

describe('marketplace', () => {
  it('is in the navigation and lists featured and all templates with their facts', async () => {
    renderMarketplace();
    const nav = (await screen.findAllByRole('navigation', { name: 'Huvudmeny' }))[0];
    expect(within(nav).getByRole('link', { name: 'Marknadsplats' })).toHaveAttribute('href', '/marketplace');
    const featured = (await screen.findByRole('heading', { name: 'Utvalda mallar' })).closest('section') as HTMLElement;
    expect(within(featured).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Hyresavisering']);
    expect(within(allSection()).getAllByRole('article')).toHaveLength(3);
    const card = within(featured).getByRole('article', { name: 'Hyresavisering' });
    expect(card).toHaveTextContent('3 steg');
    expect(card).not.toHaveTextContent(/Betyg|nedladdning/i);
    expect(card).toHaveTextContent('Skapad av Kollega');
    expect(card).toHaveTextContent('Uppdaterad 2025-02-01');
    expect(card).toHaveTextContent('Nybörjare');
    expect(card).toHaveTextContent('Fastigheter');
    expect(within(allSection()).getByRole('article', { name: 'Kundinbetalningar' })).toHaveTextContent('Avancerad');
  });

  it('searches and filters by category', async () => {
    renderMarketplace();
    await screen.findByRole('heading', { name: 'Alla mallar' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Sök mallar' }), { target: { value: 'INBETALNING' } });
    expect(within(allSection()).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Kundinbetalningar']);
    expect(screen.queryByRole('heading', { name: 'Utvalda mallar' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Sök mallar' }), { target: { value: 'finns inte' } });
    expect(within(allSection()).getByText('Inga mallar hittades')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Sök mallar' }), { target: { value: '' } });
    const categories = screen.getByRole('group', { name: 'Kategorier' });
    fireEvent.click(within(categories).getByRole('button', { name: 'Rapportering' }));
    expect(within(categories).getByRole('button', { name: 'Rapportering' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(allSection()).getAllByRole('article')).toHaveLength(2);
    fireEvent.click(within(categories).getByRole('button', { name: 'Alla' }));
    expect(within(allSection()).getAllByRole('article')).toHaveLength(3);
  });

  it('shows a loading state, and an error with retry', async () => {
    let fail = true;
    renderMarketplace({ 'GET /api/templates': () => (fail ? json(500, { error: 'Boom', code: 'internal' }) : json(200, templates)) });
    expect(await screen.findByText('Laddar mallar…', { selector: 'span[aria-hidden]' })).toBeInTheDocument();
    expect(await screen.findByText('Det gick inte att hämta mallarna')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('heading', { name: 'Alla mallar' })).toBeInTheDocument();
  });

  it('says so when the catalogue is empty', async () => {
    renderMarketplace({ 'GET /api/templates': () => json(200, []) });
    expect(await screen.findByText('Inga mallar ännu')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Kategorier' })).not.toBeInTheDocument();
  });

  it('previews a template', async () => {
    renderMarketplace();
    await screen.findByRole('heading', { name: 'Alla mallar' });
    fireEvent.click(within(within(allSection()).getByRole('article', { name: 'Månadsrapport ekonomi' })).getByRole('button', { name: 'Förhandsgranska' }));
    const dialog = await screen.findByRole('dialog', { name: 'Månadsrapport ekonomi' });
    expect(dialog).toHaveTextContent('Medel');
    expect(dialog).toHaveTextContent('Ekonomi Partner AB');
    const steps = within(dialog).getByRole('list', { name: '3 steg som installeras' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Öppna ekonomisystemet (öppna sida)',
      'Fyll i månaden (fyll i)',
      'Spara underlaget (skärmbild)',
    ]);
    expect(dialog).toHaveTextContent('Indata vid körningperiod, system_url');
    expect(dialog).toHaveTextContent('HemligheterEKONOMISYSTEM_LOSENORD');
    expect(dialog).not.toHaveTextContent(/Betyg|nedladdning/i);
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Stäng' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('installs: POST, success toast, workflow lists invalidated, a link to /workflows', async () => {
    const { calls, queryClient } = renderMarketplace({ 'POST /api/templates/t1/install': () => json(201, workflow) });
    await screen.findByRole('heading', { name: 'Alla mallar' });
    queryClient.setQueryData(queryKeys.workflows, []);
    queryClient.setQueryData(queryKeys.workflowPerformance, []);
    const card = within(allSection()).getByRole('article', { name: 'Hyresavisering' });
    fireEvent.click(within(card).getByRole('button', { name: 'Installera' }));
    expect(await screen.findByText('Mallen installerad')).toBeInTheDocument();
    expect(screen.getByText('Hyresavisering finns nu som utkast bland dina arbetsflöden.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/templates/t1/install')).toHaveLength(1);
    await waitFor(() => expect(within(card).getByRole('link', { name: 'Öppna arbetsflöden' })).toHaveAttribute('href', '/workflows'));
    expect(queryClient.getQueryState(queryKeys.workflows)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.workflowPerformance)?.isInvalidated).toBe(true);
  });

  it('toasts the server message when installing fails', async () => {
    renderMarketplace({ 'POST /api/templates/t2/install': () => json(403, { error: 'Endast aktiva medlemmar', code: 'forbidden' }) });
    await screen.findByRole('heading', { name: 'Alla mallar' });
    fireEvent.click(within(within(allSection()).getByRole('article', { name: 'Månadsrapport ekonomi' })).getByRole('button', { name: 'Installera' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Kunde inte installera mallen');
    expect(toast).toHaveTextContent('Endast aktiva medlemmar');
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    renderMarketplace();
    expect(await screen.findByRole('heading', { name: 'Featured templates' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Install' }).length).toBeGreaterThan(0);
  });
});
