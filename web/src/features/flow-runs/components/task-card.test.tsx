// The element confirmation task card (docs/automation.md "Confirming a candidate and heals") in Swedish and
// English: the page with the suggestion outlined, the question, the element in plain words, its likeness, why a
// person is asked, the technical detail behind Detaljer, and Ja / Nej deciding the task.
import type { HumanTask, TaskCandidate } from '@shared/types/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi } from '@/test/api-mock';
import { aTask } from '@/test/fixtures';
import { renderWithQueryClient } from '@/test/render';
import { TaskCard } from './task-card';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const candidate: TaskCandidate = {
  describe: 'button "Spara ändringar"',
  tag: 'button',
  role: 'button',
  name: 'Spara ändringar',
  row: 'Faktura 1043',
  selectors: ['aria/Spara ändringar[role="button"]', '#save-changes'],
  score: 0.697,
  threshold: 0.9,
  why: 'below_threshold',
  errorType: 'element_not_found',
  errorMessage: 'no element matched any of the 2 selectors within 2500 ms (#save, aria/Spara[role="button"])',
};

function anElementTask(overrides: Partial<HumanTask> = {}): HumanTask {
  return aTask({
    id: 'te1',
    kind: 'element_confirmation',
    title: 'Klicka på Spara',
    instructions: candidate.errorMessage,
    inputs: {},
    options: [
      { value: 'yes', label: 'Ja, det är rätt' },
      { value: 'no', label: 'Nej' },
    ],
    suggestion: null,
    confidence: null,
    reason: null,
    handoverReason: 'below_threshold',
    candidate,
    hasScreenshot: true,
    ...overrides,
  });
}

