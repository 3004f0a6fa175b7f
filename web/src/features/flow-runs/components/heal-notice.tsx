// A step found its element in a new way (docs/automation.md "Confirming a candidate and heals"): the page had
// changed, and a person confirmed the element or it looked enough like the recorded one. Offers, in one click,
// a new version of the workflow whose step finds it directly (the previous version stays); the selectors and
// score are behind "Detaljer".
import type { RunStepHeal } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useApplyHeal } from '../api/apply-heal';
import { useRestoreWorkflowVersion } from '../api/restore-workflow-version';
import { describeElement } from '../labels';

type HealNoticeProps = { runId: string; stepResultId: string; heal: RunStepHeal };

function selectorList(selectors: RunStepHeal['newSelectors']) {
  return (
    <ul>
      {selectors.map((s, i) => (
        <li key={i}>{Array.isArray(s) ? s.join(' » ') : s}</li>
      ))}
    </ul>
  );
}

export function HealNotice({ runId, stepResultId, heal }: HealNoticeProps) {
  const { t } = useTranslation('flow_runs');
  const apply = useApplyHeal();
  const restore = useRestoreWorkflowVersion();
  // Right after "Uppdatera arbetsflödet": the version it replaced can be restored at once.
  const undo = apply.data && !restore.isSuccess ? apply.data : undefined;
  const element = describeElement(heal.candidate, t).replace(/^\p{Lu}/u, (c) => c.toLowerCase());
  const how =
    heal.reason === 'confirmed'
      ? heal.decidedByName
        ? t('details.heal.confirmed', { name: heal.decidedByName })
        : t('details.heal.confirmed_someone')
      : t('details.heal.automatic', { percent: Math.round(heal.score * 100) });
  return (
    <section aria-label={t('details.heal.title', { element })} className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-200">
      <p className="font-semibold">{t('details.heal.title', { element })}</p>
      <p>{how}</p>
      {heal.proposal === 'open' && heal.canApply ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <span>{t('details.heal.offer')}</span>
          <Button size="sm" onClick={() => apply.mutate({ runId, stepResultId })} disabled={apply.isPending}>
            {apply.isPending ? t('details.heal.applying') : t('details.heal.apply')}
          </Button>
        </div>
      ) : (
        <p className="mt-1 text-sky-800">
          {heal.proposal === 'applied' ? t('details.heal.applied') : heal.proposal === 'gone' ? t('details.heal.gone') : t('details.heal.not_allowed')}
        </p>
      )}
      {undo ? (
        <Button
          size="sm"
          variant="secondary"
          className="mt-2"
          onClick={() => restore.mutate({ workflowId: undo.workflowId, version: undo.previousVersion, runId })}
          disabled={restore.isPending}
          aria-label={t('details.heal.undo_label', { version: undo.previousVersion })}
        >
          {t('details.heal.undo')}
        </Button>
      ) : null}
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer font-semibold">{t('details.heal.details')}</summary>
        <div className="mt-1 space-y-1 rounded-md bg-white/70 p-2 font-mono break-words text-slate-700">
          <p>{t('details.heal.score', { score: heal.score.toFixed(2), threshold: heal.threshold.toFixed(2) })}</p>
          <p className="font-sans font-semibold">{t('details.heal.new_selectors')}</p>
          {selectorList(heal.newSelectors)}
          <p className="font-sans font-semibold">{t('details.heal.old_selectors')}</p>
          {selectorList(heal.oldSelectors)}
        </div>
      </details>
    </section>
  );
}
