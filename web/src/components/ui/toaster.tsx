// Where toasts appear. The toast library is fetched with the first toast (see notify.tsx), not with
// the page: most visits never show one, and it is a twentieth of the public pages' first-load budget.
import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastsRequested } from './notify';

const ToastList = lazy(() => import('./toast-list').then((module) => ({ default: module.ToastList })));

export function Toaster() {
  const [active, setActive] = useState(false);
  useEffect(() => onToastsRequested(() => setActive(true)), []);
  return active ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
