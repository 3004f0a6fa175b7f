// A form is a short list of <Field>s: react-hook-form + the zod schema shared with the server,
// validated on submit and re-validated on change (SPEC §5).
//
// The resolver library is fetched on the first validation, and a form may pass a loader instead of
// the schema itself, so that zod is downloaded when the visitor starts using the form rather than
// with the page (the public pages' first-load budget, docs/quality.md).
import { type ReactNode, useMemo } from 'react';
import { type DefaultValues, type FieldErrors, type FieldValues, FormProvider, type Resolver, useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { i18n } from '@/lib/i18n';

type Schema<TInput extends FieldValues, TOutput extends FieldValues> = z.ZodType<TOutput, TInput>;
export type SchemaSource<TInput extends FieldValues, TOutput extends FieldValues> =
  | Schema<TInput, TOutput>
  | (() => Promise<Schema<TInput, TOutput>>);

function lazyZodResolver<TInput extends FieldValues, TOutput extends FieldValues>(
  source: SchemaSource<TInput, TOutput>,
): Resolver<TInput, unknown, TOutput> {
  let resolver: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  return (values, context, options) => {
    // The messages' namespace loads with the resolver, so a field error never shows as a bare key.
    resolver ??= Promise.all([
      typeof source === 'function' ? source() : source,
      import('@hookform/resolvers/zod'),
      i18n.loadNamespaces('validation'),
    ]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<TInput, unknown, TOutput>,
    );
    return resolver.then((resolve) => resolve(values, context, options));
  };
}

export function useZodForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: SchemaSource<TInput, TOutput>,
  defaultValues: DefaultValues<TInput>,
): UseFormReturn<TInput, unknown, TOutput> {
  const resolver = useMemo(() => lazyZodResolver(schema), [schema]);
  return useForm<TInput, unknown, TOutput>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
}

type FormProps<TInput extends FieldValues, TOutput extends FieldValues> = {
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: (values: TOutput) => void;
  /** Called when a submit is refused by the schema (the fields already show why). */
  onInvalid?: (errors: FieldErrors<TInput>) => void;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
};

export function Form<TInput extends FieldValues, TOutput extends FieldValues>({
  form,
  onSubmit,
  onInvalid,
  children,
  className = 'space-y-5',
  'aria-label': ariaLabel,
}: FormProps<TInput, TOutput>) {
  return (
    <FormProvider {...form}>
      <form noValidate aria-label={ariaLabel} className={className} onSubmit={form.handleSubmit(onSubmit, onInvalid)}>
        {children}
      </form>
    </FormProvider>
  );
}
