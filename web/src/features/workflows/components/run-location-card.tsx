// Where the organisation lets the workflow run (runLocation): on Kollega's servers, only in a person's own
// browser ("Kör i min webbläsare"), or both. A workflow with a "Logga in själv" step runs in a person's browser
// only, whatever is chosen: the card says so and why. Saved as soon as it is chosen; read-only, with the reason,
// for whoever may not change the workflow.
import { RUN_LOCATIONS, type RunLocation } from '@shared/schemas/workflows';
import type { WorkflowDetail } from '@shared/types/api';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { notify } from '@/components/ui/notify';
import { PermissionNote } from '@/components/ui/permission-note';
import { useCan } from '@/lib/permissions';
import { useUpdateWorkflow } from '../api/update-workflow';

type RunLocationCardProps = {
  workflow: WorkflowDetail;
  /** The saved version has a `login` step. */
  hasLoginStep: boolean;
};

export function RunLocationCard({ workflow, hasLoginStep }: RunLocationCardProps) {
  const { t } = useTranslation('attended');
  const id = useId();
  const change = useCan('workflow.edit', workflow);
  const update = useUpdateWorkflow();
  const current = update.isPending && update.variables ? (update.variables.input.runLocation ?? workflow.runLocation) : workflow.runLocation;

  const choose = (runLocation: RunLocation) =>
    update.mutate({ id: workflow.id, input: { runLocation } }, { onSuccess: () => notify.success(t('location.saved')) });

  return (
    <Card title={t('location.title')}>
      <p className="text-sm text-slate-600">{t('location.description')}</p>
      {hasLoginStep ? (
        <div className="mt-3">
          <Alert variant="warning">{t('location.login_rule')}</Alert>
        </div>
      ) : null}
      {change.allowed ? null : <PermissionNote id={`${id}-reason`} reason={change.reason} className="mt-3" />}
      <fieldset
        disabled={!change.allowed || update.isPending}
        aria-describedby={change.allowed ? undefined : `${id}-reason`}
        className="mt-4 space-y-2"
      >
        <legend className="sr-only">{t('location.label')}</legend>
        {RUN_LOCATIONS.map((location) => (
          <label
            key={location}
            className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200 ring-inset has-checked:bg-indigo-50 has-checked:ring-indigo-300 has-disabled:cursor-default"
          >
            <input
              type="radio"
              name={`${id}-location`}
              value={location}
              checked={current === location}
              onChange={() => choose(location)}
              aria-describedby={`${id}-${location}`}
              className="mt-0.5 size-4 accent-indigo-600"
            />
            <span className="min-w-0 text-sm">
              <span className="block font-medium text-slate-900">{t(`location.options.${location}`)}</span>
              <span id={`${id}-${location}`} className="block text-slate-600">
                {t(`location.hints.${location}`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </Card>
  );
}
