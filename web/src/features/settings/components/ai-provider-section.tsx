// Whether ai_decision steps have a model to ask (KOLLEGA_AI_* on the server), and what happens if not.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { aiProviderQueryOptions } from '../api/get-ai-status';

export function AiProviderSection() {
  const { t } = useTranslation('settings');
  const { data: status } = useQuery(aiProviderQueryOptions());
  return (
    <section className="space-y-2" aria-labelledby="ai-provider-title">
      <h2 id="ai-provider-title" className="text-base font-semibold text-slate-900">
        {t('ai_provider.title')}
      </h2>
      {!status ? null : status.configured ? (
        <p className="text-sm text-slate-700">{t('ai_provider.configured', { model: status.model })}</p>
      ) : (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('ai_provider.not_configured')}
        </p>
      )}
    </section>
  );
}
