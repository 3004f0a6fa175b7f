// /auth (SPEC §2): tabs Sign In / Register, and the forgot-password view reached by a link.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AuthCard } from './auth-card';
import { AuthLayout } from './auth-layout';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthView = 'signin' | 'register' | 'forgot';

type AuthScreenProps = {
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  /** After a successful sign-in or registration (the user is in the session cache by then). */
  onAuthenticated: () => void;
};

const tabClasses =
  'rounded-md px-3 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus:outline-none ' +
  'data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-indigo-600 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm';

const panelClasses = 'rounded-lg focus:outline-none data-focus:ring-2 data-focus:ring-indigo-600/30 data-focus:ring-offset-8';

export function AuthScreen({ view, onViewChange, onAuthenticated }: AuthScreenProps) {
  const { t } = useTranslation('auth');
  useDocumentTitle(view === 'register' ? t('tabs.register') : view === 'forgot' ? t('forgot.title') : t('title'));

  return (
    <AuthLayout>
      {view === 'forgot' ? (
        <ForgotPasswordForm onBack={() => onViewChange('signin')} />
      ) : (
        <AuthCard title={t('card.title')} description={t('card.description')}>
          <TabGroup selectedIndex={view === 'register' ? 1 : 0} onChange={(index) => onViewChange(index === 1 ? 'register' : 'signin')}>
            <TabList aria-label={t('tabs.label')} className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
              <Tab className={tabClasses}>{t('tabs.signin')}</Tab>
              <Tab className={tabClasses}>{t('tabs.register')}</Tab>
            </TabList>
            <TabPanels className="mt-6">
              <TabPanel className={panelClasses}>
                <LoginForm onForgotPassword={() => onViewChange('forgot')} onSuccess={onAuthenticated} />
              </TabPanel>
              <TabPanel className={panelClasses}>
                <RegisterForm onSuccess={onAuthenticated} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </AuthCard>
      )}
    </AuthLayout>
  );
}
