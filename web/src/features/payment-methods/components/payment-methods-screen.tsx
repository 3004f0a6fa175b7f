// /payment-methods: the organisation's payment methods; admins add, edit, delete and choose the default.
import { useQuery } from '@tanstack/react-query';
import type { PaymentMethodPayload } from '@shared/schemas/payment-methods';
import type { PaymentMethod } from '@shared/types/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreditCardIcon, PlusIcon } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { useCreatePaymentMethod } from '../api/create-payment-method';
import { useDeletePaymentMethod } from '../api/delete-payment-method';
import { paymentMethodsQueryOptions } from '../api/get-payment-methods';
import { useSetDefaultPaymentMethod } from '../api/set-default-payment-method';
import { useUpdatePaymentMethod } from '../api/update-payment-method';
import { PaymentMethodCard } from './payment-method-card';
import { PaymentMethodFormDialog } from './payment-method-form-dialog';

export const PAYMENT_METHOD_SKELETON_COUNT = 3;

const gridClasses = 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3';

type FormState = { open: false } | { open: true; method: PaymentMethod | null };

export function PaymentMethodsScreen({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('payment_methods');
  const methods = useQuery(paymentMethodsQueryOptions());
  const [formState, setFormState] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const createMethod = useCreatePaymentMethod();
  const updateMethod = useUpdatePaymentMethod();
  const deleteMethod = useDeletePaymentMethod();
  const setDefault = useSetDefaultPaymentMethod();

  const editing = formState.open ? formState.method : null;
  const closeForm = () => setFormState({ open: false });

  const handleSubmit = (values: PaymentMethodPayload) => {
    if (editing) {
      updateMethod.mutate(
        { id: editing.id, input: values },
        {
          onSuccess: () => {
            closeForm();
            notify.success(t('toast.updated'));
          },
        },
      );
    } else {
      createMethod.mutate(values, {
        onSuccess: () => {
          closeForm();
          notify.success(t('toast.added'));
        },
      });
    }
  };

  const handleDelete = () => {
    if (!deleting) return;
    deleteMethod.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notify.success(t('toast.deleted'));
      },
    });
  };

  const handleMakeDefault = (method: PaymentMethod) =>
    setDefault.mutate(method.id, {
      onSuccess: () => notify.success(t('toast.default_updated'), t('toast.default_updated_description')),
    });

  const addButton = (label: string) => (
    <Button onClick={() => setFormState({ open: true, method: null })}>
      <PlusIcon className="size-4" />
      {label}
    </Button>
  );

  return (
    <section className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={canManage && methods.data && methods.data.length > 0 ? addButton(t('add_button')) : undefined}
      />
      {methods.isPending ? (
        <SkeletonList
          count={PAYMENT_METHOD_SKELETON_COUNT}
          label={t('loading')}
          className={gridClasses}
          itemClassName="h-48 rounded-xl"
        />
      ) : methods.isError ? (
        <LoadError
          title={t('error.title')}
          error={methods.error}
          retryLabel={t('error.retry')}
          onRetry={() => void methods.refetch()}
        />
      ) : methods.data.length === 0 ? (
        <EmptyState
          icon={CreditCardIcon}
          title={t('empty.title')}
          description={canManage ? t('empty.description') : t('empty.read_only')}
        >
          {canManage ? addButton(t('empty.action')) : null}
        </EmptyState>
      ) : (
        <ul aria-label={t('list_label')} className={gridClasses}>
          {methods.data.map((method) => (
            <li key={method.id}>
              <PaymentMethodCard
                method={method}
                canManage={canManage}
                isMakingDefault={setDefault.isPending && setDefault.variables === method.id}
                onEdit={(selected) => setFormState({ open: true, method: selected })}
                onDelete={setDeleting}
                onMakeDefault={handleMakeDefault}
              />
            </li>
          ))}
        </ul>
      )}
      <PaymentMethodFormDialog
        open={formState.open}
        method={editing}
        isPending={createMethod.isPending || updateMethod.isPending}
        onClose={closeForm}
        onSubmit={handleSubmit}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete_dialog.title')}
        description={t('delete_dialog.description', {
          name: deleting?.name ?? '',
        })}
        confirmLabel={t('delete_dialog.confirm')}
        cancelLabel={t('delete_dialog.cancel')}
        pendingLabel={t('delete_dialog.deleting')}
        isPending={deleteMethod.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
