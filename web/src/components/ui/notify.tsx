// Toasts (SPEC §9): one at a time, shown for 5000 ms, destructive style for failures.
import toast from 'react-hot-toast';
import { ToastMessage } from './toast-message';

export const TOAST_DURATION_MS = 5000;

function show(kind: 'error' | 'success', title: string, description?: string): string {
  toast.remove();
  const message = <ToastMessage title={title} description={description} />;
  if (kind === 'error') {
    return toast.error(message, { duration: TOAST_DURATION_MS, ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
  }
  return toast.success(message, { duration: TOAST_DURATION_MS, ariaProps: { role: 'status', 'aria-live': 'polite' } });
}

export const notify = {
  error: (title: string, description?: string) => show('error', title, description),
  success: (title: string, description?: string) => show('success', title, description),
};
