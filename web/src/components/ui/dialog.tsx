// A modal dialog (Headless UI): title, optional description, content; focus is trapped and
// Escape or a click outside closes it. `closeButton` adds an × in the corner, for dialogs whose
// content has no Cancel/Close button of its own.
import { Description, Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './status-icons';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  size?: 'md' | 'lg';
  closeButton?: boolean;
};

export function Dialog({ open, onClose, title, description, children, size = 'md', closeButton = false }: DialogProps) {
  const { t } = useTranslation('common');
  return (
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      {/* A tall dialog scrolls as a whole: min-h-full inside the scroller keeps its top reachable. */}
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-2 sm:items-center sm:p-4">
          <DialogPanel
            className={`relative w-full ${size === 'lg' ? 'max-w-2xl' : 'max-w-lg'} rounded-xl bg-white p-5 shadow-xl ring-1 ring-slate-900/10 sm:p-6`}
          >
            {closeButton ? (
              <button
                type="button"
                onClick={onClose}
                aria-label={t('actions.close')}
                className="absolute top-4 right-4 rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
              >
                <CloseIcon className="size-5" />
              </button>
            ) : null}
            <DialogTitle className={`text-lg font-semibold text-slate-900 ${closeButton ? 'pr-8' : ''}`}>{title}</DialogTitle>
            {description ? <Description className="mt-1 text-sm text-slate-600">{description}</Description> : null}
            <div className="mt-4">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}

/** The button row at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
