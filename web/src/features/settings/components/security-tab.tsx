// Security: password fields (never sent anywhere; no validation, SPEC §5) and two toggles.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { SwitchField } from '@/components/ui/switch-field';
import { AUTO_LOGOUT_MINUTES, type Preferences } from '../model';
import { TextField } from './text-field';

type SecurityTabProps = {
  preferences: Preferences;
  onChange: (patch: Partial<Preferences>) => void;
  onSave: () => void;
};

export function SecurityTab({ preferences, onChange, onSave }: SecurityTabProps) {
  const { t } = useTranslation('settings');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');

  const handlePassword = (event: FormEvent) => {
    event.preventDefault();
    setCurrent('');
    setNext('');
    setConfirm('');
    notify.error(t('toast.password_title'), t('toast.password_description'));
  };

  return (
    <div className="space-y-8">
      <form onSubmit={handlePassword} aria-label={t('security.title')} className="space-y-4">
        <h2 className="text-base font-semibold text-slate-900">{t('security.title')}</h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t('security.current_password')} type="password" value={current} onChange={setCurrent} autoComplete="current-password" />
          <TextField label={t('security.new_password')} type="password" value={next} onChange={setNext} autoComplete="new-password" />
          <TextField label={t('security.confirm_password')} type="password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
        </div>
        <Button type="submit" variant="secondary">
          {t('security.update_password')}
        </Button>
      </form>
      <section className="space-y-2">
        <h2 className="text-base font-semibold text-slate-900">{t('security.options_title')}</h2>
        <div className="divide-y divide-slate-100">
          <SwitchField
            label={t('security.two_factor')}
            description={t('security.two_factor_description')}
            checked={preferences.twoFactor}
            onChange={(twoFactor) => onChange({ twoFactor })}
          />
          <SwitchField
            label={t('security.auto_logout')}
            description={t('security.auto_logout_description', { minutes: AUTO_LOGOUT_MINUTES })}
            checked={preferences.autoLogout}
            onChange={(autoLogout) => onChange({ autoLogout })}
          />
        </div>
        <Button onClick={onSave}>{t('security.save')}</Button>
      </section>
    </div>
  );
}
