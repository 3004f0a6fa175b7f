// The question of an element_confirmation task (docs/automation.md "Confirming a candidate and heals"): the
// page as the run saw it with the element Kollega suggests outlined, what that element is in plain words, how
// much it looks like the recorded one, and why a person is asked. The technical detail (the step's error,
// the candidate's selectors, score and threshold) is behind "Detaljer".
import type { HumanTask, TaskCandidate } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { taskScreenshotUrl } from '../api/get-task-screenshot';
import { describeElement } from '../labels';

type ElementQuestionProps = { task: HumanTask; candidate: TaskCandidate };

export function ElementQuestion({ task, candidate }: ElementQuestionProps) {
  const { t } = useTranslation('flow_runs');
  const percent = Math.round(candidate.score * 100);
  return (
    <div className="mt-3 space-y-3">
      <p className="text-sm text-slate-900">{t('tasks.element.question', { step: task.title || task.stepIndex + 1 })}</p>
      {task.hasScreenshot ? (
        <a href={taskScreenshotUrl(task.id)} target="_blank" rel="noreferrer" className="block">
          <img
            src={taskScreenshotUrl(task.id)}
            alt={t('tasks.element.screenshot_alt', { element: describeElement(candidate, t) })}
            className="max-h-96 w-full rounded-lg object-contain object-top ring-1 ring-slate-200"
          />
        </a>
      ) : (
        <p className="text-sm text-slate-600">{t('tasks.element.no_screenshot')}</p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('tasks.element.suggested')}</dt>
        <dd className="break-words text-slate-900">{describeElement(candidate, t)}</dd>
        {candidate.row ? (
          <>
            <dt className="text-slate-600">{t('tasks.element.row')}</dt>
            <dd className="break-words text-slate-900">{candidate.row}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">{t('tasks.element.likeness')}</dt>
        <dd className="text-slate-900">{t('tasks.element.likeness_value', { percent })}</dd>
      </dl>
      <p className="text-sm text-slate-700">{t(`tasks.element.why.${candidate.why}`)}</p>
      <details className="text-xs">
        <summary className="cursor-pointer font-semibold text-slate-600">{t('tasks.element.details')}</summary>
        <div className="mt-1 space-y-1 rounded-md bg-slate-50 p-2 font-mono break-words text-slate-700">
          <p>{t('tasks.element.score', { score: candidate.score.toFixed(2), threshold: candidate.threshold.toFixed(2) })}</p>
          <p>{candidate.errorMessage}</p>
          <ul>
            {candidate.selectors.map((s, i) => (
              <li key={i}>{Array.isArray(s) ? s.join(' » ') : s}</li>
            ))}
          </ul>
        </div>
      </details>
    </div>
  );
}
