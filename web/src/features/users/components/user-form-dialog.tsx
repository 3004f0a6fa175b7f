// 'Redigera användare' (PUT) and 'Lägg till användare' (POST): full name, e-mail, role.
import { inviteUserSchema, ROLES, type UpdateUserInput, updateUserSchema } from '@shared/schemas/users';
import type { UserRow } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, useZodForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';

export type UserFormOutput = z.output<typeof updateUserSchema>;

type UserFormDialogProps = {
  open: boolean;
  /** The user being edited; null adds a new one. */
  user: UserRow | null;
  isPending: boolean;
  onClose: () => void;
  onSubmit: (values: UserFormOutput) => void;
};

export function UserFormDialog({ open, user, isPending, onClose, onSubmit }: UserFormDialogProps) {
  const { t } = useTranslation('users');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={user ? t('form.edit_title') : t('form.add_title')}
      description={user ? undefined : t('form.add_description')}
    >
      {open ? <UserForm key={user?.id ?? 'new'} user={user} isPending={isPending} onCancel={onClose} onSubmit={onSubmit} /> : null}
    </Dialog>
  );
}

type UserFormProps = {
  user: UserRow | null;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (values: UserFormOutput) => void;
};

function UserForm({ user, isPending, onCancel, onSubmit }: UserFormProps) {
  const { t } = useTranslation(['users', 'common']);
  const form = useZodForm(user ? updateUserSchema : inviteUserSchema, {
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'user',
  });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={user ? t('form.edit_title') : t('form.add_title')} className="space-y-4">
      <Field<UpdateUserInput> autoFocus name="fullName" label={t('form.full_name_label')} autoComplete="off" />
      <Field<UpdateUserInput> name="email" type="email" inputMode="email" label={t('form.email_label')} autoComplete="off" />
      <SelectField<UpdateUserInput>
        name="role"
        label={t('form.role_label')}
        options={ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" isPending={isPending} pendingLabel={user ? t('form.saving') : t('form.adding')}>
          {user ? t('form.save') : t('form.add_submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}
