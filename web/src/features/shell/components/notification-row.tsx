// One notification in the bell's list: what happened, to which workflow, when, whether it is unread, as a link
// to where it is handled (the run, or the workflow's batches).
import type { AppNotification } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useClose } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

type NotificationRowProps = {
  notification: AppNotification;
  onOpen: () => void;
};

const rowClasses = 'flex gap-3 rounded-lg px-3 py-2 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none';

export function NotificationRow({ notification, onOpen }: NotificationRowProps) {
  const { t } = useTranslation('shell');
  const close = useClose();
  const { kind, details, workflowName } = notification;
  const what =
    kind === 'task_assigned'
      ? t('notifications.kind.task_assigned', { task: t(`notifications.task_kind.${details.taskKind ?? 'manual_step'}`) })
      : t(`notifications.kind.${kind}`);
  const detail =
    kind === 'task_assigned' && details.title
      ? `${workflowName}: ${details.title}`
      : kind === 'batch_finished'
        ? `${workflowName}: ${t('notifications.batch_counts', { completed: details.completed ?? 0, failed: details.failed ?? 0 })}`
        : workflowName;
  const handleClick = () => {
    onOpen();
    close();
  };
  const body = (
    <>
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.readAt ? 'bg-transparent' : 'bg-indigo-600'}`} />
      <span className="min-w-0">
        <span className="block text-sm font-medium break-words text-slate-900">
          {notification.readAt ? null : <span className="sr-only">{t('notifications.unread')} </span>}
          {what}
        </span>
        <span className="block text-xs break-words text-slate-600">{detail}</span>
        <span className="block text-xs text-slate-500">{formatDateTime(notification.createdAt)}</span>
      </span>
    </>
  );
  if (kind === 'batch_finished' && notification.workflowId) {
    return (
      <Link to="/workflows/$workflowId" params={{ workflowId: notification.workflowId }} onClick={handleClick} className={rowClasses}>
        {body}
      </Link>
    );
  }
  if (notification.runId) {
    return (
      <Link to="/workflow-execution/$runId" params={{ runId: notification.runId }} onClick={handleClick} className={rowClasses}>
        {body}
      </Link>
    );
  }
  return <div className={rowClasses}>{body}</div>;
}
