// Profile: the full name is the person's to change (saved on the server); e-mail and role are an admin's
// (user management), the username and organisation fixed. A password is changed through "Glömt lösenord".
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { useUpdateProfile } from '../api/update-profile';
import { TextField } from './text-field';

export type SettingsUser = { fullName: string; email: string; username: string; role: 'user' | 'superuser' | 'admin'; organizationName: string };

export function ProfileTab({ user }: { user: SettingsUser }) {
  const { t } = useTranslation('settings');
  const { t: tCommon } = useTranslation('common');
  const [fullName, setFullName] = useState(user.fullName);
  const save = useUpdateProfile();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ fullName }, { onSuccess: ({ fullName: saved }) => notify.success(t('toast.profile_saved'), saved) });
  };

  return (
    <form onSubmit={handleSubmit} aria-label={t('profile.title')} className="space-y-4">
      <h2 className="text-base font-semibold text-slate-900">{t('profile.title')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('profile.full_name')} value={fullName} onChange={setFullName} autoComplete="name" />
        <TextField label={t('profile.email')} type="email" value={user.email} disabled />
        <TextField label={t('profile.username')} value={user.username} disabled />
        <TextField label={t('profile.role')} value={tCommon(`roles.${user.role}`)} disabled />
        <TextField label={t('profile.organization')} value={user.organizationName} disabled />
      </div>
      <p className="text-sm text-slate-500">{t('profile.fixed_hint')}</p>
      <Button type="submit" disabled={fullName.trim() === ''} isPending={save.isPending} pendingLabel={t('profile.saving')}>
        {t('profile.save')}
      </Button>
    </form>
  );
}
