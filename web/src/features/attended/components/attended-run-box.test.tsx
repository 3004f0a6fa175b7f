// A run in a person's own browser on its page (/workflow-execution/$runId): a paused one says why in the person's
// words and what to do, and offers "Fortsätt i min webbläsare" (a new connection from the api, handed to the
// extension) instead of Resume, which the api refuses for it; a waiting one says it waits for a browser; a login
// step under way tells the person to sign in in the tab. In Swedish and in English.
import { ATTENDED_PAUSE_REASONS, type AttendedPauseReason, type RunDetail } from '@shared/types/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aRunDetail, aRunStep } from '@/features/workflows/test-fixtures';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { extensionRouteTests } from '@/test/recorder-extension';
import { renderApp } from '@/test/render-app';

const installExtension = extensionRouteTests();

const paused = (pauseReason: AttendedPauseReason) =>
  aRunDetail({ id: 'run-22', workflowName: 'Betala leverantörer', mode: 'attended', attendedBy: demoUser.id, status: 'paused', pauseReason, trigger: 'manual' });

async function openRun(run: RunDetail, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/user': () => json(200, demoUser),
    [`GET /api/runs/${run.id}`]: () => json(200, run),
    'GET /api/runs/changes': () => json(200, { cursor: '2025-03-14 09:00:01+00' }),
    ...routes,
  });
  renderApp(`/workflow-execution/${run.id}`);
  await screen.findByRole('heading', { level: 1, name: run.workflowName }, { timeout: 20_000 });
  return api;
}

const SV: Record<AttendedPauseReason, string> = {
  canceled_by_user: 'Du avbröt felsökningen i Chrome',
  tab_closed: 'Fliken stängdes',
  taken_over: 'Du tog över fliken med musen eller tangentbordet',
  extension_restarted: 'Tillägget startades om',
  disconnected: 'Anslutningen till fliken bröts, till exempel när utvecklarverktygen öppnades',
  login_timeout: 'Ingen loggade in i tid',
};

describe('a paused run in a person\'s browser', () => {
  it('says why it paused and continues it in the browser, not on the servers (sv)', async () => {
    const extension = installExtension();
    const { calls } = await openRun(paused('canceled_by_user'), {
      'POST /api/runs/run-22/attended': () => json(200, { runId: 'run-22', relayUrl: 'ws://127.0.0.1:1/attended', token: 't2', expiresAt: '2026-11-26T22:00:00Z' }),
    });
    const box = screen.getByText('Körningen är pausad i din webbläsare').closest('[role="status"]') as HTMLElement;
    expect(box).toHaveTextContent('Du avbröt felsökningen i Chrome');
    expect(box).toHaveTextContent('Du tryckte på Avbryt på Chromes rad om felsökning.');
    const actions = screen.getByRole('group', { name: 'Åtgärder för Betala leverantörer' });
    expect(within(actions).queryByRole('button', { name: 'Fortsätt' })).not.toBeInTheDocument();
    await userEvent.click(within(actions).getByRole('button', { name: 'Fortsätt i min webbläsare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fortsätt ”Betala leverantörer” i min webbläsare' });
    expect(dialog).toHaveTextContent('Välj fliken där körningen var');
    extension.emit({ type: 'attended-tabs', tabs: [{ id: 5, title: 'Banken', url: 'https://bank.example.se/' }] });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Banken/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fortsätt' }));
    await waitFor(() => expect(extension.commands.at(-1)).toEqual({ type: 'attended-start', relayUrl: 'ws://127.0.0.1:1/attended', token: 't2', tabId: 5 }));
    extension.emit({ type: 'attended-started', runId: 'run-22', tabId: 5 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/runs/run-22/attended']);
  });

  it('names every pause reason in both languages', async () => {
    for (const reason of ATTENDED_PAUSE_REASONS) expect(i18n.t(`attended:pause_reason.${reason}`)).toBe(SV[reason]);
    await i18n.changeLanguage('en');
    for (const reason of ATTENDED_PAUSE_REASONS) {
      const text = i18n.t(`attended:pause_reason.${reason}`);
      expect(text).not.toBe(`pause_reason.${reason}`);
      expect(text).not.toBe(SV[reason]);
      expect(i18n.t(`attended:pause_advice.${reason}`)).not.toBe(`pause_advice.${reason}`);
    }
    await openRun(paused('extension_restarted'));
    expect(screen.getByText('The run is paused in your browser')).toBeInTheDocument();
    expect(screen.getByText('The extension restarted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue in my browser' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });

  it('says a waiting run waits for a browser and offers to continue it there', async () => {
    await openRun(aRunDetail({ id: 'run-23', workflowName: 'Väntar', mode: 'attended', status: 'pending' }));
    expect(screen.getByText('Körningen väntar på en webbläsare')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fortsätt i min webbläsare' })).toBeInTheDocument();
  });

  it('tells the person to sign in in the tab while a login step is open (en)', async () => {
    await i18n.changeLanguage('en');
    const signingIn = aRunDetail({
      id: 'run-24',
      workflowName: 'Pay with BankID',
      mode: 'attended',
      status: 'running',
      steps: [aRunStep({ id: 'x1', stepType: 'login', description: 'Sign in with BankID', status: 'running', finishedAt: null })],
    });
    await openRun(signingIn);
    expect(screen.getByText('Sign in in the tab')).toBeInTheDocument();
    expect(screen.getByText(/waiting for you to sign in in the tab in the Kollega group: Sign in with BankID\./)).toBeInTheDocument();
  });

  it('shows nothing of it for a paused run on the servers, which is resumed as before', async () => {
    await openRun(aRunDetail({ id: 'run-25', workflowName: 'På servern', status: 'paused' }));
    expect(screen.queryByText('Körningen är pausad i din webbläsare')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fortsätt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fortsätt i min webbläsare' })).not.toBeInTheDocument();
  });
});
