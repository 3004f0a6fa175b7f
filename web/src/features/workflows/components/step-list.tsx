// The workflow's steps in order. A step moves by its up/down buttons (the keyboard's way: focus stays on
// the moved step's button) or by dragging its row onto another; either way a live region says where it went.
import type { Step } from '@shared/schemas/definition';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddableStepType, DefinitionErrors } from '../editor-model';
import { type MoveDirection, StepRow } from './step-row';

type StepListProps = {
  steps: readonly Step[];
  errors: DefinitionErrors;
  editable: boolean;
  /** Step id → the URL of its picture (its element's, else its screenshot from the last run). */
  thumbnails?: Record<string, string>;
  /** The steps whose picture is their element's own (shown whole, not cropped like a page's screenshot). */
  elementPictures?: ReadonlySet<string>;
  onMove: (from: number, to: number) => void;
  onInsertAfter: (index: number, type: AddableStepType) => void;
  onDuplicate: (index: number) => void;
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
};

export function StepList({ steps, errors, editable, thumbnails = {}, elementPictures, onMove, onInsertAfter, onDuplicate, onEdit, onDelete }: StepListProps) {
  const { t } = useTranslation('workflows');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<{ id: string; direction: MoveDirection } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);

  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const same = buttons.current.get(`${pending.id}:${pending.direction}`);
    const other = buttons.current.get(`${pending.id}:${pending.direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [steps]);

  const move = (from: number, to: number) => {
    setAnnouncement(t('editor.steps.moved', { from: from + 1, to: to + 1 }));
    onMove(from, to);
  };

  const handleMove = (index: number, direction: MoveDirection) => {
    pendingFocus.current = { id: steps[index].id, direction };
    move(index, direction === 'up' ? index - 1 : index + 1);
  };

  const handleDrop = (index: number) => {
    if (dragFrom !== null && dragFrom !== index) move(dragFrom, index);
    setDragFrom(null);
    setDragOver(null);
  };

  return (
    <>
      {editable ? <p className="mb-2 text-xs text-slate-500">{t('editor.steps.reorder_hint')}</p> : null}
      <ol aria-label={t('editor.steps.list_label')} className="space-y-1">
        {steps.map((step, index) => (
          <StepRow
            key={step.id}
            step={step}
            index={index}
            count={steps.length}
            errors={errors[step.id]}
            thumbnailUrl={thumbnails[step.id]}
            thumbnailIsElement={elementPictures?.has(step.id) ?? false}
            editable={editable}
            dragging={dragFrom === index}
            dropTarget={dragOver === index && dragFrom !== null && dragFrom !== index}
            onMove={handleMove}
            onInsertAfter={onInsertAfter}
            onDuplicate={onDuplicate}
            onEdit={onEdit}
            onDelete={onDelete}
            onDragStart={setDragFrom}
            onDragOver={setDragOver}
            onDrop={handleDrop}
            onDragEnd={() => {
              setDragFrom(null);
              setDragOver(null);
            }}
            moveButtonRef={(direction, element) => {
              const key = `${step.id}:${direction}`;
              if (element) buttons.current.set(key, element);
              else buttons.current.delete(key);
            }}
          />
        ))}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
