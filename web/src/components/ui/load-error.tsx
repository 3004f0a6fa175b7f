// A list that could not be loaded: what failed, the server's message, and a retry.
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

type LoadErrorProps = {
  title: string;
  error: unknown;
  retryLabel?: string;
  onRetry?: () => void;
};

export function LoadError({ title, error, retryLabel, onRetry }: LoadErrorProps) {
  const { t } = useTranslation('common');
  return (
    <div className="space-y-3">
      <Alert variant="error" title={title}>
        {describeError(error, t('errors.network'))}
      </Alert>
      {onRetry && retryLabel ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
