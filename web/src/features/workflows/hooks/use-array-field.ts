// A list of form values (selectors, AI options) edited row by row. It stands in for react-hook-form's
// useFieldArray on purpose: the editor uses only the react-hook-form exports the rest of the app
// already uses, so the shared form chunk the public pages load stays small (e2e/budgets.spec.ts).
import { useEffect, useRef, useState } from 'react';
import { type FieldError, type FieldErrors, type FieldPath, get, useFormContext, useWatch } from 'react-hook-form';
import type { StepFormValues } from '../step-form';

type ArrayName = 'selectors' | 'options';
type Row<N extends ArrayName> = StepFormValues[N][number];

let lastId = 0;
const newId = () => `row-${++lastId}`;

/** Every message under `node`, by its path from there (`0.text`, `root`). */
function leafErrors(node: unknown, prefix: string, out: [string, FieldError][]): void {
  if (node === null || typeof node !== 'object') return;
  if ('message' in node || 'type' in node) {
    const { type, message } = node as FieldError;
    if (prefix) out.push([prefix, { type, message }]);
    // A row can hold its own message and messages of its values.
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'type' || key === 'message' || key === 'types') continue;
    leafErrors(child, prefix ? `${prefix}.${key}` : key, out);
  }
}

export function useArrayField<N extends ArrayName>(name: N) {
  const { control, setValue, getValues, setFocus, setError, clearErrors, formState } = useFormContext<StepFormValues>();
  const { errors: formErrors, isSubmitted } = formState;
  const values = (useWatch({ control, name }) ?? []) as Row<N>[];
  const [ids, setIds] = useState(() => values.map(newId));
  const focusRef = useRef<string | null>(null);
  // Keeps the keys in step if the list changed from outside (a reset).
  const keys = ids.length === values.length ? ids : values.map((_, index) => ids[index] ?? newId());
  if (keys !== ids) setIds(keys);

  useEffect(() => {
    if (focusRef.current === null) return;
    setFocus(focusRef.current as FieldPath<StepFormValues>);
    focusRef.current = null;
  });

  /** Writes the new list; `order` says, for each new row, which old row's messages it takes (-1: none). */
  const update = (next: Row<N>[], nextIds: string[], order: number[]) => {
    const errors = get(formErrors as FieldErrors<StepFormValues>, name) as Record<string, unknown> | undefined;
    if (errors) {
      const moved: [string, FieldError][] = [];
      if (errors.root) leafErrors(errors.root, 'root', moved);
      order.forEach((from, to) => {
        if (from >= 0 && errors[from]) leafErrors(errors[from], String(to), moved);
      });
      clearErrors(name);
      for (const [path, error] of moved) setError(`${name}.${path}` as FieldPath<StepFormValues>, error);
    }
    setIds(nextIds);
    setValue(name, next as never, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const current = () => (getValues(name) ?? []) as Row<N>[];
  const indexes = (length: number) => Array.from({ length }, (_, index) => index);

  return {
    fields: keys.map((id) => ({ id })),
    append(row: Row<N>, focus?: string) {
      const list = current();
      if (focus) focusRef.current = `${name}.${list.length}.${focus}`;
      update([...list, row], [...keys, newId()], [...indexes(list.length), -1]);
    },
    remove(index: number) {
      const list = current();
      const keep = indexes(list.length).filter((at) => at !== index);
      update(
        keep.map((at) => list[at] as Row<N>),
        keep.map((at) => keys[at] as string),
        keep,
      );
    },
    move(from: number, to: number) {
      const order = indexes(current().length);
      const [item] = order.splice(from, 1);
      order.splice(to, 0, item as number);
      const list = current();
      update(
        order.map((at) => list[at] as Row<N>),
        order.map((at) => keys[at] as string),
        order,
      );
    },
  };
}
