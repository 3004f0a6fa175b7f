// Every step type reads as a sentence about what a person sees, in Swedish and English (issue 24): the
// element's name and kind from the recording's fingerprint or the selectors that name it, a select's option
// by its text, a checkbox ticked or not, a wait in seconds; never a selector.
import { STEP_TYPES, type Step } from '@shared/schemas/definition';
import { screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithQueryClient } from '@/test/render';
import { StepList } from './step-list';

const noop = () => undefined;

type Case = { step: Step; sv: string; en: string };

const CASES: Case[] = [
  { step: { id: 'a', type: 'navigate', description: '', url: 'https://portal.example.se/leverantorer' }, sv: 'Gå till https://portal.example.se/leverantorer', en: 'Go to https://portal.example.se/leverantorer' },
  {
    step: { id: 'b', type: 'click', description: '', selectors: ['#save', 'form > button'], fingerprint: { tag: 'button', role: 'button', name: 'Spara leverantör' } },
    sv: 'Klicka på knappen ”Spara leverantör”',
    en: 'Click the “Spara leverantör” button',
  },
  { step: { id: 'c', type: 'click', description: '', selectors: ['aria/Fakturor[role="link"]'] }, sv: 'Klicka på länken ”Fakturor”', en: 'Click the “Fakturor” link' },
  { step: { id: 'd', type: 'click', description: '', selectors: ['div.x > span:nth-child(3)'] }, sv: 'Klicka på ett element på sidan', en: 'Click an element on the page' },
  { step: { id: 'e', type: 'doubleClick', description: '', selectors: ['text/Rad 4'] }, sv: 'Dubbelklicka på ”Rad 4”', en: 'Double-click “Rad 4”' },
  {
    step: { id: 'f', type: 'change', description: '', selectors: ['aria/Leverantörsnamn[role="textbox"]'], value: 'Byggbolaget AB' },
    sv: 'Fyll i ”Leverantörsnamn” med ”Byggbolaget AB”',
    en: 'Fill in “Leverantörsnamn” with “Byggbolaget AB”',
  },
  {
    step: {
      id: 'g',
      type: 'change',
      description: '',
      selectors: ['#terms'],
      fingerprint: { tag: 'select', role: 'combobox', name: 'Betalningsvillkor' },
      value: '30',
      control: 'select',
      choices: [
        { value: '10', label: '10 dagar' },
        { value: '30', label: '30 dagar' },
      ],
    },
    sv: 'Välj ”30 dagar” i ”Betalningsvillkor”',
    en: 'Choose “30 dagar” in “Betalningsvillkor”',
  },
  {
    step: { id: 'h', type: 'change', description: '', selectors: ['aria/Godkänd för F-skatt[role="checkbox"]'], value: 'true' },
    sv: 'Kryssa i ”Godkänd för F-skatt”',
    en: 'Tick “Godkänd för F-skatt”',
  },
  {
    step: { id: 'h2', type: 'change', description: '', selectors: ['#f'], fingerprint: { name: 'Godkänd för F-skatt' }, control: 'checkbox', value: 'false' },
    sv: 'Kryssa ur ”Godkänd för F-skatt”',
    en: 'Untick “Godkänd för F-skatt”',
  },
  {
    step: { id: 'h3', type: 'change', description: '', selectors: ['#r'], fingerprint: { name: 'Faktura via e-post' }, control: 'radio', value: 'true' },
    sv: 'Välj ”Faktura via e-post”',
    en: 'Choose “Faktura via e-post”',
  },
  {
    step: { id: 'i', type: 'change', description: '', selectors: ['aria/Lösenord[role="textbox"]'], value: '{{secret.PORTAL_PASSWORD}}' },
    sv: 'Fyll i ”Lösenord” med hemligheten PORTAL_PASSWORD',
    en: 'Fill in “Lösenord” with the secret PORTAL_PASSWORD',
  },
  { step: { id: 'j', type: 'keyDown', description: '', key: 'Enter' }, sv: 'Tryck ned tangenten Enter', en: 'Press the Enter key' },
  { step: { id: 'k', type: 'keyUp', description: '', key: 'Enter' }, sv: 'Släpp tangenten Enter', en: 'Release the Enter key' },
  { step: { id: 'l', type: 'hover', description: '', selectors: ['aria/Meny[role="button"]'] }, sv: 'Håll muspekaren över knappen ”Meny”', en: 'Hover over the “Meny” button' },
  { step: { id: 'm', type: 'scroll', description: '', x: 0, y: 400 }, sv: 'Skrolla på sidan', en: 'Scroll the page' },
  { step: { id: 'n', type: 'waitForElement', description: '', selectors: ['text/Sparat'] }, sv: 'Vänta tills ”Sparat” syns', en: 'Wait until “Sparat” appears' },
  { step: { id: 'o', type: 'waitForExpression', description: '', expression: 'document.readyState === "complete"' }, sv: 'Vänta tills ett villkor på sidan är uppfyllt', en: 'Wait until a condition on the page is met' },
  { step: { id: 'p', type: 'close', description: '' }, sv: 'Stäng fönstret', en: 'Close the window' },
  { step: { id: 'q', type: 'emulateNetworkConditions', description: '', download: 1000, upload: 1000, latency: 40 }, sv: 'Simulera en långsammare nätverksanslutning', en: 'Simulate a slower network connection' },
  {
    step: { id: 'r', type: 'setViewport', description: '', width: 1280, height: 720, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
    sv: 'Ändra fönstrets storlek till 1280 × 720 pixlar',
    en: 'Resize the window to 1280 × 720 pixels',
  },
  { step: { id: 's', type: 'wait', description: '', ms: 3000 }, sv: 'Vänta 3 sekunder', en: 'Wait 3 seconds' },
  { step: { id: 's2', type: 'wait', description: '', ms: 1000 }, sv: 'Vänta 1 sekund', en: 'Wait 1 second' },
  { step: { id: 's3', type: 'wait', description: '', ms: 1500 }, sv: 'Vänta 1,5 sekunder', en: 'Wait 1.5 seconds' },
  { step: { id: 't', type: 'screenshot', description: '', fullPage: true }, sv: 'Ta en skärmbild av hela sidan', en: 'Take a screenshot of the whole page' },
  {
    step: { id: 'u', type: 'extract', description: '', selectors: ['aria/Fakturanummer[role="textbox"]'], variable: 'fakturanummer' },
    sv: 'Hämta texten i ”Fakturanummer” och spara den som ”fakturanummer”',
    en: 'Get the text of “Fakturanummer” and save it as “fakturanummer”',
  },
  {
    step: { id: 'u2', type: 'extract_table', description: '', selectors: ['aria/Fakturor[role="table"]'], variable: 'fakturor', paging: 'next', maxRows: 1000, maxPages: 50 },
    sv: 'Läs tabellen ”Fakturor” till ”fakturor”',
    en: 'Read the table “Fakturor” into “fakturor”',
  },
  {
    step: {
      id: 'v',
      type: 'ai_decision',
      description: '',
      prompt: 'Ska fakturan attesteras?',
      inputs: [],
      threshold: 95,
      options: [
        { value: 'attest', label: 'Attestera', then: 'continue' },
        { value: 'reject', label: 'Avvisa', then: 'stop' },
      ],
    },
    sv: 'Låt AI välja ”Attestera” eller ”Avvisa”',
    en: 'Let AI choose “Attestera” or “Avvisa”',
  },
  { step: { id: 'w', type: 'manual', description: '', instructions: 'Kontrollera beloppet mot avtalet' }, sv: 'Be en person: Kontrollera beloppet mot avtalet', en: 'Ask a person: Kontrollera beloppet mot avtalet' },
  { step: { id: 'l', type: 'login', description: '', instructions: 'Logga in med BankID', until: { url: 'https://bank.example.se/start*' } }, sv: 'Du loggar in själv: Logga in med BankID', en: 'You sign in yourself: Logga in med BankID' },
];

function sentences(): string[] {
  renderWithQueryClient(<StepList steps={CASES.map((c) => c.step)} errors={{}} editable={false} onMove={noop} onInsertAfter={noop} onDuplicate={noop} onEdit={noop} onDelete={noop} />);
  const list = screen.getByRole('list', { name: i18n.t('workflows:editor.steps.list_label') });
  // The steps are the list's own items (an element step's selectors are a list inside "Avancerat").
  return Array.from(list.children).map((item) => item.querySelector('p')?.textContent ?? '');
}

describe('step sentences', () => {
  afterAll(() => i18n.changeLanguage('sv'));

  it('cover every step type', () => {
    expect(new Set(CASES.map((c) => c.step.type))).toEqual(new Set(STEP_TYPES));
  });

  it.each(['sv', 'en'] as const)('read as what a person sees, in %s, with no selector in sight', async (language) => {
    await i18n.changeLanguage(language);
    const shown = sentences();
    expect(shown).toEqual(CASES.map((c) => c[language]));
    expect(shown.join('\n')).not.toMatch(/aria\/|#save|nth-child|text\//);
  });

  it("shows the person's own description under the sentence when it says more, and selectors only under Avancerat", async () => {
    await i18n.changeLanguage('sv');
    const step: Step = { id: 'x', type: 'click', description: 'Sparar leverantören i registret', selectors: ['#save', 'aria/Spara[role="button"]'] };
    renderWithQueryClient(<StepList steps={[step]} errors={{}} editable={false} onMove={noop} onInsertAfter={noop} onDuplicate={noop} onEdit={noop} onDelete={noop} />);
    expect(screen.getByText('Klicka på knappen ”Spara”')).toBeVisible();
    expect(screen.getByText('Sparar leverantören i registret')).toBeVisible();
    const advanced = screen.getByText('Avancerat').closest('details') as HTMLDetailsElement;
    expect(advanced.open).toBe(false);
    expect(within(advanced).getByText('#save')).toBeInTheDocument();
  });
});
