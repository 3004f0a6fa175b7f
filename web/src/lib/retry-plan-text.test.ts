// What a retry runs again, in words: every kind of plan has its sentence in Swedish and English.
import { formatStepNumbers, retryPlan } from '@shared/retry-plan';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { describeRetryPlan } from './retry-plan-text';

const types = (...list: string[]) => list.map((type) => ({ type }));
const FLOW = types('setViewport', 'navigate', 'click', 'navigate', 'change', 'manual', 'click', 'wait');

async function say(language: 'sv' | 'en', steps: { type: string }[], from: number) {
  await i18n.changeLanguage(language);
  return describeRetryPlan(retryPlan(steps, from), i18n.getFixedT(language, 'common'), language);
}

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

describe('describeRetryPlan', () => {
  it('says in Swedish which steps run again and why', async () => {
    expect(await say('sv', FLOW, 6)).toBe(
      'Steg 1 och 4–6 körs igen: sidan öppnas på nytt från steg 4 och formuläret fylls i igen innan steg 7. Beslutet i steg 6 frågas inte igen: svaret från förra försöket används.',
    );
    expect(await say('sv', FLOW, 3)).toBe('Steg 1 körs igen (fönstrets inställningar) innan steg 4 öppnar sidan.');
    expect(await say('sv', FLOW, 7)).toContain('Steg 1 och 4–7 körs igen');
    expect(await say('sv', FLOW, 0)).toBe('Körningen börjar om från steg 1.');
    expect(await say('sv', types('navigate', 'click', 'click'), 2)).toBe(
      'Steg 1–2 körs igen: sidan öppnas på nytt från steg 1 och det som gjordes på den görs om innan steg 3.',
    );
    expect(await say('sv', types('navigate', 'click', 'navigate'), 2)).toBe('Steg 3 öppnar sin sida själv, så inga tidigare steg körs igen.');
    expect(await say('sv', types('wait', 'change', 'click'), 2)).toBe(
      'Steg 1–2 körs igen: inget tidigare steg öppnar en sida, så körningen börjar från början och formuläret fylls i igen innan steg 3.',
    );
  });

  it('says it in English, singular and plural', async () => {
    expect(await say('en', types('navigate', 'click'), 1)).toBe('Step 1 runs again: the page is opened again from step 1 before step 2.');
    expect(await say('en', FLOW, 6)).toBe(
      "Steps 1 and 4–6 run again: the page is opened again from step 4 and the form is filled in again before step 7. The decision in step 6 is not asked again: the earlier attempt's answer is used.",
    );
    expect(await say('en', types('wait', 'manual', 'ai_decision', 'click'), 3)).toBe(
      "Steps 1–3 run again: no earlier step opens a page, so the run starts from the beginning before step 4. The decisions in steps 2–3 are not asked again: the earlier attempt's answers are used.",
    );
  });

  it('writes step numbers as ranges in the language’s list form', () => {
    expect(formatStepNumbers([0, 2, 3, 4, 7], 'sv')).toBe('1, 3–5 och 8');
    expect(formatStepNumbers([0, 2, 3, 4, 7], 'en')).toBe('1, 3–5, and 8');
  });
});
