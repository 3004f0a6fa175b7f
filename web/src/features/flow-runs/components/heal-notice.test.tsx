// A heal on a run step (docs/automation.md "Confirming a candidate and heals"): what happened in plain words,
// one click to save it as the workflow's new version for those who may, and why not for others.
import type { RunStepHeal } from '@shared/types/api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi } from '@/test/api-mock';
import { renderWithQueryClient } from '@/test/render';
import { HealNotice } from './heal-notice';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const heal: RunStepHeal = {
  reason: 'confirmed',
  score: 0.7,
  threshold: 0.9,
  candidate: { describe: 'button "Spara ändringar"', tag: 'button', role: 'button', name: 'Spara ändringar', selectors: ['aria/Spara ändringar[role="button"]'] },
  oldSelectors: ['#save'],
  newSelectors: ['aria/Spara ändringar[role="button"]', '#save'],
  decidedByName: 'Maja Medlem',
  proposal: 'open',
  canApply: true,
};

describe('HealNotice', () => {
  it('says who confirmed the element, saves the new version in one click, and can undo it', async () => {
    const { calls } = mockApi({
      'POST /api/runs/r1/steps/rs1/heal': () => json(201, { workflowId: 'w1', version: 3, previousVersion: 2 }),
      'POST /api/workflows/w1/versions/2/restore': () => json(201, { version: 4, definition: { version: 1, steps: [] } }),
    });
    renderWithQueryClient(<HealNotice runId="r1" stepResultId="rs1" heal={heal} />);
    const notice = screen.getByRole('region', { name: 'Kollega hittade knappen ”Spara ändringar” på ett nytt sätt' });
    expect(notice).toHaveTextContent('Maja Medlem bekräftade att det var rätt');
    expect(notice).toHaveTextContent('Den tidigare versionen finns kvar.');
    await userEvent.click(screen.getByRole('button', { name: 'Uppdatera arbetsflödet' }));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/runs/r1/steps/rs1/heal')).toBe(true);
    expect(await screen.findByText('Version 3 sparad. Version 2 finns kvar.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ångra: återställ version 2' }));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/workflows/w1/versions/2/restore')).toBe(true);
    expect(await screen.findByText('Version 2 gäller igen, sparad som version 4.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ångra: återställ version 2' })).not.toBeInTheDocument();
  });

  it('offers nothing to those who may not edit, nor once applied; speaks English', async () => {
    await i18n.changeLanguage('en');
    const first = renderWithQueryClient(<HealNotice runId="r1" stepResultId="rs1" heal={{ ...heal, reason: 'healed', score: 0.93, canApply: false }} />);
    expect(screen.getByRole('region', { name: 'Kollega found the button “Spara ändringar” in a new way' })).toHaveTextContent('looked so much like the recorded one (93 %)');
    expect(screen.getByText("The workflow's owner, a superuser or an administrator can update it.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update the workflow' })).not.toBeInTheDocument();
    first.unmount();
    renderWithQueryClient(<HealNotice runId="r1" stepResultId="rs1" heal={{ ...heal, proposal: 'applied', canApply: false }} />);
    expect(screen.getByText('The workflow already uses the new way.')).toBeInTheDocument();
  });
});
