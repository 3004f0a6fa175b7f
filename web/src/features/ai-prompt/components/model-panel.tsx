// The model in use and the figures of the organisation's recorded AI decisions (GET /api/ai/status):
// average confidence of the last 100, decisions today, test runs left out; each with its one-line definition
// (docs/product.md "Figures"). "No data yet" until something was measured.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { FigureDefinition } from '@/components/ui/figure-definition';
import { SparklesIcon } from '@/components/ui/icons';
import { aiStatusQueryOptions } from '../api/get-ai-status';

export function ModelPanel() {
  const { t } = useTranslation('ai_prompt');
  const { data: status } = useQuery(aiStatusQueryOptions());
  return (
    <Card title={t('model.title')}>
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <SparklesIcon className="size-5 text-violet-500" />
        {status?.model ?? (status ? t('model.not_configured') : '…')}
      </p>
      <p className="text-sm text-slate-500">{t('model.description')}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div className="relative rounded-lg bg-slate-50 p-3">
          <dt className="pr-5 text-xs text-slate-500">{t('model.average_confidence')}</dt>
          <dd className="text-xl font-bold text-slate-900">
            {status?.averageConfidence != null ? t('model.average_confidence_value', { value: status.averageConfidence }) : t('model.no_data')}
          </dd>
          {status?.averageConfidence != null ? (
            <dd className="text-xs text-slate-500">{t('model.average_confidence_hint', { count: status.averageOver })}</dd>
          ) : null}
          <dd>
            <FigureDefinition label={t('model.definitions.what', { figure: t('model.average_confidence') })} text={t('model.definitions.average_confidence')} />
          </dd>
        </div>
        <div className="relative rounded-lg bg-slate-50 p-3">
          <dt className="pr-5 text-xs text-slate-500">{t('model.decisions_today')}</dt>
          <dd className="text-xl font-bold text-slate-900">{status ? status.decisionsToday : '…'}</dd>
          <dd>
            <FigureDefinition label={t('model.definitions.what', { figure: t('model.decisions_today') })} text={t('model.definitions.decisions_today')} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
