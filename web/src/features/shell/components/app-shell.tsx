// Every signed-in screen: sidebar (w-64, or w-20 collapsed, on ≥1024px; a drawer below) and top bar.
import { type ReactNode, useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePageTitle } from '../hooks/use-page-title';
import { useSidebarCollapsed } from '../hooks/use-sidebar-collapsed';
import type { ShellUser } from '../types';
import { MobileSidebar } from './mobile-sidebar';
import { SidebarContent } from './sidebar-content';
import { TopBar } from './top-bar';

type AppShellProps = {
  user: ShellUser;
  onLogout: () => void;
  children: ReactNode;
};

export function AppShell({ user, onLogout, children }: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { collapsed, toggle } = useSidebarCollapsed();
  const title = usePageTitle();
  useDocumentTitle(title);

  return (
    <div className="min-h-screen bg-slate-50">
      <MobileSidebar open={drawerOpen} user={user} onClose={() => setDrawerOpen(false)} onLogout={onLogout} />
      <aside
        className={`hidden border-r border-slate-200 transition-[width] duration-200 lg:fixed lg:inset-y-0 lg:z-40 lg:flex lg:flex-col ${
          collapsed ? 'lg:w-20' : 'lg:w-64'
        }`}
      >
        <SidebarContent user={user} collapsed={collapsed} onToggleCollapsed={toggle} onLogout={onLogout} />
      </aside>
      <div className={`transition-[padding] duration-200 ${collapsed ? 'lg:pl-20' : 'lg:pl-64'}`}>
        <TopBar title={title} user={user} onOpenSidebar={() => setDrawerOpen(true)} onLogout={onLogout} />
        <main className="px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</main>
      </div>
    </div>
  );
}
