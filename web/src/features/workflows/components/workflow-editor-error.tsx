// The editor's route could not load its workflow: not found (deleted, or another organisation's),
// or any other failure with the server's message and a retry.
import { Link, type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { WorkflowIcon } from '@/components/ui/icons';
import { buttonClasses } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { ApiError } from '@/lib/api-client';

export function WorkflowEditorError({ error }: ErrorComponentProps) {
  const { t } = useTranslation('workflows');
  const router = useRouter();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      {notFound ? (
        <EmptyState icon={WorkflowIcon} title={t('editor.not_found.title')} description={t('editor.not_found.description')}>
          <Link to="/workflows" className={buttonClasses()}>
            {t('editor.not_found.back')}
          </Link>
        </EmptyState>
      ) : (
        <LoadError title={t('editor.error.title')} error={error} retryLabel={t('editor.error.retry')} onRetry={() => void router.invalidate()} />
      )}
    </section>
  );
}
