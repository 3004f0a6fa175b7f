// The AI prompt editor: sample steps and badges, the editor, saving (client-side), examples, model panel.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { demoUser, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

async function renderEditor() {
  const api = mockApi({ 'GET /api/user': () => json(200, demoUser) });
  renderApp('/ai-prompt');
  await screen.findByRole('heading', { level: 1, name: 'AI-promptredigerare' });
  return api;
}

const stepButton = (n: number) => screen.getByRole('button', { name: new RegExp(`^Steg ${n}`) });

describe('AI prompt editor', () => {
  it('lists three steps with number, action, selector and badge, and asks to pick one', async () => {
    await renderEditor();
    expect(stepButton(1)).toHaveTextContent('Standard');
    expect(stepButton(1)).toHaveTextContent('a#supplier-portal-login');
    expect(stepButton(2)).toHaveTextContent('AI-styrd');
    expect(stepButton(3)).toHaveTextContent('Registrera fakturan i ekonomisystemet');
    expect(screen.getByText('Välj ett steg')).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });

  it('edits a prompt with a 6-row textarea and a 1–100 slider at 95, and saving makes the step AI-styrd', async () => {
    const { calls } = await renderEditor();
    fireEvent.click(stepButton(1));
    const textarea = screen.getByLabelText('Instruktioner till AI:n');
    expect(textarea).toHaveAttribute('rows', '6');
    const slider = screen.getByRole('slider', { name: /Lägsta säkerhet för automatiska beslut: 95 %/ });
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '100');
    expect(slider).toHaveValue('95');
    expect(screen.getByRole('button', { name: 'Spara prompt' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Använd exempel: Felhantering' }));
    expect((textarea as HTMLTextAreaElement).value).toContain('10 sekunder');
    fireEvent.change(slider, { target: { value: '80' } });
    expect(screen.getByText('Lägsta säkerhet för automatiska beslut: 80 %')).toBeInTheDocument();
    const callsBefore = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Spara prompt' }));
    expect(stepButton(1)).toHaveTextContent('AI-styrd');
    expect(await screen.findByText('Prompten sparad')).toBeInTheDocument();
    expect(calls.length).toBe(callsBefore);
    fireEvent.click(stepButton(3));
    fireEvent.click(stepButton(1));
    expect((screen.getByLabelText('Instruktioner till AI:n') as HTMLTextAreaElement).value).toContain('10 sekunder');
    expect(screen.getByRole('slider')).toHaveValue('80');
  });

  it('offers the three example texts', async () => {
    await renderEditor();
    fireEvent.click(stepButton(2));
    expect((screen.getByLabelText('Instruktioner till AI:n') as HTMLTextAreaElement).value).toContain('10000');
    fireEvent.click(screen.getByRole('button', { name: 'Använd exempel: Datavalidering' }));
    expect((screen.getByLabelText('Instruktioner till AI:n') as HTMLTextAreaElement).value).toContain('1-100000');
    expect(screen.getByRole('button', { name: 'Använd exempel: Villkorslogik' })).toBeInTheDocument();
  });

  it('shows the model panel figures', async () => {
    await renderEditor();
    const panel = screen.getByRole('heading', { name: 'AI-modell' }).closest('section') as HTMLElement;
    expect(panel).toHaveTextContent('GPT-4o');
    expect(panel).toHaveTextContent('94 %');
    expect(panel).toHaveTextContent('senaste 100 besluten');
    expect(within(panel).getByText('247')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /api/user': () => json(200, demoUser) });
    renderApp('/ai-prompt');
    expect(await screen.findByText('Choose a step')).toBeInTheDocument();
  });
});
