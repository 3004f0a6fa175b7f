// Items waiting for a person; static sample data.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';

const sampleItems = ['approval', 'review'] as const;

export function AttentionList() {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('attention.title')}>
      <ul className="divide-y divide-slate-100">
        {sampleItems.map((id) => (
          <li key={id} className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
            <div className="min-w-0">
              <p className="text-sm font-semibold text-slate-900">{t(`attention.items.${id}.title`)}</p>
              <p className="text-sm text-slate-600">{t(`attention.items.${id}.description`)}</p>
            </div>
            <Link to="/workflow-execution" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              {t('attention.handle')}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
