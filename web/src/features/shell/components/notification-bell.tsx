// The top bar's bell: what waits for someone in the organisation right now, from rows that exist: open human
// tasks (an AI decision to confirm, a manual step; handled at their run) and pending error queue items
// (handled in the error queue). The dot, its count and "Du har olästa notifieringar" show only when something
// waits. The same queries (keys) as the sidebar's counts, flow management and the error queue, asked again
// every 30 s, so deciding a task or resolving an error anywhere empties the bell too.
import { Popover, PopoverButton, PopoverPanel, useClose } from '@headlessui/react';
import type { ErrorQueueItem, HumanTask } from '@shared/types/api';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunErrorExplanation } from '@/components/run-error/run-error-explanation';
import { Button } from '@/components/ui/button';
import { BellIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { errorQueueQueryOptions } from '@/features/error-queue/api/get-error-queue';
import { openTasksQueryOptions } from '../api/get-open-tasks';
import { NAV_BADGE_REFRESH_MS } from '../hooks/use-nav-badges';

/** How many of each kind the panel lists; the rest are behind "Visa alla". */
export const NOTIFICATIONS_SHOWN = 5;

const pendingOnly = (items: ErrorQueueItem[]) => items.filter((item) => item.status === 'pending');

const entryClasses = 'block rounded-lg px-3 py-2 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none';
const moreClasses = 'block px-3 py-1 text-sm font-medium text-indigo-700 hover:underline';

export function NotificationBell() {
  const { t } = useTranslation('shell');
  const unreadId = useId();
  const tasks = useQuery({ ...openTasksQueryOptions(), refetchInterval: NAV_BADGE_REFRESH_MS });
  const errors = useQuery({ ...errorQueueQueryOptions(), select: pendingOnly, refetchInterval: NAV_BADGE_REFRESH_MS });

  const openTasks: HumanTask[] = tasks.data ?? [];
  const pendingErrors: ErrorQueueItem[] = errors.data ?? [];
  const count = openTasks.length + pendingErrors.length;
  const isPending = tasks.isPending || errors.isPending;
  const failed = [tasks, errors].filter((query) => query.isError);

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
        className="absolute right-0 z-40 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
      >
        <NotificationList openTasks={openTasks} pendingErrors={pendingErrors} isPending={isPending} failed={failed} />
      </PopoverPanel>
    </Popover>
  );
}

type NotificationListProps = {
  openTasks: HumanTask[];
  pendingErrors: ErrorQueueItem[];
  isPending: boolean;
  failed: Array<{ refetch: () => unknown }>;
};

function NotificationList({ openTasks, pendingErrors, isPending, failed }: NotificationListProps) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation('common');
  const explain = useRunErrorExplanation();
  const close = useClose();
  const count = openTasks.length + pendingErrors.length;
  const heading =
    count > 0
      ? t('notifications.waiting', { count })
      : isPending
        ? t('notifications.loading')
        : failed.length === 0
          ? t('notifications.empty')
          : t('top_bar.notifications');
  const sections = [
    {
      key: 'tasks',
      heading: t('notifications.tasks'),
      total: openTasks.length,
      entries: openTasks.slice(0, NOTIFICATIONS_SHOWN).map((task) => (
        <li key={task.id}>
          <Link onClick={close} to="/workflow-execution/$runId" params={{ runId: task.runId }} className={entryClasses}>
            <EntryText
              title={task.workflowName}
              detail={`${t(`notifications.task_kind.${task.kind}`)}${task.title ? `: ${task.title}` : ''}`}
            />
          </Link>
        </li>
      )),
      moreTo: '/workflow-execution' as const,
      more: t('notifications.all_tasks', { count: openTasks.length }),
    },
    {
      key: 'errors',
      heading: t('notifications.errors'),
      total: pendingErrors.length,
      entries: pendingErrors.slice(0, NOTIFICATIONS_SHOWN).map((item) => (
        <li key={item.id}>
          <Link onClick={close} to="/error-queue" className={entryClasses}>
            <EntryText title={item.workflowName ?? t('notifications.unknown_workflow')} detail={explain(item.errorType)} />
          </Link>
        </li>
      )),
      moreTo: '/error-queue' as const,
      more: t('notifications.all_errors', { count: pendingErrors.length }),
    },
  ];
  return (
    <>
      <p className="px-3 py-2 text-sm font-semibold text-slate-900">{heading}</p>
      {isPending ? (
        <div className="flex justify-center py-4 text-slate-500">
          <Spinner label={t('notifications.loading')} />
        </div>
      ) : null}
      {failed.length > 0 ? (
        <div className="m-2 space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          <p>{t('notifications.error')}</p>
          <Button variant="secondary" size="sm" onClick={() => failed.forEach((query) => void query.refetch())}>
            {tCommon('actions.retry')}
          </Button>
        </div>
      ) : null}
      {sections.map((section) =>
        section.total > 0 ? (
          <section key={section.key} className="py-1">
            <h3 className="px-3 pt-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{section.heading}</h3>
            <ul>{section.entries}</ul>
            {section.total > NOTIFICATIONS_SHOWN ? (
              <Link onClick={close} to={section.moreTo} className={moreClasses}>
                {section.more}
              </Link>
            ) : null}
          </section>
        ) : null,
      )}
    </>
  );
}

function EntryText({ title, detail }: { title: string; detail: string }) {
  return (
    <>
      <span className="block text-sm font-medium break-words text-slate-900">{title}</span>
      <span className="block text-xs break-words text-slate-600">{detail}</span>
    </>
  );
}
