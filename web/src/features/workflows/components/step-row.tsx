// One step of the editor's list: number, type, description, its main selector / URL / value, badges
// for frame, popup and secrets, the last save's errors, and move / edit / delete.
import type { Step } from '@shared/schemas/definition';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { ArrowUpIcon, PencilIcon, TrashIcon } from '@/components/ui/icons';
import { mainSelector, type StepFieldErrors, stepBadges, stepDetail } from '../editor-model';
import { useFieldLabel } from '../hooks/use-field-label';
import { IconButton } from './icon-button';

export type MoveDirection = 'up' | 'down';

type StepRowProps = {
  step: Step;
  index: number;
  count: number;
  errors: StepFieldErrors | undefined;
  onMove: (index: number, direction: MoveDirection) => void;
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
  moveButtonRef: (direction: MoveDirection, element: HTMLButtonElement | null) => void;
};

export function StepRow({ step, index, count, errors, onMove, onEdit, onDelete, moveButtonRef }: StepRowProps) {
  const { t } = useTranslation('workflows');
  const fieldLabel = useFieldLabel();
  const number = index + 1;
  const selector = mainSelector(step);
  const extraSelectors = 'selectors' in step && step.selectors ? step.selectors.length - 1 : 0;
  const detail = stepDetail(step);
  const badges = stepBadges(step);
  const errorList = errors ? Object.entries(errors) : [];

  return (
    <li
      className={`flex items-start gap-3 rounded-lg p-3 ${errorList.length > 0 ? 'bg-red-50/60 ring-1 ring-red-200' : ''}`}
    >
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700">
        <span className="sr-only">{t('editor.steps.number', { number })}</span>
        <span aria-hidden="true">{number}</span>
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={step.type === 'ai_decision' ? 'violet' : step.type === 'manual' ? 'amber' : 'indigo'}>{t(`step_types.${step.type}`)}</Badge>
          {badges.frame ? <Badge tone="sky">{t('editor.steps.badges.frame')}</Badge> : null}
          {badges.popup ? <Badge tone="sky">{t('editor.steps.badges.popup')}</Badge> : null}
          {badges.secrets.map((name) => (
            <Badge key={name} tone="amber">
              {t('editor.steps.badges.secret', { name })}
            </Badge>
          ))}
        </div>
        <p className={`mt-1 text-sm [overflow-wrap:anywhere] ${step.description ? 'text-slate-900' : 'text-slate-500 italic'}`}>
          {step.description || t('editor.steps.no_description')}
        </p>
        {selector !== null ? (
          <p className="mt-0.5 truncate font-mono text-xs text-slate-600" title={selector}>
            <span className="sr-only">{t('editor.steps.detail.selector')}: </span>
            {selector}
            {extraSelectors > 0 ? (
              <span className="ml-2 font-sans text-slate-500">{t('editor.steps.more_selectors', { count: extraSelectors })}</span>
            ) : null}
          </p>
        ) : null}
        {detail ? <StepDetailLine detail={detail} /> : null}
        {errorList.length > 0 ? (
          <div className="mt-2 text-sm text-red-700">
            <p className="font-medium">{t('editor.steps.has_errors')}</p>
            <ul className="list-disc pl-5">
              {errorList.map(([path, message]) => {
                const label = fieldLabel(path);
                return <li key={path}>{label ? `${label}: ${message}` : message}</li>;
              })}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap justify-end gap-0.5">
        <IconButton
          label={t('editor.steps.move_up', { number })}
          icon={ArrowUpIcon}
          disabled={index === 0}
          onClick={() => onMove(index, 'up')}
          buttonRef={(element) => moveButtonRef('up', element)}
        />
        <IconButton
          label={t('editor.steps.move_down', { number })}
          icon={ArrowUpIcon}
          iconClassName="rotate-180"
          disabled={index === count - 1}
          onClick={() => onMove(index, 'down')}
          buttonRef={(element) => moveButtonRef('down', element)}
        />
        <IconButton label={t('editor.steps.edit', { number })} icon={PencilIcon} onClick={() => onEdit(index)} />
        <IconButton label={t('editor.steps.delete', { number })} icon={TrashIcon} tone="danger" onClick={() => onDelete(index)} />
      </div>
    </li>
  );
}

function StepDetailLine({ detail }: { detail: NonNullable<ReturnType<typeof stepDetail>> }) {
  const { t } = useTranslation('workflows');
  switch (detail.kind) {
    case 'ms':
      return <p className="mt-0.5 text-xs text-slate-600">{t('editor.steps.detail.ms', { ms: detail.ms })}</p>;
    case 'viewport':
      return <p className="mt-0.5 text-xs text-slate-600">{t('editor.steps.detail.viewport', { width: detail.width, height: detail.height })}</p>;
    case 'text':
      return <p className="mt-0.5 line-clamp-2 text-xs text-slate-600">{detail.text}</p>;
    default:
      return (
        <p className="mt-0.5 truncate text-xs text-slate-600" title={detail.text}>
          <span className="text-slate-500">{t(`editor.steps.detail.${detail.kind}`)}: </span>
          <span className={detail.kind === 'value' ? '' : 'font-mono'}>{detail.text === '' ? t('editor.steps.detail.empty_value') : detail.text}</span>
        </p>
      );
  }
}
