// The model in use and its static figures (SPEC §2, §9: 94 % over the last 100 decisions, 247 today).
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { SparklesIcon } from '@/components/ui/icons';

export function ModelPanel() {
  const { t } = useTranslation('ai_prompt');
  return (
    <Card title={t('model.title')}>
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <SparklesIcon className="size-5 text-violet-500" />
        {t('model.name')}
      </p>
      <p className="text-sm text-slate-500">{t('model.description')}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs text-slate-500">{t('model.average_confidence')}</dt>
          <dd className="text-xl font-bold text-slate-900">{t('model.average_confidence_value')}</dd>
          <dd className="text-xs text-slate-500">{t('model.average_confidence_hint')}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs text-slate-500">{t('model.decisions_today')}</dt>
          <dd className="text-xl font-bold text-slate-900">{t('model.decisions_today_value')}</dd>
        </div>
      </dl>
    </Card>
  );
}
