import type { Organization } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { BuildingIcon, PencilIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

type CompanyCardProps = {
  organization: Organization;
  /** Shown to admins only: the server refuses everyone else. */
  onEdit?: (organization: Organization) => void;
};

export function CompanyCard({ organization, onEdit }: CompanyCardProps) {
  const { t } = useTranslation('companies');
  const facts: Array<[string, string]> = [
    [t('card.organization_number'), organization.organizationNumber],
    [t('card.address'), organization.address],
    [t('card.city'), organization.city],
    [t('card.postal_code'), organization.postalCode],
    [t('card.email'), organization.email],
    [t('card.phone'), organization.phone],
    ...(organization.domain ? [[t('card.domain'), organization.domain] as [string, string]] : []),
  ];
  return (
    <article
      aria-label={organization.name}
      className="flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
            <BuildingIcon className="size-5" />
          </span>
          <h2 className="truncate text-base font-semibold text-slate-900">{organization.name}</h2>
        </div>
        <Badge tone="indigo">{organization.country}</Badge>
      </div>
      <dl className="mt-4 grid flex-1 grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {onEdit ? (
        <div className="mt-4 border-t border-slate-100 pt-4">
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('card.edit_named', { name: organization.name })}
            onClick={() => onEdit(organization)}
          >
            <PencilIcon className="size-4" />
            {t('card.edit')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
