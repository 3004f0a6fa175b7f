// The foot of a paged list, the same on every screen: "Visa fler" while the server has more, a spinner while
// the next page loads, and what went wrong (with a retry) when it could not be loaded. Nothing on the last page.
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

type ShowMoreProps = {
  /** The list's infinite query (useInfiniteQuery's result). */
  list: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'error' | 'fetchNextPage'>;
};

export function ShowMore({ list }: ShowMoreProps) {
  const { t } = useTranslation('common');
  const onLoadMore = () => void list.fetchNextPage();
  // A failed next page: the loaded pages stay on screen, with why and a retry below them.
  if (list.isFetchNextPageError && !list.isFetchingNextPage) {
    return (
      <div className="space-y-3">
        <Alert variant="error" title={t('list.more_failed')}>
          {describeError(list.error, t('errors.network'))}
        </Alert>
        <div className="flex justify-center">
          <Button variant="secondary" size="sm" onClick={onLoadMore}>
            {t('actions.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (!list.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button variant="secondary" isPending={list.isFetchingNextPage} pendingLabel={t('list.loading_more')} onClick={onLoadMore}>
        {t('list.show_more')}
      </Button>
    </div>
  );
}
