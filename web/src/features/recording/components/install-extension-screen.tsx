// How to install the Kollega Recorder extension (Chrome and Edge): load the unpacked folder or the zip.
import { useTranslation } from 'react-i18next';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Card } from '@/components/ui/card';
import { extensionVersion } from '../extension-client';

const BROWSER_STEPS = ['chrome', 'edge'] as const;

export function InstallExtensionScreen() {
  const { t } = useTranslation('recording');
  const version = extensionVersion();
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
      {BROWSER_STEPS.map((browser) => (
        <Card key={browser} title={t(`install.${browser}.title`)}>
          <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
            {(t(`install.${browser}.steps`, { returnObjects: true }) as string[]).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Card>
      ))}
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
