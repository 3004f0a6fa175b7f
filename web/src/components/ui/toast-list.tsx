// The toasts themselves (react-hot-toast): bottom right, full width on phones, at most 420px wide from md up.
// Loaded by <Toaster> when the first toast is shown. Rendered straight into <body>, outside the app
// root, so a toast stays readable and dismissable while a modal dialog makes the rest of the app inert
// (e.g. a save that failed inside the dialog).
import { type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { resolveValue, Toaster as HotToaster, toast as hotToast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, CloseIcon, ExclamationCircleIcon } from './status-icons';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from './notify';

/** Follows a finger or pointer dragged to the right; past the threshold the toast is dismissed. */
function SwipeToDismiss({ onDismiss, children }: { onDismiss: () => void; children: ReactNode }) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const handlePointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset >= TOAST_SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };

  return (
    <div
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerEnd}
      onPointerCancel={handlePointerEnd}
      style={
        offset
          ? {
              transform: `translateX(${offset}px)`,
              opacity: Math.max(0.2, 1 - offset / 200),
            }
          : undefined
      }
      className="w-full touch-pan-y md:w-auto"
    >
      {children}
    </div>
  );
}

export function ToastList() {
  const { t } = useTranslation('common');
  return createPortal(
    <section
      aria-label={t('toasts.region', { hotkey: TOAST_HOTKEY })}
      tabIndex={-1}
      data-toast-region
      className="focus:outline-none"
    >
      <HotToaster position="bottom-right" gutter={8} toastOptions={{ duration: TOAST_DURATION_MS }}>
        {(toast) => {
          const error = toast.type === 'error';
          const Icon = error ? ExclamationCircleIcon : CheckCircleIcon;
          return (
            <SwipeToDismiss onDismiss={() => hotToast.dismiss(toast.id)}>
              <div
                {...toast.ariaProps}
                className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl p-4 text-sm shadow-lg ring-1 transition-all duration-200 md:max-w-[420px] ${
                  error ? 'bg-red-600 text-white ring-red-700' : 'bg-white text-slate-900 ring-slate-900/10'
                } ${toast.visible ? 'translate-y-0 opacity-100' : 'translate-y-2 opacity-0'}`}
              >
                <Icon className={`size-5 shrink-0 ${error ? 'text-white' : 'text-emerald-500'}`} />
                <div className="min-w-0 flex-1 break-words">{resolveValue(toast.message, toast)}</div>
                <button
                  type="button"
                  onClick={() => hotToast.dismiss(toast.id)}
                  aria-label={t('actions.dismiss')}
                  className={`-m-1 shrink-0 rounded-md p-1 ${error ? 'hover:bg-white/15' : 'hover:bg-slate-100'}`}
                >
                  <CloseIcon className="size-4" />
                </button>
              </div>
            </SwipeToDismiss>
          );
        }}
      </HotToaster>
    </section>,
    document.body,
  );
}
