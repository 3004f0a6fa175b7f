// A centred dialog (Headless UI): title, optional description, body. Closing is the caller's choice.
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  size?: 'md' | 'lg' | 'xl';
  children: ReactNode;
};

const widths = { md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-3xl' };

export function Modal({ open, onClose, title, description, size = 'md', children }: ModalProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel className={`relative w-full ${widths[size]} rounded-2xl bg-white p-6 shadow-xl`}>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('actions.close')}
              className="absolute top-4 right-4 rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
            >
              <CloseIcon className="size-5" />
            </button>
            <DialogTitle className="pr-8 text-lg font-semibold text-slate-900">{title}</DialogTitle>
            {description ? <Description className="mt-1 text-sm text-slate-600">{description}</Description> : null}
            <div className="mt-4">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