describe('TaskCard: element confirmation', () => {
  it('shows the outlined page, the question and the suggestion in plain Swedish; "Ja, det är rätt" decides yes', async () => {
    const { calls } = mockApi({ 'POST /api/tasks/te1/decide': () => json(200, anElementTask({ status: 'decided', decidedChoice: 'yes', decidedByName: 'Maja' })) });
    renderWithQueryClient(<TaskCard task={anElementTask()} />);
    const card = screen.getByRole('article', { name: 'Klicka på Spara' });
    expect(card).toHaveTextContent('Sidan har ändrats');
    expect(card).toHaveTextContent('Sidan ser inte ut som när arbetsflödet spelades in. Är det inringade rätt för steget ”Klicka på Spara”?');
    const image = within(card).getByRole('img', { name: 'Sidan som körningen såg den, med förslaget inringat: Knappen ”Spara ändringar”' });
    expect(image).toHaveAttribute('src', '/api/tasks/te1/screenshot');
    expect(card).toHaveTextContent('Kollegas förslagKnappen ”Spara ändringar”');
    expect(card).toHaveTextContent('På radenFaktura 1043');
    expect(card).toHaveTextContent('Likhet med inspelningen70 %');
    expect(card).toHaveTextContent('Förslaget liknar inte det inspelade tillräckligt');
    // the AI's wording is not used for an element
    expect(card).not.toHaveTextContent('AI:n');
    const details = within(card).getByText('Detaljer').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent('Poäng 0.70 (tröskel 0.90)');
    expect(details).toHaveTextContent('#save-changes');
    expect(within(card).getByRole('button', { name: 'Nej, inte rätt för Klicka på Spara' })).toHaveTextContent('Nej');
    await userEvent.click(within(card).getByRole('button', { name: 'Ja, det är rätt för Klicka på Spara' }));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/tasks/te1/decide')?.body).toEqual({ choice: 'yes' });
    expect(await screen.findByText('Körningen fortsätter med ”Ja, det är rätt”.')).toBeInTheDocument();
  });

  it('"Nej" decides no', async () => {
    const { calls } = mockApi({ 'POST /api/tasks/te1/decide': () => json(200, anElementTask({ status: 'decided', decidedChoice: 'no' })) });
    renderWithQueryClient(<TaskCard task={anElementTask()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Nej, inte rätt för Klicka på Spara' }));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/tasks/te1/decide')?.body).toEqual({ choice: 'no' });
  });

  it('speaks English, and says why a critical step always asks', async () => {
    await i18n.changeLanguage('en');
    renderWithQueryClient(<TaskCard task={anElementTask({ candidate: { ...candidate, why: 'critical', row: undefined }, handoverReason: 'critical' })} />);
    const card = screen.getByRole('article', { name: 'Klicka på Spara' });
    expect(card).toHaveTextContent('The page has changed');
    expect(card).toHaveTextContent('Is the outlined element right for the step “Klicka på Spara”?');
    expect(within(card).getByRole('img', { name: 'The page as the run saw it, with the suggestion outlined: The button “Spara ändringar”' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Likeness to the recording70 %');
    expect(card).toHaveTextContent('The step does something hard to undo');
    expect(card).not.toHaveTextContent('In the row');
    expect(within(card).getByText('Details')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: "Yes, that's right for Klicka på Spara" })).toHaveTextContent("Yes, that's right");
    expect(within(card).getByRole('button', { name: 'No, not right for Klicka på Spara' })).toHaveTextContent('No');
  });

  it('a decided task says who answered what, in the reader\'s language', async () => {
    await i18n.changeLanguage('en');
    renderWithQueryClient(<TaskCard task={anElementTask({ status: 'decided', decidedChoice: 'yes', decidedByName: 'Maja Medlem' })} />);
    expect(screen.getByRole('article', { name: 'Klicka på Spara' })).toHaveTextContent("Yes, that's right");
    expect(screen.queryByRole('button', { name: /Yes/ })).not.toBeInTheDocument();
  });
});

describe('TaskCard: who may decide', () => {
  it('says which roles may decide and that the starter may not; someone allowed decides', async () => {
    const { calls } = mockApi({ 'POST /api/tasks/t1/decide': () => json(200, aTask({ status: 'decided', decidedChoice: 'approve' })) });
    renderWithQueryClient(<TaskCard task={aTask({ approvers: { roles: ['admin', 'superuser'], notStarter: true } })} />);
    const card = screen.getByRole('article', { name: 'Attestera fakturan?' });
    expect(card).toHaveTextContent('Kan beslutas av: Administratör eller Superanvändare, men inte av den som startade körningen');
    await userEvent.click(within(card).getByRole('button', { name: 'Välj Attestera för Attestera fakturan?' }));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/tasks/t1/decide')?.body).toEqual({ choice: 'approve' });
  });

  it('disables the buttons with the reason for a role that may not decide', () => {
    renderWithQueryClient(<TaskCard task={aTask({ approvers: { roles: ['admin'] }, canDecide: false, cannotDecideReason: 'role' })} />);
    const card = screen.getByRole('article', { name: 'Attestera fakturan?' });
    expect(card).toHaveTextContent('Kan beslutas av: Administratör');
    for (const name of ['Välj Attestera för Attestera fakturan?', 'Välj Till chefen för Attestera fakturan?']) {
      const button = within(card).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Du kan inte besluta här: din roll får inte besluta i den här uppgiften.');
    }
  });

  it('tells the person who started the run that someone else confirms, in English', async () => {
    await i18n.changeLanguage('en');
    renderWithQueryClient(
      <TaskCard task={aTask({ kind: 'manual_step', options: [], approvers: { notStarter: true }, canDecide: false, cannotDecideReason: 'starter' })} />,
    );
    const card = screen.getByRole('article', { name: 'Attestera fakturan?' });
    expect(card).toHaveTextContent('Can be decided by: anyone in the organisation, but not by the person who started the run');
    const done = within(card).getByRole('button', { name: 'Mark Attestera fakturan? as done' });
    expect(done).toBeDisabled();
    expect(done).toHaveAccessibleDescription('You cannot decide this: you started the run, so someone else confirms.');
  });

  it('says nothing about approvers when any member may decide', () => {
    renderWithQueryClient(<TaskCard task={aTask()} />);
    expect(screen.getByRole('article', { name: 'Attestera fakturan?' })).not.toHaveTextContent('Kan beslutas av');
    expect(screen.getByRole('button', { name: 'Välj Attestera för Attestera fakturan?' })).toBeEnabled();
  });
});
