// Profile: prefilled from the signed-in user; role and organisation cannot be changed here.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectInput } from '@/components/ui/select-input';
import { type Preferences, TIMEZONES } from '../model';
import { TextField } from './text-field';

export type SettingsUser = { fullName: string; email: string; username: string; role: 'user' | 'superuser' | 'admin'; organizationName: string };

type ProfileTabProps = {
  user: SettingsUser;
  timezone: Preferences['timezone'];
  onTimezoneChange: (timezone: Preferences['timezone']) => void;
  onSave: () => void;
};

export function ProfileTab({ user, timezone, onTimezoneChange, onSave }: ProfileTabProps) {
  const { t } = useTranslation('settings');
  const { t: tCommon } = useTranslation('common');
  const [fullName, setFullName] = useState(user.fullName);
  const [email, setEmail] = useState(user.email);
  const [username, setUsername] = useState(user.username);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };

  return (
    <form onSubmit={handleSubmit} aria-label={t('profile.title')} className="space-y-4">
      <h2 className="text-base font-semibold text-slate-900">{t('profile.title')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('profile.full_name')} value={fullName} onChange={setFullName} autoComplete="name" />
        <TextField label={t('profile.email')} type="email" value={email} onChange={setEmail} autoComplete="email" />
        <TextField label={t('profile.username')} value={username} onChange={setUsername} autoComplete="username" />
        <TextField label={t('profile.role')} value={tCommon(`roles.${user.role}`)} disabled />
        <TextField label={t('profile.organization')} value={user.organizationName} disabled />
        <SelectInput
          label={t('profile.timezone')}
          value={timezone}
          options={TIMEZONES.map((value) => ({ value, label: t(`profile.timezones.${value}`) }))}
          onChange={(value) => onTimezoneChange(value as Preferences['timezone'])}
        />
      </div>
      <Button type="submit">{t('profile.save')}</Button>
    </form>
  );
}
