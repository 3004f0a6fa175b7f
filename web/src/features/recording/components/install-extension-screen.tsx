// How to install the Kollega Recorder extension: download this app version's zip (served beside the app,
// web/extension-download.ts), then load it in Chrome or Edge (the browsers it is built for). An
// administrator also sees how to force-install it for the organisation's staff (enterprise policy).
import { useTranslation } from 'react-i18next';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { buttonClasses } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { DownloadIcon } from '@/components/ui/icons';
import { extensionDownloadPath } from '@/lib/extension-download-path';
import { useCan } from '@/lib/permissions';
import { extensionVersion } from '../extension-client';

const BROWSER_STEPS = ['chrome', 'edge'] as const;

export function InstallExtensionScreen() {
  const { t } = useTranslation('recording');
  const version = extensionVersion();
  // The organisation's administrator is who sets browser policies for its staff.
  const admin = useCan('organization.edit').allowed;
  return (
    <div className="mx-auto max-w-3xl space-y-6 pb-20">
      <Breadcrumb label={t('breadcrumb.label')} homeLabel={t('breadcrumb.home')} current={t('install.title')} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('install.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('install.description')}</p>
      </header>
      <p
        role="status"
        className={`rounded-lg p-3 text-sm font-medium ${version ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
      >
        {version ? t('install.installed', { version }) : t('install.not_installed')}
      </p>
      <Card title={t('install.download.title')}>
        <p className="text-sm text-slate-700">{t('install.download.description', { version: __APP_VERSION__ })}</p>
        <a href={extensionDownloadPath(__APP_VERSION__)} download className={buttonClasses({ className: 'mt-4' })}>
          <DownloadIcon className="size-4" />
          {t('install.download.button', { version: __APP_VERSION__ })}
        </a>
      </Card>
      {BROWSER_STEPS.map((browser) => (
        <Card key={browser} title={t(`install.${browser}.title`)}>
          <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
            {(t(`install.${browser}.steps`, { returnObjects: true }) as string[]).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Card>
      ))}
      {admin ? (
        <Card title={t('install.policy.title')}>
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
            {(t('install.policy.points', { returnObjects: true }) as string[]).map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card title={t('install.privacy.title')}>
        <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
          {(t('install.privacy.points', { returnObjects: true }) as string[]).map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
