// A form is a short list of <Field>s: react-hook-form + the zod schema shared with the server,
// validated on submit and re-validated on change (SPEC §5).
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type DefaultValues, type FieldErrors, type FieldValues, FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

export function useZodForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
): UseFormReturn<TInput, unknown, TOutput> {
  return useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
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
