// What a retry from a step runs again, in words (common.json "retry_plan"): the retry dialog of flow management
// and the error queue's "Försök igen från detta steg" say it from the same plan the runner executes
// (@shared/retry-plan, docs/automation.md "Retry").
import { formatStepNumbers, type RetryPlan } from '@shared/retry-plan';
import type { TFunction } from 'i18next';

type PlanSentence = 'start' | 'own_page' | 'window' | 'from_start' | 'from_start_form' | 'page' | 'page_steps' | 'form';

function sentence(plan: RetryPlan): PlanSentence {
  if (plan.replay.length === 0) return plan.fromStep === 0 ? 'start' : 'own_page';
  if (plan.page === null) return plan.fills.length ? 'from_start_form' : 'from_start';
  if (plan.page === plan.fromStep) return 'window';
  if (plan.fills.length) return 'form';
  return plan.replay.at(-1) === plan.page ? 'page' : 'page_steps';
}

/**
 * "Steg 3–7 körs igen: sidan öppnas på nytt från steg 3 och formuläret fylls i igen innan steg 8." and, when
 * decisions run again, that their earlier answer is used.
 */
export function describeRetryPlan(plan: RetryPlan, t: TFunction<'common'>, language: string): string {
  const values = {
    count: plan.replay.length,
    steps: formatStepNumbers(plan.replay, language),
    page: (plan.page ?? 0) + 1,
    step: plan.fromStep + 1,
  };
  const text = t(`retry_plan.${sentence(plan)}`, values);
  if (!plan.decisions.length) return text;
  const decisions = t('retry_plan.decisions', { count: plan.decisions.length, steps: formatStepNumbers(plan.decisions, language) });
  return `${text} ${decisions}`;
}
