// Edit one step (or fill in a new one) in a dialog: the fields its type has, in a person's words (a wait
// in seconds, a select's options as a list, a checkbox as on/off); an element step's element pointed at on
// the page ("Peka ut"); selectors, timeout and frame under "Avancerat" (open when one of them has an error).
// "Done" validates the step with the shared schema; the change reaches the server when the workflow is saved.
import { DEFAULT_STEP_TIMEOUT_MS, MAX_WAIT_MS, type Step, stepSchema } from '@shared/schemas/definition';
import type { PickedElement } from '@extension/pick-protocol';
import { useEffect, useMemo, useState } from 'react';
import { type FieldPath, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { SwitchField } from '@/components/ui/switch-field';
import type { StepFieldErrors } from '../editor-model';
import { selectorText, stepBadges } from '../editor-model';
import { useIssueText } from '../hooks/use-issue-text';
import { applyPick } from '../pick';
import { fieldsOf, formNameOf, formToStep, type StepFormValues, stepResolver, stepToForm } from '../step-form';
import { useStepSentence } from '../step-sentence';
import { AiOptionsField } from './ai-options-field';
import { ChangeValueField } from './change-value-field';
import { ExtractTableFields } from './extract-table-fields';
import { LoginStepFields } from './login-step-fields';
import { PickElementField } from './pick-element-field';
import { SelectorListField } from './selector-list-field';
import { StepTextField } from './step-text-field';

type StepEditDialogProps = {
  step: Step;
  /** 1-based place of the step; null for a new step. */
  number: number | null;
  steps: readonly Step[];
  /** Messages from the last save, by field path (`url`, `selectors.0`). */
  errors: StepFieldErrors;
  /** The page "Peka ut" opens first. */
  pickUrl: string;
  onClose: () => void;
  /** The step, and the picture of the element pointed at in the dialog (a JPEG data: URL), if any. */
  onSubmit: (step: Step, thumbnail?: string) => void;
};

export function StepEditDialog({ step, number, steps, errors, pickUrl, onClose, onSubmit }: StepEditDialogProps) {
  const { t } = useTranslation('workflows');
  const type = t(`step_types.${step.type}`);
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={number === null ? t('step_dialog.new_title', { type }) : t('step_dialog.edit_title', { number, type })}
    >
      <StepForm step={step} isNew={number === null} steps={steps} errors={errors} pickUrl={pickUrl} onCancel={onClose} onSubmit={onSubmit} />
    </Dialog>
  );
}

type StepFormProps = Pick<StepEditDialogProps, 'step' | 'steps' | 'errors' | 'pickUrl' | 'onSubmit'> & { isNew: boolean; onCancel: () => void };

