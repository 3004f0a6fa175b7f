// One step of the editor's list as a sentence about what a person sees ("Klicka på knappen ”Spara”"), the
// person's own note when it says more, a picture (the element pointed at, else the step in the last run), badges for secrets, frames and
// popups, the last save's errors, selectors and timeouts under "Avancerat", and the step's actions: move
// (buttons, or drag the row), add a step after it, duplicate, edit, delete (disabled, with the list's
// reason, for whoever may not change the steps).
import type { Step } from '@shared/schemas/definition';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { ArrowUpIcon, DuplicateIcon, PencilIcon, TrashIcon } from '@/components/ui/icons';
import { type AddableStepType, type StepFieldErrors, stepBadges } from '../editor-model';
import { useFieldLabel } from '../hooks/use-field-label';
import { useStepSentence } from '../step-sentence';
import { AddStepMenu } from './add-step-menu';
import { IconButton } from './icon-button';
import { StepAdvanced } from './step-advanced';

export type MoveDirection = 'up' | 'down';

type StepRowProps = {
  step: Step;
  index: number;
  count: number;
  errors: StepFieldErrors | undefined;
  /** The step's picture: its element's, else its screenshot from the last run (none: no picture). */
  thumbnailUrl?: string;
  /** The picture is the element itself: shown whole (a screenshot of the page shows its top). */
  thumbnailIsElement?: boolean;
  editable: boolean;
  dragging: boolean;
  dropTarget: boolean;
  onMove: (index: number, direction: MoveDirection) => void;
  onInsertAfter: (index: number, type: AddableStepType) => void;
  onDuplicate: (index: number) => void;
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
  onDragStart: (index: number) => void;
  onDragOver: (index: number) => void;
  onDrop: (index: number) => void;
  onDragEnd: () => void;
  moveButtonRef: (direction: MoveDirection, element: HTMLButtonElement | null) => void;
};

export function StepRow(props: StepRowProps) {
  const { step, index, count, errors, thumbnailUrl, thumbnailIsElement, editable, onMove, onEdit, onDelete, moveButtonRef } = props;
  const { t } = useTranslation('workflows');
  const fieldLabel = useFieldLabel();
  const sentence = useStepSentence()(step);
  const number = index + 1;
  const badges = stepBadges(step);
  const errorList = errors ? Object.entries(errors) : [];
  const note = step.description.trim();

  const handleDragStart = (event: DragEvent) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', step.id);
    props.onDragStart(index);
  };
  const handleDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    props.onDragOver(index);
  };
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    props.onDrop(index);
  };

  return (
    <li
      draggable={editable}
      onDragStart={editable ? handleDragStart : undefined}
      onDragOver={editable ? handleDragOver : undefined}
      onDrop={editable ? handleDrop : undefined}
      onDragEnd={editable ? props.onDragEnd : undefined}
      className={`flex flex-wrap items-start gap-3 rounded-lg p-3 sm:flex-nowrap ${errorList.length > 0 ? 'bg-red-50/60 ring-1 ring-red-200' : ''} ${
        props.dropTarget ? 'ring-2 ring-indigo-400' : ''
      } ${props.dragging ? 'opacity-50' : ''} ${editable ? 'cursor-grab' : ''}`}
    >
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700">
        <span className="sr-only">{t('editor.steps.number', { number })}</span>
        <span aria-hidden="true">{number}</span>
      </span>
      {thumbnailUrl ? (
        <img
          src={thumbnailUrl}
          alt={t('editor.steps.thumbnail', { number })}
          className={`h-12 w-20 shrink-0 rounded border border-slate-200 ${thumbnailIsElement ? 'bg-white object-contain' : 'object-cover object-top'}`}
          loading="lazy"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium [overflow-wrap:anywhere] text-slate-900">{sentence}</p>
        {note && note !== sentence ? <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-600">{note}</p> : null}
        {badges.secrets.length > 0 || badges.frame || badges.popup ? (
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            {badges.secrets.map((name) => (
              <Badge key={name} tone="amber">
                {t('editor.steps.badges.secret', { name })}
              </Badge>
            ))}
            {badges.frame ? <Badge tone="sky">{t('editor.steps.badges.frame')}</Badge> : null}
            {badges.popup ? <Badge tone="sky">{t('editor.steps.badges.popup')}</Badge> : null}
          </div>
        ) : null}
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
        <StepAdvanced step={step} />
      </div>
      <div className="flex w-full shrink-0 flex-wrap justify-end gap-0.5 sm:w-auto">
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
        <AddStepMenu compact label={t('editor.steps.insert_after', { number })} onAdd={(type) => props.onInsertAfter(index, type)} />
        <IconButton label={t('editor.steps.duplicate', { number })} icon={DuplicateIcon} onClick={() => props.onDuplicate(index)} />
        <IconButton label={t('editor.steps.edit', { number })} icon={PencilIcon} onClick={() => onEdit(index)} />
        <IconButton label={t('editor.steps.delete', { number })} icon={TrashIcon} tone="danger" onClick={() => onDelete(index)} />
      </div>
    </li>
  );
}
