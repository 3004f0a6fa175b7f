// The translated error of one field of the surrounding <Form>: its message is a key of the shared
// `validation` namespace (the zod schemas' messages). A field whose text the schema splits into a list
// (sites one per line) gets its items' errors at `name.0`, `name.1`…: the first of them is shown.
import { type FieldPath, type FieldValues, get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ValidationKey } from '@/locales/resources';

function firstMessage(error: unknown): string | undefined {
  if (Array.isArray(error)) return error.map(firstMessage).find((message) => message !== undefined);
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string')
    return error.message;
  return undefined;
}

export function useFieldError<TValues extends FieldValues>(name: FieldPath<TValues>): string | undefined {
  // 'validation' is loaded by the form's resolver before any error exists (form.tsx); subscribing to
  // `common` only re-renders on a language change without fetching 'validation' with the page.
  const { i18n } = useTranslation();
  const {
    formState: { errors },
  } = useFormContext<TValues>();
  const key = firstMessage(get(errors, name));
  return key ? i18n.getFixedT(null, 'validation')(key as ValidationKey) : undefined;
}
