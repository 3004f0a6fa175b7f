// /auth (SPEC §2): tabs Sign In / Register, and the forgot-password view reached by a link.
// The two tabs follow the WAI-ARIA tabs pattern by hand (arrow keys, Home/End, roving tabindex): a tab
// library would cost /auth a tenth of its first-load budget (docs/quality.md).
import { type KeyboardEvent, lazy, Suspense, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AuthCard } from './auth-card';
import { AuthLayout } from './auth-layout';
import { Spinner } from '@/components/ui/spinner';
import { LoginForm } from './login-form';

// Registration and the forgot-password view load when opened: most visits only sign in.
const RegisterForm = lazy(() => import('./register-form').then((m) => ({ default: m.RegisterForm })));
const ForgotPasswordForm = lazy(() => import('./forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })));

function FormFallback() {
  const { t } = useTranslation('common');
  return (
    <div className="flex justify-center py-10 text-indigo-600">
      <Spinner label={t('loading')} className="size-6" />
    </div>
  );
}

export type AuthView = 'signin' | 'register' | 'forgot';

type AuthScreenProps = {
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  /** After a successful sign-in or registration (the user is in the session cache by then). */
  onAuthenticated: () => void;
};

const tabClasses =
  'rounded-md px-3 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus:outline-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
  'aria-selected:bg-white aria-selected:text-slate-900 aria-selected:shadow-sm';

const panelClasses = 'mt-6 rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600/30 focus-visible:ring-offset-8';

const tabs = ['signin', 'register'] as const;
type TabView = (typeof tabs)[number];

export function AuthScreen({ view, onViewChange, onAuthenticated }: AuthScreenProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const tabRefs = useRef<Record<TabView, HTMLButtonElement | null>>({ signin: null, register: null });
  const selected: TabView = view === 'register' ? 'register' : 'signin';

  const select = (tab: TabView) => {
    onViewChange(tab);
    tabRefs.current[tab]?.focus();
  };

  const handleTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(selected);
    const next =
      event.key === 'ArrowRight' ? tabs[(index + 1) % tabs.length]
      : event.key === 'ArrowLeft' ? tabs[(index + tabs.length - 1) % tabs.length]
      : event.key === 'Home' ? tabs[0]
      : event.key === 'End' ? tabs[tabs.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    select(next);
  };

  useDocumentTitle(view === 'register' ? t('tabs.register') : view === 'forgot' ? t('forgot.title') : t('title'));

  return (
    <AuthLayout>
      {view === 'forgot' ? (
        <Suspense fallback={<FormFallback />}>
          <ForgotPasswordForm onBack={() => onViewChange('signin')} />
        </Suspense>
      ) : (
        <AuthCard title={t('card.title')} description={t('card.description')}>
          <div role="tablist" aria-label={t('tabs.label')} className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
            {tabs.map((tab) => (
              <button
                key={tab}
                ref={(element) => {
                  tabRefs.current[tab] = element;
                }}
                type="button"
                role="tab"
                id={`${id}-${tab}-tab`}
                aria-selected={tab === selected}
                aria-controls={`${id}-${tab}-panel`}
                tabIndex={tab === selected ? 0 : -1}
                onClick={() => onViewChange(tab)}
                onKeyDown={handleTabKey}
                className={tabClasses}
              >
                {t(`tabs.${tab}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${id}-${selected}-panel`} aria-labelledby={`${id}-${selected}-tab`} className={panelClasses}>
            {selected === 'signin' ? (
              <LoginForm onForgotPassword={() => onViewChange('forgot')} onSuccess={onAuthenticated} />
            ) : (
              <Suspense fallback={<FormFallback />}>
                <RegisterForm onSuccess={onAuthenticated} />
              </Suspense>
            )}
          </div>
        </AuthCard>
      )}
    </AuthLayout>
  );
}
