// /companies: the organisation's card(s); admins edit them.
import { useQuery } from '@tanstack/react-query';
import type { Organization } from '@shared/types/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { BuildingIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { organizationsQueryOptions } from '../api/get-organizations';
import { useUpdateOrganization } from '../api/update-organization';
import { CompanyCard } from './company-card';
import { CompanyFormDialog, type CompanyFormOutput } from './company-form-dialog';

export const COMPANY_SKELETON_COUNT = 6;

const gridClasses = 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3';

export function CompaniesScreen({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('companies');
  const organizations = useQuery(organizationsQueryOptions());
  const [editing, setEditing] = useState<Organization | null>(null);
  const updateOrganization = useUpdateOrganization();

  const handleSubmit = (organization: Organization, values: CompanyFormOutput) =>
    updateOrganization.mutate(
      { id: organization.id, input: values },
      {
        onSuccess: () => {
          setEditing(null);
          notify.success(t('toast.updated'), t('toast.updated_description'));
        },
      },
    );

  return (
    <section className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={t('title')} description={t('description')} />
      {organizations.isPending ? (
        <SkeletonList count={COMPANY_SKELETON_COUNT} label={t('loading')} className={gridClasses} itemClassName="h-64 rounded-xl" />
      ) : organizations.isError ? (
        <LoadError
          title={t('error.title')}
          error={organizations.error}
          retryLabel={t('error.retry')}
          onRetry={() => void organizations.refetch()}
        />
      ) : organizations.data.length === 0 ? (
        <EmptyState icon={BuildingIcon} title={t('empty.title')} />
      ) : (
        <ul aria-label={t('list_label')} className={gridClasses}>
          {organizations.data.map((organization) => (
            <li key={organization.id}>
              <CompanyCard organization={organization} onEdit={canEdit ? setEditing : undefined} />
            </li>
          ))}
        </ul>
      )}
      <CompanyFormDialog
        organization={editing}
        isPending={updateOrganization.isPending}
        onClose={() => setEditing(null)}
        onSubmit={handleSubmit}
      />
    </section>
  );
}
