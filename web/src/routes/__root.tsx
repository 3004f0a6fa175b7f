import { createRootRouteWithContext, type ErrorComponentProps, Outlet, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RouterContext } from '@/app/router';
import { NotFound } from '@/components/errors/not-found';
import { RouteError } from '@/components/errors/route-error';
import { Toaster } from '@/components/ui/toaster';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Always behind a Suspense boundary, also when rendered in Node (web/src/prerender.tsx), so the
  // pre-rendered markup and the browser's tree have the same shape for hydration.
  wrapInSuspense: true,
  notFoundComponent: NotFound,
  errorComponent: RootError,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

function RootError({ error }: ErrorComponentProps) {
  const { t } = useTranslation('common');
  const router = useRouter();
  return (
    <RouteError
      error={error}
      title={t('errors.unexpected_title')}
      description={t('errors.unexpected_description')}
      onRetry={() => void router.invalidate()}
    />
  );
}
