// The workflow's schedule: a cron expression (with presets) in Europe/Stockholm, on or off, and
// when it runs next. Shown, with its controls disabled and the reason, to those who may not change it.
import { inputDeclarations } from '@shared/schemas/definition';
import { type InputProblem, resolveInputs } from '@shared/schemas/input-values';
import type { WorkflowDetail } from '@shared/types/api';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/notify';
import { PermissionNote } from '@/components/ui/permission-note';
import { SwitchField } from '@/components/ui/switch-field';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useUpdateSchedule } from '../api/update-schedule';
import { useIssueText } from '../hooks/use-issue-text';
import { initialInputValues, InputValueFields } from './input-value-fields';
import { looksLikeCron, SCHEDULE_PRESETS, SCHEDULE_TIMEZONE } from '../schedule-presets';

export function ScheduleCard({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation('workflows');
  const issueText = useIssueText();
  const id = useId();
  const change = useCan('workflow.schedule', workflow);
  const schedule = workflow.schedule;
  const [cron, setCron] = useState(schedule?.cron ?? '');
  const [enabled, setEnabled] = useState(schedule?.enabled ?? true);
  const [invalid, setInvalid] = useState(false);
  // Fixed values of the workflow's inputs for every scheduled run (refused by the server when a required one is missing).
  // A schedule cannot give a file: file inputs are not asked for here (a required one makes the server refuse it).
  const declared = inputDeclarations(workflow.definition);
  const inputs = declared.filter((i) => i.type !== 'file');
  const fileNames = declared.filter((i) => i.type === 'file' && i.required).map((i) => i.label || i.name);
  const [values, setValues] = useState(() => initialInputValues(inputs, schedule?.inputs));
  const [problems, setProblems] = useState<Record<string, InputProblem>>({});
  const update = useUpdateSchedule();
  const serverError = update.error instanceof ApiError ? update.error.fields?.cron : undefined;
  const error = invalid ? issueText('cron_invalid') : serverError;
  const timezone = schedule?.timezone ?? SCHEDULE_TIMEZONE;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = cron.trim();
    if (trimmed !== '' && !looksLikeCron(trimmed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const resolved = resolveInputs(inputs, values);
    setProblems(trimmed === '' ? {} : resolved.problems);
    if (trimmed !== '' && Object.keys(resolved.problems).length) return;
    update.mutate(
      { id: workflow.id, schedule: { cron: trimmed === '' ? null : trimmed, timezone, enabled, inputs: resolved.values } },
      {
        onSuccess: (saved) => {
          if (!saved) notify.success(t('schedule.toast.removed'));
          else
            notify.success(
              t('schedule.toast.saved'),
              saved.nextRunAt ? t('schedule.toast.saved_next', { time: formatDateTime(saved.nextRunAt) }) : undefined,
            );
        },
      },
    );
  };

  const handleRemove = () => {
    setCron('');
    setInvalid(false);
    update.mutate(
      { id: workflow.id, schedule: { cron: null } },
      { onSuccess: () => notify.success(t('schedule.toast.removed')) },
    );
  };

  return (
    <Card title={t('schedule.title')}>
      <p className="text-sm text-slate-600">{t('schedule.description')}</p>
      {change.allowed ? null : <PermissionNote id={`${id}-reason`} reason={change.reason} className="mt-3" />}
      <form onSubmit={handleSubmit} noValidate aria-label={t('schedule.title')} className="mt-4">
        <fieldset
          disabled={!change.allowed}
          aria-describedby={change.allowed ? undefined : `${id}-reason`}
          className="min-w-0 space-y-4"
        >
          <div role="group" aria-label={t('schedule.presets_label')} className="flex flex-wrap gap-1.5">
            {SCHEDULE_PRESETS.map((preset) => (
              <button
                key={preset.key}
                type="button"
                aria-pressed={cron.trim() === preset.cron}
                onClick={() => {
                  setCron(preset.cron);
                  setInvalid(false);
                }}
                className="rounded-full px-3 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800 aria-pressed:ring-indigo-300"
              >
                {t(`schedule.presets.${preset.key}`)}
              </button>
            ))}
          </div>
          <div>
            <label htmlFor={`${id}-cron`} className="block text-sm font-medium text-slate-800">
              {t('schedule.cron_label')}
            </label>
            <Input
              id={`${id}-cron`}
              value={cron}
              onChange={(event) => setCron(event.target.value)}
              invalid={error !== undefined}
              aria-describedby={`${id}-cron-hint${error ? ` ${id}-cron-error` : ''}`}
              className="mt-1.5 font-mono"
              spellCheck={false}
              autoComplete="off"
            />
            {error ? (
              <p id={`${id}-cron-error`} className="mt-1.5 text-sm text-red-600">
                {error}
              </p>
            ) : null}
            <p id={`${id}-cron-hint`} className="mt-1.5 text-sm text-slate-500">
              {t('schedule.cron_hint')}
            </p>
          </div>
          {inputs.length ? (
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900">{t('schedule.inputs_title')}</legend>
              <InputValueFields idPrefix={`${id}-input`} inputs={inputs} values={values} problems={problems} onChange={setValues} />
            </fieldset>
          ) : null}
          {fileNames.length ? <p className="text-sm text-amber-800">{t('run_inputs.schedule_no_files', { names: fileNames.join(', ') })}</p> : null}
          <SwitchField
            label={t('schedule.enabled')}
            description={t('schedule.enabled_description')}
            checked={enabled}
            onChange={setEnabled}
          />
          <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-500">{t('schedule.timezone')}</dt>
              <dd className="font-medium text-slate-900">{timezone}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t('schedule.next_run')}</dt>
              <dd className="font-medium text-slate-900">
                {!schedule
                  ? t('schedule.never')
                  : !schedule.enabled
                    ? t('schedule.off')
                    : schedule.nextRunAt
                      ? formatDateTime(schedule.nextRunAt)
                      : t('schedule.never')}
              </dd>
            </div>
            {schedule?.lastRunAt ? (
              <div>
                <dt className="text-xs text-slate-500">{t('schedule.last_run')}</dt>
                <dd className="font-medium text-slate-900">{formatDateTime(schedule.lastRunAt)}</dd>
              </div>
            ) : null}
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" isPending={update.isPending} pendingLabel={t('schedule.saving')}>
              {t('schedule.save')}
            </Button>
            {schedule ? (
              <Button variant="secondary" size="sm" onClick={handleRemove} disabled={update.isPending}>
                {t('schedule.remove')}
              </Button>
            ) : null}
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
