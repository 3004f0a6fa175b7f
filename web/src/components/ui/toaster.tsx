// Where toasts appear. The toast library is fetched with the first toast (see notify.tsx), not with
// the page: most visits never show one, and it is a twentieth of the public pages' first-load budget.
import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastsRequested, TOAST_HOTKEY } from './notify';

const ToastList = lazy(() => import('./toast-list').then((module) => ({ default: module.ToastList })));

export function Toaster() {
  const [active, setActive] = useState(false);
  useEffect(() => onToastsRequested(() => setActive(true)), []);
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      const region = document.querySelector<HTMLElement>('[data-toast-region]');
      if (!region) return;
      event.preventDefault();
      region.focus();
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, []);
  return active ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
