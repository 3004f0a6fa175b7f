// Settings (SPEC §2 /settings): the person's profile (their name is saved), their notifications (e-mail on failure), the organisation's automation
// settings (stored on the server, what they drive: docs/product.md "Settings") with the AI provider and the
// secrets, and the system facts the build knows. Nothing is kept in the browser only.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TABS, type SettingsTab } from '../tabs';
import { AutomationTab } from './automation-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab, type SettingsUser } from './profile-tab';
import { SystemTab } from './system-tab';

type SettingsScreenProps = {
  user: SettingsUser;
  /** The tab shown first (e.g. Automation, from a workflow's missing secrets). */
  initialTab?: SettingsTab;
};

export function SettingsScreen({ user, initialTab = 'profile' }: SettingsScreenProps) {
  const { t } = useTranslation('settings');
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
            <ProfileTab user={user} />
          </TabPanel>
          <TabPanel>
            <NotificationsTab />
          </TabPanel>
          <TabPanel>
            <AutomationTab canManageSettings={user.role === 'admin'} canManageSecrets={user.role === 'admin' || user.role === 'superuser'} />
          </TabPanel>
          <TabPanel>
            <SystemTab />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
