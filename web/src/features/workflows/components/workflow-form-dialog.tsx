// Create or edit a workflow: name, description, category, start method (SPEC §2, §5); when editing also its
// manual time, the minutes the task takes a person by hand (the baseline of "Sparade timmar", docs/product.md
// "Figures"; the recording's duration until someone sets it). A refused submit also says why in a toast
// ('Namn krävs' / 'Ange ett namn för ditt arbetsflöde').
import { createWorkflowSchema, START_METHODS } from '@shared/schemas/workflows';
import type { Workflow } from '@shared/types/api';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, useZodForm } from '@/components/ui/form';
import { LabelledInput } from '@/components/ui/labelled-input';
import { notify } from '@/components/ui/notify';
import { SelectField } from '@/components/ui/select-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { categoryOptions } from '@/lib/category-label';

type WorkflowValues = z.input<typeof createWorkflowSchema>;
/** What the form gives: the workflow's fields, and when editing its manual time in seconds (null = not known). */
export type WorkflowFormOutput = z.output<typeof createWorkflowSchema> & { manualSeconds?: number | null };

/** Seconds → the minutes shown (one decimal). */
const toMinutes = (seconds: number | null | undefined) => (seconds ? String(Math.round(seconds / 6) / 10) : '');

type WorkflowFormDialogProps = {
  open: boolean;
  mode: 'create' | 'edit';
  workflow?: Workflow;
  isPending: boolean;
  onClose: () => void;
  onSubmit: (values: WorkflowFormOutput) => void;
};

export function WorkflowFormDialog({ open, mode, workflow, isPending, onClose, onSubmit }: WorkflowFormDialogProps) {
  const { t } = useTranslation('workflows');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={mode === 'create' ? t('form.create_title') : t('form.edit_title')}
      description={mode === 'create' ? t('form.create_description') : undefined}
    >
      <WorkflowForm mode={mode} workflow={workflow} isPending={isPending} onCancel={onClose} onSubmit={onSubmit} />
    </Dialog>
  );
}

type WorkflowFormProps = {
  mode: 'create' | 'edit';
  workflow?: Workflow;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (values: WorkflowFormOutput) => void;
};

function WorkflowForm({ mode, workflow, isPending, onCancel, onSubmit }: WorkflowFormProps) {
  const { t } = useTranslation('workflows');
  const form = useZodForm(createWorkflowSchema, {
    name: workflow?.name ?? '',
    description: workflow?.description ?? '',
    category: workflow?.category ?? 'Övrigt',
    startMethod: workflow?.startMethod ?? 'manual',
  });

  const [minutes, setMinutes] = useState(toMinutes(workflow?.manualSeconds));
  const [minutesError, setMinutesError] = useState<string | undefined>();

  const handleSubmit = (values: z.output<typeof createWorkflowSchema>) => {
    if (mode === 'create') return onSubmit(values);
    const text = minutes.trim().replace(',', '.');
    const seconds = text === '' ? null : Math.round(Number(text) * 60);
    if (seconds !== null && !(Number.isFinite(seconds) && seconds >= 1 && seconds <= 86_400)) {
      setMinutesError(t('form.manual_minutes_invalid'));
      return;
    }
    onSubmit({ ...values, manualSeconds: seconds });
  };

  const handleInvalid = (errors: FieldErrors<WorkflowValues>) => {
    if (errors.name) notify.error(t('toast.name_required_title'), t('toast.name_required_description'));
  };

  return (
    <Form
      form={form}
      onSubmit={handleSubmit}
      onInvalid={handleInvalid}
      aria-label={mode === 'create' ? t('form.create_title') : t('form.edit_title')}
    >
      <Field<WorkflowValues> autoFocus name="name" label={t('form.name_label')} placeholder={t('form.name_placeholder')} />
      <TextareaField<WorkflowValues>
        name="description"
        label={t('form.description_label')}
        placeholder={t('form.description_placeholder')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField<WorkflowValues>
          name="category"
          label={t('form.category_label')}
          options={categoryOptions()}
        />
        <SelectField<WorkflowValues>
          name="startMethod"
          label={t('form.start_method_label')}
          options={START_METHODS.map((method) => ({ value: method, label: t(`start_method.${method}`) }))}
        />
      </div>
      {mode === 'edit' ? (
        <LabelledInput
          label={t('form.manual_minutes_label')}
          hint={t('form.manual_minutes_hint')}
          error={minutesError}
          inputMode="decimal"
          value={minutes}
          onChange={(event) => {
            setMinutes(event.target.value);
            setMinutesError(undefined);
          }}
        />
      ) : null}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" isPending={isPending} pendingLabel={mode === 'create' ? t('form.creating') : t('form.saving')}>
          {mode === 'create' ? t('form.create_submit') : t('form.save')}
        </Button>
      </DialogActions>
    </Form>
  );
}
