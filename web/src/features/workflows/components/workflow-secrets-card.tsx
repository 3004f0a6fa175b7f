// The organisation secrets the workflow's steps use, and a warning with a way to Settings when some
// of them do not exist yet (runs would fail with secret_missing).
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ExclamationTriangleIcon } from '@/components/ui/icons';

type WorkflowSecretsCardProps = {
  /** Names used by the steps shown (saved or not). */
  used: string[];
  /** Names the saved definition uses: the server has checked these. */
  saved: string[];
  /** Names the saved definition uses that the organisation lacks (from the server). */
  missing: string[];
};

export function WorkflowSecretsCard({ used, saved, missing }: WorkflowSecretsCardProps) {
  const { t, i18n } = useTranslation('workflows');
  const names = [...new Set([...used, ...missing])].sort();
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(missing);
  return (
    <Card title={t('secrets.title')}>
      {missing.length > 0 ? (
        <div className="mb-4 flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
          <ExclamationTriangleIcon className="size-5 shrink-0 text-amber-600" />
          <div className="space-y-1">
            <p className="font-semibold">{t('secrets.missing_title')}</p>
            <p>{t('secrets.missing_description', { count: missing.length, names: list })}</p>
            <Link to="/settings" search={{ tab: 'automation' }} className="inline-block font-semibold underline">
              {t('secrets.add_link')}
            </Link>
          </div>
        </div>
      ) : null}
      {names.length === 0 ? (
        <p className="text-sm text-slate-500">{t('secrets.none')}</p>
      ) : (
        <ul aria-label={t('secrets.used_label')} className="space-y-1.5">
          {names.map((name) => (
            <li key={name} className="flex items-center justify-between gap-2 text-sm">
              <span className="truncate font-mono text-slate-800">{name}</span>
              {missing.includes(name) ? (
                <Badge tone="amber">{t('secrets.missing')}</Badge>
              ) : saved.includes(name) ? (
                <Badge tone="green">{t('secrets.present')}</Badge>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
