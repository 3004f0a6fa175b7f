// What each role is offered on workflows (the shared permission table through useCan): a plain user may
// change only the workflows they created and sees a colleague's pause/start, details, delete, steps,
// schedule and webhook disabled with the reason; a superuser and an admin may change any of them.
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@shared/permissions';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi, page } from '@/test/api-mock';
import { aWorkflow } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { aWorkflowDetail, WORKFLOW_ID } from '../test-fixtures';

// The real router renders these; its first render loads the route modules, slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
});

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

const COLLEAGUE = 'c0000000-0000-4000-8000-00000000000c';
const REASON_SV = 'Bara den som skapade arbetsflödet, en superanvändare eller en administratör kan ändra det.';
const REASON_EN = 'Only the person who created the workflow, a superuser or an administrator can change it.';

const signedInAs = (role: Role) => () => json(200, { ...demoUser, role });

function openList(role: Role) {
  mockApi({
    'GET /api/user': signedInAs(role),
    'GET /api/workflows?limit=30': () =>
      json(200, page([
        aWorkflow({ name: 'Kollegans flöde', createdBy: COLLEAGUE }),
        aWorkflow({ id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'Mitt flöde', createdBy: demoUser.id }),
      ])),
  });
  renderApp('/workflows');
}

function openEditor(role: Role) {
  mockApi({
    'GET /api/user': signedInAs(role),
    [`GET /api/workflows/${WORKFLOW_ID}`]: () => json(200, aWorkflowDetail({ createdBy: COLLEAGUE })),
  });
  renderApp(`/workflows/${WORKFLOW_ID}`);
  return screen.findByRole('heading', { level: 1, name: 'Fakturahantering' });
}

describe('the workflow list per role', () => {
  it("a user sees a colleague's pause, details and delete disabled with the reason, and their own enabled", async () => {
    openList('user');
    const colleague = await screen.findByRole('article', { name: 'Kollegans flöde' });
    const pause = within(colleague).getByRole('button', { name: 'Pausa Kollegans flöde' });
    expect(pause).toBeDisabled();
    expect(pause).toHaveAccessibleDescription(REASON_SV);
    expect(within(colleague).getByRole('button', { name: 'Redigera Kollegans flöde' })).toBeDisabled();
    expect(colleague).toHaveTextContent(REASON_SV);

    await userEvent.click(within(colleague).getByRole('button', { name: 'Åtgärder för Kollegans flöde' }));
    const menu = await screen.findByRole('menu');
    for (const name of ['Redigera', 'Pausa', 'Ta bort']) {
      expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    for (const name of ['Kör nu', 'Duplicera', 'Statistik']) {
      expect(within(menu).getByRole('menuitem', { name })).not.toHaveAttribute('aria-disabled');
    }
    expect(menu).toHaveTextContent(REASON_SV);
    await userEvent.keyboard('{Escape}');

    const own = screen.getByRole('article', { name: 'Mitt flöde' });
    expect(within(own).getByRole('button', { name: 'Pausa Mitt flöde' })).toBeEnabled();
    expect(own).not.toHaveTextContent(REASON_SV);
  });

  it.each(['superuser', 'admin'] as const)("a %s may pause and edit a colleague's workflow", async (role) => {
    openList(role);
    const colleague = await screen.findByRole('article', { name: 'Kollegans flöde' });
    expect(within(colleague).getByRole('button', { name: 'Pausa Kollegans flöde' })).toBeEnabled();
    expect(within(colleague).getByRole('button', { name: 'Redigera Kollegans flöde' })).toBeEnabled();
    expect(colleague).not.toHaveTextContent(REASON_SV);
  });

  it('gives the reason in English', async () => {
    await i18n.changeLanguage('en');
    openList('user');
    const colleague = await screen.findByRole('article', { name: 'Kollegans flöde' });
    expect(colleague).toHaveTextContent(REASON_EN);
  });
});

describe("the editor of a colleague's workflow per role", () => {
  it('is read-only for a user, with the reason, who may still test-run it', async () => {
    await openEditor('user');
    expect(screen.getByText('Du kan se och testköra arbetsflödet, men inte ändra det.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Spara' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lägg till steg' })).not.toBeInTheDocument();
    const details = screen.getByRole('button', { name: 'Redigera uppgifter' });
    expect(details).toBeDisabled();
    expect(details).toHaveAccessibleDescription(REASON_SV);
    expect(screen.getByRole('button', { name: 'Redigera steg 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Spara schema' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Skapa webhook' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Testkör' })).toBeEnabled();
  });

  it.each(['superuser', 'admin'] as const)('is editable for a %s', async (role) => {
    await openEditor(role);
    expect(screen.queryByText('Du kan se och testköra arbetsflödet, men inte ändra det.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redigera uppgifter' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Redigera steg 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Spara schema' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Skapa webhook' })).toBeEnabled();
  });
});

describe('admin-only screens per role', () => {
  it.each(['user', 'superuser'] as const)('a %s is refused user management and not offered it in the sidebar', async (role) => {
    mockApi({ 'GET /api/user': signedInAs(role) });
    renderApp('/user-management');
    expect(await screen.findByText('Åtkomst nekad')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Användarhantering/ })).not.toBeInTheDocument();
  });
});
