// One audit activity (SPEC §2): icon, action badge, Swedish timestamp, details, user, optional
// workflow and execution ids, resource, IP address and collapsible metadata as formatted JSON.
import type { AuditActivity } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import {
  CheckCircleIcon,
  ClipboardListIcon,
  type IconComponent,
  PencilIcon,
  PlayIcon,
  SparklesIcon,
  TrashIcon,
} from '@/components/ui/icons';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { actionLabel, actorLabel, secretUseFacts } from './action-label';

const looks: Record<string, { Icon: IconComponent; tone: BadgeTone }> = {
  workflow_created: { Icon: SparklesIcon, tone: 'green' },
  workflow_executed: { Icon: PlayIcon, tone: 'indigo' },
  workflow_updated: { Icon: PencilIcon, tone: 'sky' },
  workflow_deleted: { Icon: TrashIcon, tone: 'red' },
  error_resolved: { Icon: CheckCircleIcon, tone: 'violet' },
};
const fallbackLook = { Icon: ClipboardListIcon, tone: 'slate' as BadgeTone };

export function AuditActivityRow({ activity }: { activity: AuditActivity }) {
  const { t } = useTranslation('audit_trail');
  const { Icon, tone } = looks[activity.action] ?? fallbackLook;
  const facts: Array<[string, string]> = [
    [t('row.user'), actorLabel(activity, t)],
    ...secretUseFacts(activity, t),
    ...(activity.workflowId ? [[t('row.workflow'), activity.workflowId] as [string, string]] : []),
    ...(activity.executionId ? [[t('row.execution'), activity.executionId] as [string, string]] : []),
    ...(activity.resource ? [[t('row.resource'), activity.resource] as [string, string]] : []),
    ...(activity.ipAddress ? [[t('row.ip'), activity.ipAddress] as [string, string]] : []),
  ];
  return (
    <article className="flex gap-3 px-4 py-4 sm:px-5">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={tone}>{actionLabel(activity.action, t)}</Badge>
          <time dateTime={activity.timestamp} className="text-xs text-slate-500">
            {new Date(activity.timestamp).toLocaleString('sv-SE')}
          </time>
        </div>
        <p className="text-sm break-words text-slate-900">{activity.details}</p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          {facts.map(([label, value]) => (
            <div key={label} className="flex min-w-0 gap-1">
              <dt>{label}:</dt>
              <dd className="font-mono break-all text-slate-700">{value}</dd>
            </div>
          ))}
        </dl>
        {activity.metadata && Object.keys(activity.metadata).length > 0 ? (
          <details className="group text-xs">
            <summary className="cursor-pointer rounded font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600">
              {t('row.metadata')}
            </summary>
            <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-slate-100">
              {JSON.stringify(activity.metadata, null, 2)}
            </pre>
          </details>
        ) : null}
      </div>
    </article>
  );
}
