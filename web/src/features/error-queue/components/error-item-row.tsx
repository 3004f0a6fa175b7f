import type { ErrorQueueItem } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { ArrowUpIcon, CheckIcon, EyeIcon, NoSymbolIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { errorTypeLabel } from './error-type-label';

type ErrorItemRowProps = {
  item: ErrorQueueItem;
  canModerate: boolean;
  isResolving: boolean;
  onResolve: (item: ErrorQueueItem) => void;
  onDetails: (item: ErrorQueueItem) => void;
  onIgnore: (item: ErrorQueueItem) => void;
  onEscalate: (item: ErrorQueueItem) => void;
};

export function ErrorItemRow({ item, canModerate, isResolving, onResolve, onDetails, onIgnore, onEscalate }: ErrorItemRowProps) {
  const { t } = useTranslation('error_queue');
  const type = errorTypeLabel(item.errorType, t);
  return (
    <article
      aria-label={t('item.label', { type, message: item.errorMessage })}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="red">{type}</Badge>
            <Badge tone={item.priority === 'high' ? 'red' : item.priority === 'medium' ? 'amber' : 'slate'}>
              {t(`priority.${item.priority}`)}
            </Badge>
            <span className="text-xs text-slate-500">
              {t('item.created')} <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
            </span>
          </div>
          <p className="text-sm font-medium break-words text-slate-900">{item.errorMessage}</p>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
            <div className="flex gap-1">
              <dt>{t('item.workflow')}</dt>
              <dd className="font-mono break-all text-slate-700">{item.workflowName ?? item.workflowId}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('item.execution')}</dt>
              <dd className="font-mono break-all text-slate-700">{item.executionId}</dd>
            </div>
            {item.stepId ? (
              <div className="flex gap-1">
                <dt>{t('item.step')}</dt>
                <dd className="font-mono break-all text-slate-700">{item.stepId}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button size="sm" onClick={() => onResolve(item)} isPending={isResolving} pendingLabel={t('item.resolving')}>
            <CheckIcon className="size-4" />
            {t('item.resolve')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onDetails(item)}>
            <EyeIcon className="size-4" />
            {t('item.details')}
          </Button>
          {canModerate ? (
            <>
              <Button size="sm" variant="ghost" onClick={() => onEscalate(item)}>
                <ArrowUpIcon className="size-4" />
                {t('item.escalate')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onIgnore(item)}>
                <NoSymbolIcon className="size-4" />
                {t('item.ignore')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </article>
  );
}
