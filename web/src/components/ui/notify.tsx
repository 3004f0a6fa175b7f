// Toasts (SPEC §9): one at a time, shown for 5000 ms, destructive style for failures. The toast
// library loads on the first call; the returned promise settles once the toast is queued.
import { ToastMessage } from './toast-message';

export const TOAST_DURATION_MS = 5000;
/** A toast swiped right by at least this many pixels is dismissed (SPEC §9). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Moves focus to the toasts (SPEC §9), so a keyboard user can reach their dismiss buttons. */
export const TOAST_HOTKEY = 'F8';

let requested = false;
const listeners = new Set<() => void>();

/** Calls `listener` once toasts are first wanted (at once if they already were); returns an unsubscribe. */
export function onToastsRequested(listener: () => void): () => void {
  if (requested) listener();
  else listeners.add(listener);
  return () => listeners.delete(listener);
}

async function show(kind: 'error' | 'success', title: string, description?: string): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
    listeners.clear();
  }
  const { default: toast } = await import('react-hot-toast');
  toast.remove();
  const message = <ToastMessage title={title} description={description} />;
  if (kind === 'error') {
    toast.error(message, { duration: TOAST_DURATION_MS, ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
  } else {
    toast.success(message, { duration: TOAST_DURATION_MS, ariaProps: { role: 'status', 'aria-live': 'polite' } });
  }
}

export const notify = {
  error: (title: string, description?: string) => show('error', title, description),
  success: (title: string, description?: string) => show('success', title, description),
};
