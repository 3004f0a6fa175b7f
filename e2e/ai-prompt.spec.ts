// AI decisions and people in the loop over the real stack, in both languages: a new company's workflow
// (open a page, read its heading, wait) gets an AI decision in the prompt editor (prompt from an example,
// the heading as its input, threshold 90), saved as a new version; a run of it reaches the decision, the
// test stack's AI (dev/lib/ai-stub.ts: the first option at 80 %) is below the threshold, so the run pauses
// with a task, counted in the sidebar and listed in flow management with the AI's suggestion; the person
// picks the other option (end the run), the run completes there, and the audit trail shows the AI's
// decision and the person's.
import { expect, type Page, test } from '@playwright/test';
import { callApi, registerCompany, useLanguage } from './support/session';

const APP_URL = process.env.APP_URL ?? 'http://localhost:3000';

const T = {
  sv: {
    title: 'AI-promptredigerare',
    workflow: 'Arbetsflöde',
    addAfter: 'Lägg till AI-beslut efter steg 2',
    example: 'Använd exempel: Villkorslogik',
    instructions: 'Instruktioner till AI:n',
    inputs: 'Indata som skickas till AI:n',
    slider: /Lägsta säkerhet för automatiska beslut/,
    threshold90: 'Lägsta säkerhet för automatiska beslut: 90 %',
    save: 'Spara prompt',
    saved: 'Prompten sparad',
    aiBadge: 'AI-styrd',
    nav: 'Flödesstatus, 1 väntar på beslut',
    waiting: 'Väntar på ett beslut',
    handover: 'AI:n var mindre säker än stegets tröskel.',
    suggestion: 'Ja (80 % säker)',
    decideNo: 'Välj Nej för AI-beslut',
    decided: 'Beslut sparat',
    aiAction: 'AI-beslut',
    personAction: 'Beslut av person',
    activities: 'Aktiviteter',
  },
  en: {
    title: 'AI prompt editor',
    workflow: 'Workflow',
    addAfter: 'Add an AI decision after step 2',
    example: 'Use example: Conditional logic',
    instructions: 'Instructions for the AI',
    inputs: 'Inputs sent to the AI',
    slider: /Minimum confidence for automatic decisions/,
    threshold90: 'Minimum confidence for automatic decisions: 90%',
    save: 'Save prompt',
    saved: 'Prompt saved',
    aiBadge: 'AI-driven',
    nav: 'Workflow status, 1 waiting for a decision',
    waiting: 'Waiting for a decision',
    handover: "The AI was less confident than the step's threshold.",
    suggestion: 'Yes (80% confident)',
    decideNo: 'Choose No for AI decision',
    decided: 'Decision saved',
    aiAction: 'AI decision',
    personAction: 'Decision by a person',
    activities: 'Activities',
  },
} as const;

async function runStatus(page: Page, runId: string): Promise<string> {
  return ((await (await callApi(page, 'GET', `/api/runs/${runId}`)).json()) as { status: string }).status;
}

