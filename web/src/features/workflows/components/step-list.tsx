// The workflow's steps in order. Moving a step keeps the keyboard focus on the moved step's button
// and says where it went.
import type { Step } from '@shared/schemas/definition';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefinitionErrors } from '../editor-model';
import { type MoveDirection, StepRow } from './step-row';

type StepListProps = {
  steps: readonly Step[];
  errors: DefinitionErrors;
  onMove: (index: number, by: -1 | 1) => void;
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
};

export function StepList({ steps, errors, onMove, onEdit, onDelete }: StepListProps) {
  const { t } = useTranslation('workflows');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<{ id: string; direction: MoveDirection } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const same = buttons.current.get(`${pending.id}:${pending.direction}`);
    const other = buttons.current.get(`${pending.id}:${pending.direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [steps]);

  const handleMove = (index: number, direction: MoveDirection) => {
    const by = direction === 'up' ? -1 : 1;
    pendingFocus.current = { id: steps[index].id, direction };
    setAnnouncement(t('editor.steps.moved', { from: index + 1, to: index + 1 + by }));
    onMove(index, by);
  };

  return (
    <>
      <ol aria-label={t('editor.steps.list_label')} className="space-y-1">
        {steps.map((step, index) => (
          <StepRow
            key={step.id}
            step={step}
            index={index}
            count={steps.length}
            errors={errors[step.id]}
            onMove={handleMove}
            onEdit={onEdit}
            onDelete={onDelete}
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
