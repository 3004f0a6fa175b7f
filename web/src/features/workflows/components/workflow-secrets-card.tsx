// The organisation secrets the workflow's steps use, with a warning and a way to Settings when some of
// them do not exist yet (runs would fail with secret_missing) or exist without sites (runs cannot type
// them anywhere until an administrator names the sites).
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';

type WorkflowSecretsCardProps = {
  /** Names used by the steps shown (saved or not). */
  used: string[];
  /** Names the saved definition uses: the server has checked these. */
  saved: string[];
  /** Names the saved definition uses that the organisation lacks (from the server). */
  missing: string[];
  /** The organisation's secrets that have no sites yet (empty while unknown). */
  withoutSites: string[];
};

export function WorkflowSecretsCard({ used, saved, missing, withoutSites }: WorkflowSecretsCardProps) {
  const { t, i18n } = useTranslation('workflows');
  const names = [...new Set([...used, ...missing])].sort();
  const noSites = names.filter((name) => withoutSites.includes(name) && !missing.includes(name));
  const listOf = (items: string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items);
  const warnings = [
    {
      names: missing,
      title: t('secrets.missing_title'),
      description: 'secrets.missing_description',
      link: t('secrets.add_link'),
    },
    {
      names: noSites,
      title: t('secrets.no_sites_title'),
      description: 'secrets.no_sites_description',
      link: t('secrets.sites_link'),
    },
  ] as const;
  return (
    <Card title={t('secrets.title')}>
      <div className="space-y-4">
        {warnings.map((warning) =>
          warning.names.length > 0 ? (
            <Alert key={warning.description} variant="warning" title={warning.title}>
              <p>{t(warning.description, { count: warning.names.length, names: listOf(warning.names) })}</p>
              <Link to="/settings" search={{ tab: 'automation' }} className="mt-1 inline-block font-semibold underline">
                {warning.link}
              </Link>
            </Alert>
          ) : null,
        )}
        {names.length === 0 ? (
          <p className="text-sm text-slate-500">{t('secrets.none')}</p>
        ) : (
          <ul aria-label={t('secrets.used_label')} className="space-y-1.5">
            {names.map((name) => (
              <li key={name} className="flex items-center justify-between gap-2 text-sm">
                <span className="truncate font-mono text-slate-800">{name}</span>
                {missing.includes(name) ? (
                  <Badge tone="amber">{t('secrets.missing')}</Badge>
                ) : noSites.includes(name) ? (
                  <Badge tone="amber">{t('secrets.no_sites')}</Badge>
                ) : saved.includes(name) ? (
                  <Badge tone="green">{t('secrets.present')}</Badge>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
