// A modal dialog (Headless UI): title, optional description, content; focus is trapped and
// Escape or a click outside closes it.
import { Description, Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  size?: 'md' | 'lg';
};

export function Dialog({ open, onClose, title, description, children, size = 'md' }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      {/* A tall dialog scrolls as a whole: min-h-full inside the scroller keeps its top reachable. */}
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-2 sm:items-center sm:p-4">
          <DialogPanel
            className={`w-full ${size === 'lg' ? 'max-w-2xl' : 'max-w-lg'} rounded-xl bg-white p-5 shadow-xl ring-1 ring-slate-900/10 sm:p-6`}
          >
            <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
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
