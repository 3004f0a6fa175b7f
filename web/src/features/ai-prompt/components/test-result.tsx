// What "Testa" answered: the choice, confidence and reason, and whether a run would act or ask a person.
import type { AiTestResult } from '@shared/types/api';
import { useTranslation } from 'react-i18next';

export function TestResult({ result }: { result: AiTestResult }) {
  const { t } = useTranslation('ai_prompt');
  return (
    <section aria-label={t('test_result.title')} className="rounded-lg bg-violet-50 p-3 text-sm text-violet-950 ring-1 ring-violet-200" aria-live="polite">
      <h3 className="font-semibold">{t('test_result.title')}</h3>
      <p>{t('test_result.choice', { label: result.label })}</p>
      <p>{t('test_result.confidence', { confidence: result.confidence })}</p>
      <p className="break-words">{t('test_result.reason', { reason: result.reason })}</p>
      <p className="mt-1 font-medium">{result.wouldAct ? t('test_result.would_act') : t('test_result.would_ask')}</p>
      <p className="text-xs text-violet-800">{t('test_result.model', { model: result.model, ms: result.latencyMs })}</p>
    </section>
  );
}
