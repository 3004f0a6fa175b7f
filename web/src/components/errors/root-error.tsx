// What the root route shows when a route throws: the generic error screen with a retry.
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RouteError } from './route-error';

export function RootError({ error }: ErrorComponentProps) {
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
