// One pending error: type, priority, time, message, workflow, run and step. 'Lös' offers a retry of
// the run from the failed step (its page is rebuilt first: the steps before it on that page run again; the
// server then resolves the item) or marking it resolved; a run a decision stopped is no failure to retry but
// a case to review: 'Markera som granskad' resolves it. 'Visa
// detaljer' opens the run. Superusers and admins may also escalate and ignore.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ErrorQueueItem } from '@shared/types/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RunErrorExplanation, useRunErrorExplanation } from '@/components/run-error/run-error-explanation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { ArrowUpIcon, CheckIcon, ChevronDownIcon, EyeIcon, NoSymbolIcon, RetryIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { errorTypeLabel } from './error-type-label';

type ErrorItemRowProps = {
  item: ErrorQueueItem;
  canModerate: boolean;
  isBusy: boolean;
  onRetry: (item: ErrorQueueItem) => void;
  onResolve: (item: ErrorQueueItem) => void;
  onIgnore: (item: ErrorQueueItem) => void;
  onEscalate: (item: ErrorQueueItem) => void;
};

const itemClasses =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

export function ErrorItemRow({ item, canModerate, isBusy, onRetry, onResolve, onIgnore, onEscalate }: ErrorItemRowProps) {
  const { t } = useTranslation('error_queue');
  const type = errorTypeLabel(item.errorType, t);
  const explanation = useRunErrorExplanation()(item.errorType);
  const isStop = item.errorType === 'stopped_by_decision';
  return (
    <article
      aria-label={t('item.label', { type, message: explanation })}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={isStop ? 'amber' : 'red'}>{type}</Badge>
            <Badge tone={item.priority === 'high' ? 'red' : item.priority === 'medium' ? 'amber' : 'slate'}>
              {t(`priority.${item.priority}`)}
            </Badge>
            <span className="text-xs text-slate-600">
              {t('item.created')} <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
            </span>
          </div>
          <RunErrorExplanation errorType={item.errorType} errorMessage={item.errorMessage} compact className="text-sm text-slate-900" />
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
            <div className="flex gap-1">
              <dt>{t('item.workflow')}</dt>
              <dd className="break-all text-slate-700">{item.workflowName ?? item.workflowId}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('item.execution')}</dt>
              <dd className="font-mono break-all text-slate-700">{item.executionId}</dd>
            </div>
            {item.stepIndex !== null ? (
              <div className="flex gap-1">
                <dt>{t('item.step')}</dt>
                <dd className="text-slate-700">{item.stepIndex + 1}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {isStop ? (
            <Button size="sm" disabled={isBusy} aria-busy={isBusy || undefined} onClick={() => onResolve(item)}>
              {isBusy ? <Spinner label={t('item.reviewing')} className="size-4" /> : <CheckIcon className="size-4" />}
              {t('item.mark_reviewed')}
            </Button>
          ) : (
            <Menu>
              <MenuButton disabled={isBusy} aria-busy={isBusy || undefined} className={buttonClasses({ size: 'sm' })}>
                {isBusy ? <Spinner label={t('item.resolving')} className="size-4" /> : <CheckIcon className="size-4" />}
                {t('item.resolve')}
                <ChevronDownIcon className="size-4" />
              </MenuButton>
              <MenuItems
                anchor={{ to: 'bottom end', gap: 4 }}
                className="z-50 w-60 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
              >
                <MenuItem>
                  <button
                    type="button"
                    className={`${itemClasses} items-start`}
                    onClick={() => onRetry(item)}
                    aria-label={t('item.retry_from_step')}
                    aria-describedby={`retry-hint-${item.id}`}
                  >
                    <RetryIcon className="mt-0.5 size-4 shrink-0 text-slate-400" />
                    <span>
                      <span className="block">{t('item.retry_from_step')}</span>
                      <span id={`retry-hint-${item.id}`} className="block text-xs text-slate-500">
                        {t('item.retry_from_step_hint')}
                      </span>
                    </span>
                  </button>
                </MenuItem>
                <MenuItem>
                  <button type="button" className={itemClasses} onClick={() => onResolve(item)}>
                    <CheckIcon className="size-4 text-slate-400" />
                    {t('item.mark_resolved')}
                  </button>
                </MenuItem>
              </MenuItems>
            </Menu>
          )}
          <Link
            to="/workflow-execution/$runId"
            params={{ runId: item.executionId }}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <EyeIcon className="size-4" />
            {t('item.details')}
          </Link>
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
