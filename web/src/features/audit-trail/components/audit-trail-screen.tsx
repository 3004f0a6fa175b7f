// /audit-trail: the organisation's activities, newest first, a page at a time ("Visa fler"), searched (details
// and action, case-insensitive) and filtered by user and action on the server; the same filters export as CSV.
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardListIcon, DownloadIcon } from '@/components/ui/icons';
import { buttonClasses } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { ShowMore } from '@/components/ui/show-more';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { useDebounced } from '@/hooks/use-debounced';
import { pageItems } from '@/lib/paging';
import { auditCsvUrl } from '../api/audit-csv-url';
import { auditActivitiesQueryOptions } from '../api/get-audit-activities';
import { actionLabel, KNOWN_ACTIONS } from './action-label';
import { AuditActivityRow } from './audit-activity-row';

export const AUDIT_SKELETON_COUNT = 10;
export const AUDIT_SEARCH_DEBOUNCE_MS = 300;

const selectClasses =
  'block w-full rounded-lg border-0 bg-white py-2.5 pr-8 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none';

export function AuditTrailScreen() {
  const { t } = useTranslation('audit_trail');
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState('');
  const [action, setAction] = useState('');
  const q = useDebounced(search.trim(), AUDIT_SEARCH_DEBOUNCE_MS);
  // While other filters load, the previous list stays (no skeleton flash between keystrokes).
  const activities = useInfiniteQuery({ ...auditActivitiesQueryOptions({ q, userId, action }), placeholderData: keepPreviousData });
  const shown = useMemo(() => pageItems(activities.data), [activities.data]);

  // The people to filter by: everyone seen in the trail so far (a filtered list shows only one, so they are kept).
  const seen = useRef(new Map<string, string>());
  for (const a of shown) if (a.userId) seen.current.set(a.userId, a.userName ?? a.userId);
  const users = [...seen.current.entries()];
  const actions = [...new Set<string>([...KNOWN_ACTIONS, ...(action ? [action] : [])])].sort((x, y) =>
    actionLabel(x, t).localeCompare(actionLabel(y, t)));
  const filtered = Boolean(q || userId || action);

  return (
    <section className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <a href={auditCsvUrl({ q: search, userId, action })} download className={buttonClasses({ variant: 'secondary' })}>
            <DownloadIcon className="size-4" />
            {t('export')}
          </a>
        }
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <SearchInput
          label={t('search_label')}
          placeholder={t('search_placeholder')}
          value={search}
          onChange={setSearch}
          className="sm:col-span-2 lg:col-span-1"
        />
        <select
          aria-label={t('filter_user')}
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
          className={selectClasses}
        >
          <option value="">{t('all_users')}</option>
          {users.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        <select
          aria-label={t('filter_action')}
          value={action}
          onChange={(event) => setAction(event.target.value)}
          className={selectClasses}
        >
          <option value="">{t('all_actions')}</option>
          {actions.map((code) => (
            <option key={code} value={code}>
              {actionLabel(code, t)}
            </option>
          ))}
        </select>
      </div>

      {activities.isPending ? (
        <SkeletonList count={AUDIT_SKELETON_COUNT} label={t('loading')} className="space-y-2" itemClassName="h-16 rounded-lg" />
      ) : activities.isError && !activities.data ? (
        <LoadError
          title={t('error.title')}
          error={activities.error}
          retryLabel={t('error.retry')}
          onRetry={() => void activities.refetch()}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={ClipboardListIcon}
          title={t('empty.title')}
          description={filtered ? t('empty.filtered') : t('empty.none')}
        />
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-slate-500">{t('count', { count: shown.length })}</p>
          <ul
            aria-label={t('list_label')}
            aria-busy={activities.isPlaceholderData || undefined}
            tabIndex={0}
            className="max-h-[600px] focus-visible:outline-2 focus-visible:outline-indigo-600 divide-y divide-slate-100 overflow-y-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            {shown.map((activity) => (
              <li key={activity.id}>
                <AuditActivityRow activity={activity} />
              </li>
            ))}
          </ul>
          <ShowMore list={activities} />
        </div>
      )}
    </section>
  );
}
