// The top bar's bell: the person's own notifications, which the database writes when a run of theirs fails, a
// task waits for them or their role, or a batch they started finishes (docs/product.md "Notifications"). The
// count asks the server one cheap question every half minute (GET /api/notifications/unread) and shows only
// when something is unread; the list is read only while the panel is open, a page at a time. Opening an entry
// marks it read and goes to its run or workflow; "Markera alla som lästa" marks them all.
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { BellIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { notificationsQueryOptions } from '../api/get-notifications';
import { unreadNotificationsQueryOptions } from '../api/get-unread-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NAV_BADGE_REFRESH_MS } from '../hooks/use-nav-badges';
import { NotificationRow } from './notification-row';

export function NotificationBell() {
  const { t } = useTranslation('shell');
  const unreadId = useId();
  const { data } = useQuery({ ...unreadNotificationsQueryOptions(), refetchInterval: NAV_BADGE_REFRESH_MS });
  const count = data?.unread ?? 0;

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={t('top_bar.notifications')}
        aria-describedby={count > 0 ? unreadId : undefined}
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus:ring-2 focus:ring-indigo-600 focus:outline-none"
      >
        <BellIcon className="size-6" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-dot"
            className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-500 px-1 text-[10px] leading-4 font-semibold text-white ring-2 ring-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </PopoverButton>
      {count > 0 ? (
        <span id={unreadId} className="sr-only">
          {t('top_bar.notifications_unread', { count })}
        </span>
      ) : null}
      <PopoverPanel
        focus
        role="dialog"
        aria-label={t('top_bar.notifications')}
        className="absolute right-0 z-40 mt-2 w-96 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
      >
        <NotificationList unread={count} />
      </PopoverPanel>
    </Popover>
  );
}

/** Mounted only while the panel is open, so the list is read only then. */
function NotificationList({ unread }: { unread: number }) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation('common');
  const list = useInfiniteQuery(notificationsQueryOptions());
  const markRead = useMarkNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <p className="text-sm font-semibold text-slate-900">{t('top_bar.notifications')}</p>
        {items.length > 0 ? (
          // aria-disabled, not disabled: the focus stays on it once everything is read, so Escape still closes.
          <button
            type="button"
            aria-disabled={unread === 0 || markRead.isPending}
            onClick={() => unread > 0 && !markRead.isPending && markRead.mutate(undefined)}
            className="rounded-lg px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus:ring-2 focus:ring-indigo-600 focus:outline-none aria-disabled:cursor-default aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent"
          >
            {t('notifications.mark_all_read')}
          </button>
        ) : null}
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-4 text-slate-500">
          <Spinner label={t('notifications.loading')} />
        </div>
      ) : list.isError ? (
        <div className="m-2 space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          <p>{t('notifications.error')}</p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {tCommon('actions.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="px-3 py-4 text-sm text-slate-600">{t('notifications.empty')}</p>
      ) : (
        <>
          <ul className="max-h-96 overflow-y-auto">
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationRow notification={notification} onOpen={() => !notification.readAt && markRead.mutate([notification.id])} />
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="px-3 py-2">
              <Button variant="secondary" size="sm" isPending={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t('notifications.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
