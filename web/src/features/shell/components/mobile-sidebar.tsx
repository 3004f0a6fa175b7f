// Below 1024px the sidebar is a drawer sliding in from the left.
import { CloseButton, Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/icons';
import type { ShellUser } from '../types';
import { SidebarContent } from './sidebar-content';

type MobileSidebarProps = {
  open: boolean;
  user: ShellUser;
  onClose: () => void;
  onLogout: () => void;
};

export function MobileSidebar({ open, user, onClose, onLogout }: MobileSidebarProps) {
  const { t } = useTranslation('shell');
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 ease-out data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex">
        <DialogPanel
          transition
          aria-label={t('nav.label')}
          className="relative flex w-full max-w-72 transform transition duration-200 ease-out data-closed:-translate-x-full"
        >
          <div className="absolute top-3 left-full ml-2">
            <CloseButton aria-label={t('nav.close_menu')} className="rounded-lg p-2 text-white hover:bg-white/10">
              <CloseIcon className="size-6" />
            </CloseButton>
          </div>
          <div className="w-full">
            <SidebarContent user={user} collapsed={false} onLogout={onLogout} onNavigate={onClose} />
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
