// The editor's unsaved changes as a history: every change can be undone and redone until the steps are
// saved (or the page is left). `steps` is the draft, or the saved steps when nothing was changed.
import type { Step } from '@shared/schemas/definition';
import { useCallback, useState } from 'react';

type History = { past: Step[][]; present: Step[] | null; future: Step[][] };
const EMPTY: History = { past: [], present: null, future: [] };

export function useStepHistory(saved: Step[]) {
  const [history, setHistory] = useState<History>(EMPTY);
  const steps = history.present ?? saved;

  const change = useCallback(
    (next: Step[]) => setHistory((current) => ({ past: [...current.past, current.present ?? saved], present: next, future: [] })),
    [saved],
  );
  const undo = useCallback(
    () =>
      setHistory((current) =>
        current.past.length === 0
          ? current
          : { past: current.past.slice(0, -1), present: current.past.at(-1) ?? null, future: [current.present ?? saved, ...current.future] },
      ),
    [saved],
  );
  const redo = useCallback(
    () =>
      setHistory((current) =>
        current.future.length === 0
          ? current
          : { past: [...current.past, current.present ?? saved], present: current.future[0] ?? null, future: current.future.slice(1) },
      ),
    [saved],
  );
  const reset = useCallback(() => setHistory(EMPTY), []);

  return { steps, changed: history.present !== null, canUndo: history.past.length > 0, canRedo: history.future.length > 0, change, undo, redo, reset };
}
