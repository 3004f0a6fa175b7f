// /user-management (admins): figures (over every user), search (on the server), the table a page at a time
// ("Visa fler"), edit and add dialogs, (de)activation.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { UserRow } from '@shared/types/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, UsersIcon } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notify';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { ShowMore } from '@/components/ui/show-more';
import { Spinner } from '@/components/ui/spinner';
import { useDebounced } from '@/hooks/use-debounced';
import { pageItems } from '@/lib/paging';
import { usersQueryOptions, userStatsQueryOptions } from '../api/get-users';
import { useInviteUser } from '../api/invite-user';
import { useActivateUser, useDeactivateUser } from '../api/set-user-active';
import { useUpdateUser } from '../api/update-user';
import { UserFormDialog, type UserFormOutput } from './user-form-dialog';
import { UserStatCards } from './user-stat-cards';
import { UsersTable } from './users-table';

type FormState = { open: false } | { open: true; user: UserRow | null };

export const USER_SEARCH_DEBOUNCE_MS = 300;

export function UserManagementScreen({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation('users');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const users = useInfiniteQuery({ ...usersQueryOptions({ q }), placeholderData: keepPreviousData });
  const stats = useQuery(userStatsQueryOptions());
  const shown = pageItems(users.data);
  const [formState, setFormState] = useState<FormState>({ open: false });
  const updateUser = useUpdateUser();
  const inviteUser = useInviteUser();
  const deactivateUser = useDeactivateUser();
  const activateUser = useActivateUser();

  const editing = formState.open ? formState.user : null;
  const closeForm = () => setFormState({ open: false });

  const handleSubmit = (values: UserFormOutput) => {
    if (editing) {
      updateUser.mutate(
        { id: editing.id, input: values },
        {
          onSuccess: () => {
            closeForm();
            notify.success(t('toast.updated'), t('toast.updated_description'));
          },
        },
      );
    } else {
      inviteUser.mutate(values, {
        onSuccess: (created) => {
          closeForm();
          notify.success(t('toast.invited'), t('toast.invited_description', { email: created.email }));
        },
      });
    }
  };

  const handleToggleActive = (user: UserRow) => {
    if (user.isActive) {
      deactivateUser.mutate(user.id, {
        onSuccess: () => notify.success(t('toast.deactivated'), t('toast.deactivated_description')),
      });
    } else {
      activateUser.mutate(user.id, {
        onSuccess: () => notify.success(t('toast.activated'), t('toast.activated_description')),
      });
    }
  };

  const pendingUserId = deactivateUser.isPending
    ? deactivateUser.variables
    : activateUser.isPending
      ? activateUser.variables
      : null;
  return (
    <section className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setFormState({ open: true, user: null })}>
            <PlusIcon className="size-4" />
            {t('add_button')}
          </Button>
        }
      />
      {users.isPending ? (
        <div className="flex items-center gap-3 py-12 text-slate-600">
          <Spinner label={t('loading')} />
          <span aria-hidden="true">{t('loading')}</span>
        </div>
      ) : users.isError && !users.data ? (
        <LoadError
          title={t('error.title')}
          error={users.error}
          retryLabel={t('error.retry')}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <>
          {stats.data ? <UserStatCards stats={stats.data} /> : null}
          <SearchInput
            label={t('search_label')}
            placeholder={t('search_placeholder')}
            value={search}
            onChange={setSearch}
            className="max-w-md"
          />
          {shown.length === 0 ? (
            <EmptyState icon={UsersIcon} title={t('empty.title')} description={t('empty.description')} />
          ) : (
            <>
              <UsersTable
                users={shown}
                currentUserId={currentUserId}
                pendingUserId={pendingUserId ?? null}
                onEdit={(user) => setFormState({ open: true, user })}
                onToggleActive={handleToggleActive}
              />
              <ShowMore list={users} />
            </>
          )}
        </>
      )}
      <UserFormDialog
        open={formState.open}
        user={editing}
        isPending={updateUser.isPending || inviteUser.isPending}
        onClose={closeForm}
        onSubmit={handleSubmit}
      />
    </section>
  );
}
