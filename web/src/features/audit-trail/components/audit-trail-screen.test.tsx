import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi, page } from '@/test/api-mock';
import { anActivity, never } from '@/test/fixtures';
import { renderWithQueryClient } from '@/test/render';
import { AuditTrailScreen } from './audit-trail-screen';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const PATH = 'GET /api/audit-activities?limit=50';

const activities = [
  anActivity({ metadata: { category: 'Rapportering', steps: 3 } }),
  anActivity({
    id: 'a2',
    action: 'workflow_executed',
    details: 'Körde Hyresavier',
    userId: 'u2',
    userName: 'Bo Berg',
    workflowId: 'wf-1',
    executionId: 'exec-9',
  }),
  anActivity({ id: 'a3', action: 'invoice_sent_to_tenant', details: 'Lade till kort', userId: 'u2', userName: 'Bo Berg', ipAddress: null }),
];

describe('AuditTrailScreen', () => {
  it('asks for the newest 50 and shows 10 skeleton rows while loading', async () => {
    const { calls } = mockApi({ [PATH]: never });
    renderWithQueryClient(<AuditTrailScreen />);
    const loading = await screen.findByRole('status', { name: 'Laddar aktiviteter' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(10);
    expect(calls[0].path).toBe('/api/audit-activities?limit=50');
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeInTheDocument();
  });

  it('names what acted without a person (the runner, a schedule, a webhook) and labels the run events, in both languages', async () => {
    const automatic = [
      anActivity({ id: 'b1', action: 'run_completed', userId: null, userName: null, metadata: { trigger: 'manual' } }),
      anActivity({ id: 'b2', action: 'workflow_executed', userId: null, userName: null, metadata: { trigger: 'webhook' } }),
      anActivity({ id: 'b3', action: 'workflow_executed', userId: null, userName: null, metadata: { trigger: 'schedule' } }),
      anActivity({ id: 'b4', action: 'secret_deleted', userId: null, userName: null, metadata: null }),
    ];
    mockApi({ [PATH]: () => json(200, page(automatic)) });
    renderWithQueryClient(<AuditTrailScreen />);
    const rows = within(await screen.findByRole('list', { name: 'Aktiviteter' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Körning slutförd');
    expect(rows[0]).toHaveTextContent('Användare:Kollega (automatiskt)');
    expect(rows[1]).toHaveTextContent('Användare:Webhook');
    expect(rows[2]).toHaveTextContent('Användare:Schema');
    expect(rows[3]).toHaveTextContent('Hemlighet borttagen');
    expect(rows[3]).toHaveTextContent('Användare:Okänd användare');
    await i18n.changeLanguage('en');
    expect(rows[0]).toHaveTextContent('Run completed');
    expect(await within(rows[0]).findByText('Kollega (automatic)')).toBeInTheDocument();
  });

  it('says which secret a run typed, on which site and who started the run, and when a secret got new sites, in both languages', async () => {
    const used = (id: string, run: Record<string, unknown>) =>
      anActivity({
        id,
        action: 'secret_used',
        details: 'PORTAL_PASSWORD',
        userId: null,
        userName: null,
        resource: 'secret',
        executionId: 'run-7',
        metadata: { name: 'PORTAL_PASSWORD', origin: 'https://portal.example', stepId: 's2', ...run },
      });
    const secretRows = [
      used('c1', { trigger: 'manual', startedBy: 'u2', startedByName: 'Bo Berg' }),
      used('c2', { trigger: 'schedule', startedBy: null, startedByName: null }),
      anActivity({
        id: 'c3',
        action: 'secret_sites_changed',
        details: 'PORTAL_PASSWORD',
        metadata: { name: 'PORTAL_PASSWORD', origins: ['https://portal.example'] },
      }),
    ];
    mockApi({ [PATH]: () => json(200, page(secretRows)) });
    renderWithQueryClient(<AuditTrailScreen />);
    const rows = within(await screen.findByRole('list', { name: 'Aktiviteter' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Hemlighet använd i körning');
    expect(rows[0]).toHaveTextContent('PORTAL_PASSWORD');
    expect(rows[0]).toHaveTextContent('Användare:Kollega (automatiskt)');
    expect(rows[0]).toHaveTextContent('Webbplats:https://portal.example');
    expect(rows[0]).toHaveTextContent('Körningen startad av:Bo Berg');
    expect(rows[0]).toHaveTextContent('Körning:run-7');
    expect(rows[1]).toHaveTextContent('Körningen startad av:Schema');
    expect(rows[2]).toHaveTextContent('Hemlighetens webbplatser ändrade');
    expect(rows[2]).toHaveTextContent('Användare:Anna Andersson');
    expect(rows[2]).not.toHaveTextContent('Webbplats:');
    await i18n.changeLanguage('en');
    expect(await within(rows[0]).findByText('Secret used in a run')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Site:https://portal.example');
    expect(rows[0]).toHaveTextContent('Run started by:Bo Berg');
    expect(rows[1]).toHaveTextContent('Run started by:Schedule');
    expect(rows[2]).toHaveTextContent("Secret's sites changed");
  });

  it('shows each row with label, Swedish timestamp, user, ids, resource, IP and collapsible metadata', async () => {
    mockApi({ [PATH]: () => json(200, page(activities)) });
    renderWithQueryClient(<AuditTrailScreen />);
    const list = await screen.findByRole('list', { name: 'Aktiviteter' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Arbetsflöde skapat');
    expect(rows[0]).toHaveTextContent(new Date('2025-03-14T09:22:05Z').toLocaleString('sv-SE'));
    expect(rows[0]).toHaveTextContent('Användare:Anna Andersson');
    expect(rows[0]).toHaveTextContent('Resurs:workflows');
    expect(rows[0]).toHaveTextContent('IP-adress:10.0.0.1');
    expect(rows[1]).toHaveTextContent('Arbetsflöde:wf-1');
    expect(rows[1]).toHaveTextContent('Körning:exec-9');
    expect(rows[2]).toHaveTextContent('invoice sent to tenant');
    const metadata = within(rows[0]).getByText('Metadata');
    expect(within(rows[0]).getByText(/"steps": 3/)).not.toBeVisible();
    await userEvent.click(metadata);
    expect(within(rows[0]).getByText(/"steps": 3/)).toBeVisible();
    expect(list.className).toContain('max-h-[600px]');
  });

  it('asks the server for the search and the filters, keeps the people to filter by, and exports with the filters', async () => {
    const hyresavier = activities.filter((a) => a.details.toLowerCase().includes('hyresavier'));
    const bo = activities.filter((a) => a.userId === 'u2');
    const { calls } = mockApi({
      [PATH]: () => json(200, page(activities)),
      'GET /api/audit-activities?q=HYRESAVIER&limit=50': () => json(200, page(hyresavier)),
      'GET /api/audit-activities?userId=u2&limit=50': () => json(200, page(bo)),
      'GET /api/audit-activities?userId=u2&action=workflow_executed&limit=50': () => json(200, page(bo.filter((a) => a.action === 'workflow_executed'))),
      'GET /api/audit-activities?q=inget+s%C3%A5dant&userId=u2&action=workflow_executed&limit=50': () => json(200, page([])),
    });
    renderWithQueryClient(<AuditTrailScreen />);
    const list = await screen.findByRole('list', { name: 'Aktiviteter' });
    expect(screen.getByText('3 aktiviteter visas')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Sök i aktiviteter' }), 'HYRESAVIER');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(hyresavier.length));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Sök i aktiviteter' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Användare' }), 'Bo Berg');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(bo.length));
    // Every person seen so far stays offered while the list shows one of them.
    expect(within(screen.getByRole('combobox', { name: 'Användare' })).getAllByRole('option').length).toBeGreaterThan(2);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Händelse' }), 'Arbetsflöde kört');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/audit-activities?userId=u2&action=workflow_executed&limit=50')).toBe(true));
    expect(screen.getByRole('link', { name: 'Exportera CSV' })).toHaveAttribute(
      'href',
      '/api/audit-activities.csv?limit=10000&userId=u2&action=workflow_executed',
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Sök i aktiviteter' }), 'inget sådant');
    expect(await screen.findByText('Inga aktiviteter hittades')).toBeInTheDocument();
    expect(screen.getByText('Försök ändra dina sökvillkor eller filter.')).toBeInTheDocument();
  });

  it('shows the empty state when there is no activity', async () => {
    mockApi({ [PATH]: () => json(200, page([])) });
    renderWithQueryClient(<AuditTrailScreen />);
    expect(await screen.findByText('Inga aktiviteter hittades')).toBeInTheDocument();
  });

  it("says 'Failed to fetch audit trail' in English when the call fails", async () => {
    await i18n.changeLanguage('en');
    mockApi({ [PATH]: () => json(500, { error: 'Database unavailable', code: 'internal' }) });
    renderWithQueryClient(<AuditTrailScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch audit trail');
    expect(alert).toHaveTextContent('Database unavailable');
  });
});
