// One human task (docs/automation.md "AI decisions and people"): what the run waits for, why a person
// decides, the inputs the decision is about, the AI's suggestion with its confidence and reason, and the
// options (or "done" for a manual step); for an element confirmation the page with the suggested element
// outlined and "Ja, det är rätt" / "Nej" (element-question.tsx). Deciding resumes the run. A task whose step
// names approvers says who may decide it; someone who may not sees the buttons disabled and why.
import type { HumanTask } from '@shared/types/api';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useDecideTask } from '../api/decide-task';
import { ElementQuestion } from './element-question';

function inputEntries(task: HumanTask): Array<[string, string]> {
  return [...Object.entries(task.inputs.variables ?? {}), ...Object.entries(task.inputs.inputs ?? {})];
}

/** "Kan beslutas av: Administratör eller Superanvändare, men inte av den som startade körningen"; null for any member. */
function ApproversLine({ approvers }: { approvers: HumanTask['approvers'] }) {
  const { t, i18n } = useTranslation(['flow_runs', 'common']);
  if (!approvers.roles && !approvers.notStarter) return null;
  const who = approvers.roles
    ? new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(approvers.roles.map((role) => t(`common:roles.${role}`)))
    : t('tasks.card.approvers_anyone');
  return <p className="mt-3 text-sm text-slate-700">{t(approvers.notStarter ? 'tasks.card.approvers_not_starter' : 'tasks.card.approvers', { who })}</p>;
}

export function TaskCard({ task }: { task: HumanTask }) {
  const { t } = useTranslation('flow_runs');
  const headingId = useId();
  const reasonId = useId();
  const decide = useDecideTask();
  const isElement = task.kind === 'element_confirmation';
  // An element confirmation's answers are the app's own words, in the reader's language.
  const labelOf = (value: string) =>
    isElement && (value === 'yes' || value === 'no') ? t(`tasks.element.answer.${value}`) : (task.options.find((o) => o.value === value)?.label ?? value);
  const entries = inputEntries(task);

  const choose = (choice: string) => decide.mutate({ id: task.id, choice });
  const markDone = () => decide.mutate({ id: task.id, done: true });
  const refusal = task.canDecide ? null : task.cannotDecideReason;
  const buttonState = { disabled: decide.isPending || !!refusal, 'aria-describedby': refusal ? reasonId : undefined };

  return (
    <article aria-labelledby={headingId} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-amber-300">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words text-slate-900">
            {task.title || t(`tasks.kind.${task.kind}`)}
          </h3>
          <p className="text-xs text-slate-600">
            {t('tasks.card.workflow', { name: task.workflowName, step: task.stepIndex + 1 })}
            {' · '}
            {t('tasks.card.since', { time: formatDateTime(task.createdAt) })}
          </p>
        </div>
        <Badge tone={task.kind === 'manual_step' ? 'amber' : isElement ? 'sky' : 'violet'}>{t(`tasks.kind.${task.kind}`)}</Badge>
      </div>
      {isElement && task.candidate ? (
        <ElementQuestion task={task} candidate={task.candidate} />
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-700">{t(`tasks.handover.${task.handoverReason}`)}</p>
          {task.instructions ? <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-900">{task.instructions}</p> : null}
        </>
      )}

      {task.kind === 'ai_confirmation' ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-slate-900">{t('tasks.card.inputs')}</h4>
          {entries.length ? (
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {entries.map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="font-mono text-xs text-slate-600">{name}</dt>
                  <dd className="break-words text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-1 text-sm text-slate-600">{t('tasks.card.no_inputs')}</p>
          )}
          <h4 className="mt-4 text-sm font-semibold text-slate-900">{t('tasks.card.suggestion')}</h4>
          {task.suggestion !== null ? (
            <p className="mt-1 text-sm text-slate-900">
              {t('tasks.card.suggestion_value', { label: labelOf(task.suggestion), confidence: task.confidence ?? 0 })}
              {task.reason ? <span className="block text-slate-600">{t('tasks.card.reason', { reason: task.reason })}</span> : null}
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-600">{t('tasks.card.no_suggestion')}</p>
          )}
        </>
      ) : null}

      {task.status === 'decided' ? (
        <p className="mt-4 text-sm font-medium text-green-800">
          {t('tasks.card.decided', { choice: labelOf(task.decidedChoice ?? ''), name: task.decidedByName ?? '' })}
        </p>
      ) : null}

      {task.status === 'open' ? <ApproversLine approvers={task.approvers} /> : null}
      {task.status === 'open' && refusal ? (
        <p id={reasonId} className="mt-1 text-sm font-medium text-amber-900">
          {t(`tasks.card.cannot_decide.${refusal}`)}
        </p>
      ) : null}
      {task.status === 'open' ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {task.kind === 'manual_step' ? (
            <Button size="sm" onClick={markDone} {...buttonState} aria-label={t('tasks.card.done_label', { title: task.title })}>
              {t('tasks.card.done')}
            </Button>
          ) : (
            task.options.map((option) => (
              <Button
                key={option.value}
                size="sm"
                variant={option.value === task.suggestion || (isElement && option.value === 'yes') ? 'primary' : 'secondary'}
                onClick={() => choose(option.value)}
                {...buttonState}
                aria-label={
                  isElement && (option.value === 'yes' || option.value === 'no')
                    ? t(`tasks.element.answer_label.${option.value}`, { title: task.title })
                    : t('tasks.card.decide_label', { label: option.label, title: task.title })
                }
              >
                {labelOf(option.value)}
              </Button>
            ))
          )}
        </div>
      ) : null}
    </article>
  );
}