for (const language of ['sv', 'en'] as const) {
  test(`an AI decision edited in the prompt editor hands an unsure case to a person, who decides it in flow management (${language})`, async ({ page }) => {
    test.setTimeout(150_000);
    const t = T[language];
    await useLanguage(page, language);
    await registerCompany(page);
    const name = `AI-flöde ${language} ${Date.now().toString(36)}`;
    const created = await callApi(page, 'POST', '/api/workflows', { name });
    expect(created.status(), await created.text()).toBe(201);
    const workflowId = ((await created.json()) as { id: string }).id;
    const saved = await callApi(page, 'PUT', `/api/workflows/${workflowId}/definition`, {
      definition: {
        version: 1,
        steps: [
          { id: 'open', type: 'navigate', description: 'Öppna startsidan', url: `${APP_URL}/landing` },
          { id: 'read', type: 'extract', description: 'Läs rubriken', selectors: ['h1'], variable: 'heading' },
          { id: 'end', type: 'wait', description: 'Vänta', ms: 10 },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect((await callApi(page, 'PUT', `/api/workflows/${workflowId}`, { status: 'active' })).status()).toBe(200);

    // The prompt editor on that workflow: add a decision after step 2 and save it.
    await page.goto('/ai-prompt');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await page.getByLabel(t.workflow, { exact: true }).selectOption({ label: name });
    const stepButton = (n: number) => page.getByRole('button', { name: new RegExp(`^(Steg|Step) ${n}`) });
    await stepButton(2).click();
    await page.getByRole('button', { name: t.addAfter }).click();
    await page.getByRole('button', { name: t.example }).click();
    await expect(page.getByLabel(t.instructions, { exact: true })).toHaveValue(/10 000/);
    await page.getByLabel(t.inputs, { exact: true }).fill('var.heading');
    await page.getByRole('slider', { name: t.slider }).fill('90');
    await expect(page.getByText(t.threshold90, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved).first()).toBeVisible();
    await expect(stepButton(3)).toContainText(t.aiBadge);
    const detail = (await (await callApi(page, 'GET', `/api/workflows/${workflowId}`)).json()) as {
      currentVersion: number;
      definition: { steps: Array<{ type: string; threshold?: number; inputs?: string[] }> };
    };
    expect(detail.currentVersion).toBe(2);
    expect(detail.definition.steps.map((s) => s.type)).toEqual(['navigate', 'extract', 'ai_decision', 'wait']);
    expect(detail.definition.steps[2]).toMatchObject({ threshold: 90, inputs: ['var.heading'] });

    // Run it: the AI answers below the threshold, the run waits for a person.
    const started = await callApi(page, 'POST', `/api/workflows/${workflowId}/run`, {});
    expect(started.status(), await started.text()).toBe(202);
    const runId = ((await started.json()) as { executionId: string }).executionId;
    await expect.poll(() => runStatus(page, runId), { timeout: 60_000 }).toBe('paused');

    await page.goto('/workflow-execution');
    await expect(page.getByRole('link', { name: t.nav })).toBeVisible({ timeout: 35_000 });
    const section = page.getByRole('region', { name: t.waiting });
    const task = section.getByRole('article').first();
    await expect(task).toContainText(name);
    await expect(task).toContainText(t.handover);
    await expect(task).toContainText(t.suggestion);
    await expect(task).toContainText('heading');
    await task.getByRole('button', { name: t.decideNo }).click();
    await expect(page.getByText(t.decided).first()).toBeVisible();
    await expect(section).toHaveCount(0);

    // "No" stops the run there for review (never "completed"), the wait step skipped.
    await expect.poll(() => runStatus(page, runId), { timeout: 30_000 }).toBe('stopped');
    const run = (await (await callApi(page, 'GET', `/api/runs/${runId}`)).json()) as {
      aiConfidence: number;
      errorType: string;
      steps: Array<{ stepType: string; status: string; decision: { choice: string; label: string; by: string; details?: { ai?: { model: string } } } | null }>;
    };
    expect(run.aiConfidence).toBe(80);
    expect(run.errorType).toBe('stopped_by_decision');
    // Attempt 1 let go of the run to wait for the person (its decision step skipped); the decision started attempt
    // 2 there, which took the person's "no" without asking the model again.
    expect(run.steps.filter((s) => s.stepType === 'ai_decision').map((s) => s.status)).toEqual(['skipped', 'passed']);
    const decision = run.steps.findLast((s) => s.stepType === 'ai_decision');
    expect(decision?.decision).toMatchObject({ choice: 'no', label: expect.any(String), by: 'person', details: { ai: { model: 'kollega-stub' } } });
    expect(run.steps.findLast((s) => s.stepType === 'wait')?.status).toBe('skipped');

    // The audit trail: the AI's decision (handed over) and the person's.
    await page.goto('/audit-trail');
    const list = page.getByRole('list', { name: t.activities });
    await expect(list.getByRole('listitem').filter({ hasText: t.personAction }).first()).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: t.aiAction }).first()).toContainText(name);
  });
}
