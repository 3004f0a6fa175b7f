// Settings (SPEC §2 /settings): five tabs. Preferences stay in this browser (../model.ts); the
// Automation tab also holds the organisation's secrets, which live on the server.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/ui/notify';
import { clearPreferences, DEFAULT_PREFERENCES, loadPreferences, type Preferences, savePreferences } from '../model';
import { SETTINGS_TABS, type SettingsTab } from '../tabs';
import { AutomationTab } from './automation-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab, type SettingsUser } from './profile-tab';
import { SecurityTab } from './security-tab';
import { SystemTab } from './system-tab';

type SettingsScreenProps = {
  user: SettingsUser;
  /** The tab shown first (e.g. Automation, from a workflow's missing secrets). */
  initialTab?: SettingsTab;
};

export function SettingsScreen({ user, initialTab = 'profile' }: SettingsScreenProps) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [preferences, setPreferences] = useState<Preferences>(loadPreferences);

  const change = (patch: Partial<Preferences>) => setPreferences((current) => ({ ...current, ...patch }));

  const handleSave = () => {
    savePreferences(preferences);
    notify.success(t('toast.saved'), t('toast.saved_description'));
  };

  const handleExport = () => {
    const blob = new Blob([JSON.stringify({ preferences }, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'kollega-settings.json';
    link.click();
    URL.revokeObjectURL(url);
    notify.success(t('toast.exported'), t('toast.exported_description'));
  };

  const handleClearCache = () => {
    // Cached lists no screen shows right now (the session stays): fetched again when next shown.
    queryClient.removeQueries({ type: 'inactive' });
    notify.success(t('toast.cache_cleared'), t('toast.cache_cleared_description'));
  };

  const handleReset = () => {
    clearPreferences();
    setPreferences(DEFAULT_PREFERENCES);
    notify.success(t('toast.reset'), t('toast.reset_description'));
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('description')}</p>
      </header>
      <TabGroup defaultIndex={SETTINGS_TABS.indexOf(initialTab)}>
        <TabList className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
          {SETTINGS_TABS.map((tab) => (
            <Tab
              key={tab}
              className="rounded-lg px-4 py-2 text-sm font-medium text-slate-600 data-hover:text-slate-900 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm focus:outline-none data-focus:ring-2 data-focus:ring-indigo-600"
            >
              {t(`tabs.${tab}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <TabPanel>
            <ProfileTab user={user} timezone={preferences.timezone} onTimezoneChange={(timezone) => change({ timezone })} onSave={handleSave} />
          </TabPanel>
          <TabPanel>
            <SecurityTab preferences={preferences} onChange={change} onSave={handleSave} />
          </TabPanel>
          <TabPanel>
            <NotificationsTab notifications={preferences.notifications} onChange={(notifications) => change({ notifications })} onSave={handleSave} />
          </TabPanel>
          <TabPanel>
            <AutomationTab
              automation={preferences.automation}
              onChange={(automation) => change({ automation })}
              onSave={handleSave}
              canManageSecrets={user.role === 'admin' || user.role === 'superuser'}
            />
          </TabPanel>
          <TabPanel>
            <SystemTab onExport={handleExport} onClearCache={handleClearCache} onReset={handleReset} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
