// "Versionshistorik": every saved version, newest first, with who saved it and when, what changed from the
// version before (as step sentences), and "Återställ" to save an earlier version again as the newest (the
// replaced one stays in the list). Restoring waits until unsaved changes are saved or undone, and is only
// for those who may change the steps; a disabled button says why.
import { useQuery } from '@tanstack/react-query';
import type { WorkflowVersion } from '@shared/types/api';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/notify';
import { formatDateTime } from '@/lib/format';
import { workflowVersionsQueryOptions } from '../api/get-workflow-versions';
import { useRestoreVersion } from '../api/restore-version';
import { VersionChanges } from './version-changes';

type VersionHistoryCardProps = {
  workflowId: string;
  currentVersion: number | null;
  /** Why restoring is not possible now (no right to edit, unsaved changes); null when it is. */
  restoreBlockedReason: string | null;
};

export function VersionHistoryCard({ workflowId, currentVersion, restoreBlockedReason }: VersionHistoryCardProps) {
  const { t } = useTranslation('workflows');
  const versions = useQuery(workflowVersionsQueryOptions(workflowId));
  const restore = useRestoreVersion();
  const [restoring, setRestoring] = useState<number | null>(null);
  const reasonId = useId();
  const list = versions.data ?? [];

  const handleRestore = () => {
    if (restoring === null) return;
    restore.mutate(
      { workflowId, version: restoring },
      {
        onSuccess: (saved) => {
          notify.success(t('history.toast.restored', { restored: restoring, version: saved.version }));
          setRestoring(null);
        },
      },
    );
  };

  return (
    <Card title={t('history.title')}>
      {versions.isPending ? <p className="text-sm text-slate-500">{t('history.loading')}</p> : null}
      {versions.isError ? <p className="text-sm text-red-700">{t('history.load_failed')}</p> : null}
      {versions.isSuccess && list.length === 0 ? <p className="text-sm text-slate-500">{t('history.empty')}</p> : null}
      {restoreBlockedReason && list.length > 1 ? (
        <p id={reasonId} className="mb-3 text-sm text-slate-600">
          {restoreBlockedReason}
        </p>
      ) : null}
      <ol aria-label={t('history.list_label')} className="space-y-3">
        {list.map((version, index) => (
          <VersionItem
            key={version.version}
            version={version}
            previous={list[index + 1]}
            current={version.version === currentVersion}
            restoreBlocked={restoreBlockedReason !== null}
            reasonId={reasonId}
            onRestore={() => setRestoring(version.version)}
          />
        ))}
      </ol>
      <ConfirmDialog
        open={restoring !== null}
        title={t('history.restore_dialog.title', { version: restoring ?? 0 })}
        description={t('history.restore_dialog.description', { version: restoring ?? 0 })}
        confirmLabel={t('history.restore_dialog.confirm')}
        cancelLabel={t('history.restore_dialog.cancel')}
        pendingLabel={t('history.restore_dialog.pending')}
        isPending={restore.isPending}
        onConfirm={handleRestore}
        onClose={() => setRestoring(null)}
      />
    </Card>
  );
}

type VersionItemProps = {
  version: WorkflowVersion;
  previous: WorkflowVersion | undefined;
  current: boolean;
  restoreBlocked: boolean;
  reasonId: string;
  onRestore: () => void;
};

function VersionItem({ version, previous, current, restoreBlocked, reasonId, onRestore }: VersionItemProps) {
  const { t } = useTranslation('workflows');
  const source = (['editor', 'recorder', 'import', 'template', 'heal'] as const).find((s) => s === version.source) ?? 'editor';
  return (
    <li className="rounded-lg p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
            {t('history.version', { version: version.version })}
            {current ? <Badge tone="green">{t('history.current')}</Badge> : null}
          </p>
          <p className="text-xs text-slate-600">
            {t('history.saved_by', {
              when: formatDateTime(version.createdAt),
              who: version.createdByName ?? t('history.unknown_person'),
              source: t(`history.source.${source}`),
            })}
          </p>
        </div>
        {current ? null : (
          <Button
            variant="secondary"
            size="sm"
            onClick={onRestore}
            disabled={restoreBlocked}
            aria-describedby={restoreBlocked ? reasonId : undefined}
            aria-label={t('history.restore_label', { version: version.version })}
          >
            {t('history.restore')}
          </Button>
        )}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-indigo-700 select-none">{t('history.show_changes')}</summary>
        <VersionChanges before={previous?.definition.steps ?? []} after={version.definition.steps} first={previous === undefined} />
      </details>
    </li>
  );
}
