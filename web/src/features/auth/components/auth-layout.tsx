// The frame of the public auth pages: marketing panel on wide screens, logo and language switcher
// above the content, which is centred.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/ui/language-toggle';
import { Logo } from '@/components/ui/logo';
import { MarketingPanel } from './marketing-panel';

export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-2">
      <MarketingPanel />
      <div className="flex min-h-screen flex-col px-4 py-5 sm:px-8">
        <header className="flex items-center justify-between gap-4">
          <Link to="/landing" aria-label={t('brand.name')} className="rounded-lg lg:invisible">
            <Logo size="sm" />
          </Link>
          <LanguageToggle />
        </header>
        <main className="flex flex-1 items-start justify-center py-8 sm:items-center">
          <div className="w-full max-w-md">{children}</div>
        </main>
      </div>
    </div>
  );
}
