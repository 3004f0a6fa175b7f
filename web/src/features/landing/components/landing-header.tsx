// Sticky header: logo, section links, language, sign in and get started (both to /auth). Below lg
// the section links fold into a disclosure panel (plain state, no menu library: first-load budget).
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { LanguageToggle } from '@/components/ui/language-toggle';
import { Logo } from '@/components/ui/logo';

const sections = ['features', 'benefits', 'industries', 'pricing'] as const;

export function LandingHeader() {
  const { t } = useTranslation(['landing', 'common']);
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const handleKey = (event: KeyboardEvent) => { if (event.key === 'Escape') setMenuOpen(false); };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/landing" aria-label={t('common:brand.name')} className="rounded-lg">
          <Logo size="sm" />
        </Link>
        <nav aria-label={t('header.nav_label')} className="ml-6 hidden items-center gap-1 lg:flex">
          {sections.map((section) => (
            <Link
              key={section}
              to="/landing"
              hash={section}
              className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              {t(`header.${section}`)}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden sm:block">
            <LanguageToggle />
          </div>
          <span className="hidden sm:block">
            <Link to="/auth" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              {t('header.signin')}
            </Link>
          </span>
          <Link to="/auth" search={{ view: 'register' }} className={buttonClasses({ size: 'sm' })}>
            {t('header.get_started')}
          </Link>
          <button
            type="button"
            aria-label={t(menuOpen ? 'header.close_menu' : 'header.open_menu')}
            aria-expanded={menuOpen}
            aria-controls={panelId}
            onClick={() => setMenuOpen((open) => !open)}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
          >
            {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
        <div
          id={panelId}
          hidden={!menuOpen}
          className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg lg:hidden"
        >
          <nav aria-label={t('header.nav_label')} className="grid gap-1">
            {sections.map((section) => (
              <Link
                key={section}
                to="/landing"
                hash={section}
                onClick={closeMenu}
                className="rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100"
              >
                {t(`header.${section}`)}
              </Link>
            ))}
          </nav>
          <div className="mt-3 flex items-center justify-between border-t border-slate-100 pt-3">
            <LanguageToggle />
            <Link to="/auth" onClick={closeMenu} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              {t('header.signin')}
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