function StepForm({ step: original, isNew, steps, errors, pickUrl, onCancel, onSubmit }: StepFormProps) {
  const { t } = useTranslation('workflows');
  const issueText = useIssueText();
  const sentence = useStepSentence();
  // The step as "Peka ut" left it (selectors, fingerprint, frame, a field's kind and options), under the form's fields.
  const [step, setStep] = useState(original);
  const [picked, setPicked] = useState<{ label: string; thumbnail?: string } | null>(null);
  const resolver = useMemo(() => stepResolver(step, issueText), [step, issueText]);
  const form = useForm<StepFormValues>({ defaultValues: stepToForm(step), resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const fields = fieldsOf(step.type);
  const badges = stepBadges(step);
  const variable = useWatch({ control: form.control, name: 'variable' });
  const fullPage = useWatch({ control: form.control, name: 'fullPage' });
  const { isSubmitted, errors: formErrorsNow } = form.formState;
  const hasAdvanced = fields.includes('selectors') || fields.includes('timeout') || badges.frame || badges.popup;
  // An error in a selector or the timeout must be seen.
  const openAdvanced =
    Object.keys(errors).some((path) => path.startsWith('selectors') || path === 'timeout') ||
    formErrorsNow.selectors !== undefined ||
    formErrorsNow.timeout !== undefined;

  useEffect(() => {
    for (const [path, message] of Object.entries(errors)) {
      form.setError(formNameOf(path) as FieldPath<StepFormValues>, { type: 'server', message });
    }
    // The last save's messages are shown once, when the dialog opens; typing re-validates from there.
  }, [errors, form]);

  const handleValid = (values: StepFormValues) => onSubmit(stepSchema.parse(formToStep(step, values)), picked?.thumbnail);

  const handlePicked = (element: PickedElement) => {
    const next = applyPick(formToStep(step, form.getValues()), element);
    const description = form.getValues('description').trim();
    // The person's own words stay; an empty description or the old sentence becomes the new sentence.
    if (!description || description === sentence(formToStep(step, form.getValues()))) form.setValue('description', sentence(next), { shouldDirty: true });
    if ('selectors' in next && next.selectors) form.setValue('selectors', next.selectors.map((selector) => ({ text: selectorText(selector) })), { shouldDirty: true });
    if (next.type === 'change') form.setValue('value', next.value, { shouldDirty: true });
    form.clearErrors('selectors');
    setStep(next);
    setPicked({ label: element.label, thumbnail: element.thumbnail });
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(handleValid)} className="space-y-5">
        <StepTextField
          name="description"
          label={t('step_dialog.description_label')}
          placeholder={t('step_dialog.description_placeholder')}
          autoFocus
        />
        {fields.includes('selectors') ? <PickElementField url={pickUrl} picked={picked} onPicked={handlePicked} /> : null}
        {fields.includes('url') ? <StepTextField name="url" type="url" inputMode="url" mono label={t('step_dialog.url_label')} /> : null}
        {fields.includes('value') && step.type === 'change' ? <ChangeValueField step={step} /> : null}
        {fields.includes('key') ? <StepTextField name="key" label={t('step_dialog.key_label')} /> : null}
        {fields.includes('ms') ? (
          <StepTextField name="ms" inputMode="decimal" label={t('step_dialog.ms_label')} hint={t('step_dialog.ms_hint', { max: MAX_WAIT_MS / 1000 })} />
        ) : null}
        {fields.includes('variable') ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <StepTextField
              name="variable"
              mono
              label={t('step_dialog.variable_label')}
              hint={variable ? t('step_dialog.variable_hint', { reference: `{{var.${variable}}}` }) : undefined}
            />
            <StepTextField name="attribute" mono label={t('step_dialog.attribute_label')} hint={t('step_dialog.attribute_hint')} />
          </div>
        ) : null}
        {fields.includes('table') ? <ExtractTableFields /> : null}
        {fields.includes('instructions') ? (
          <StepTextField name="instructions" multiline label={t('step_dialog.instructions_label')} hint={t('step_dialog.instructions_hint')} />
        ) : null}
        {fields.includes('login') ? <LoginStepFields /> : null}
        {fields.includes('expression') ? <StepTextField name="expression" multiline mono label={t('step_dialog.expression_label')} /> : null}
        {fields.includes('fullPage') ? (
          <SwitchField
            label={t('step_dialog.full_page_label')}
            description={t('step_dialog.full_page_description')}
            checked={fullPage}
            onChange={(checked) => form.setValue('fullPage', checked, { shouldDirty: true, shouldValidate: isSubmitted })}
          />
        ) : null}
        {fields.includes('viewport') ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <StepTextField name="width" inputMode="numeric" label={t('step_dialog.width_label')} />
            <StepTextField name="height" inputMode="numeric" label={t('step_dialog.height_label')} />
          </div>
        ) : null}
        {fields.includes('ai') ? (
          <>
            <StepTextField name="prompt" multiline label={t('step_dialog.prompt_label')} />
            <StepTextField name="threshold" inputMode="numeric" label={t('step_dialog.threshold_label')} hint={t('step_dialog.threshold_hint')} />
            <AiOptionsField steps={steps} stepId={step.id} />
          </>
        ) : null}
        {hasAdvanced ? (
          <details open={openAdvanced} className="rounded-lg p-3 ring-1 ring-slate-200">
            <summary className="cursor-pointer text-sm font-medium text-slate-800 select-none">{t('step_dialog.advanced')}</summary>
            <div className="mt-4 space-y-5">
              {fields.includes('selectors') ? <SelectorListField /> : null}
              {fields.includes('timeout') ? (
                <StepTextField
                  name="timeout"
                  inputMode="decimal"
                  label={t('step_dialog.timeout_label')}
                  hint={t('step_dialog.timeout_hint', { seconds: DEFAULT_STEP_TIMEOUT_MS / 1000 })}
                />
              ) : null}
              {badges.frame ? <p className="text-sm text-slate-600">{t('step_dialog.placement.frame')}</p> : null}
              {badges.popup && 'target' in step ? (
                <p className="text-sm break-all text-slate-600">{t('step_dialog.placement.popup', { target: step.target })}</p>
              ) : null}
            </div>
          </details>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={onCancel}>
            {t('step_dialog.cancel')}
          </Button>
          <Button type="submit">{isNew ? t('step_dialog.add') : t('step_dialog.done')}</Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
