// The step dialog's fields of an extract_table step ("Läs en tabell"): the output's name, which elements are the
// rows, the columns (one per line: `Namn = väljare`, empty = the table's own headings), the element that shows
// more rows (next page or "Visa fler") and the row cap. Its element (the table, list or card grid) is chosen in
// the dialog's selectors, as for every step.
import { MAX_TABLE_ROWS } from '@shared/schemas/definition';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '@/components/ui/select-input';
import type { StepFormValues } from '../step-form';
import { StepTextField } from './step-text-field';

export function ExtractTableFields() {
  const { t } = useTranslation('workflows');
  const form = useFormContext<StepFormValues>();
  const [variable, paging] = useWatch({ control: form.control, name: ['variable', 'tablePaging'] });
  return (
    <div className="space-y-5">
      <StepTextField name="variable" mono label={t('step_dialog.table.variable_label')} hint={t('step_dialog.table.variable_hint', { name: variable || '…' })} />
      <StepTextField name="tableColumns" multiline rows={3} mono label={t('step_dialog.table.columns_label')} hint={t('step_dialog.table.columns_hint')} placeholder={t('step_dialog.table.columns_placeholder')} />
      <StepTextField name="tableRows" mono label={t('step_dialog.table.rows_label')} hint={t('step_dialog.table.rows_hint')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <StepTextField name="tableNext" mono label={t('step_dialog.table.next_label')} hint={t('step_dialog.table.next_hint')} />
        <SelectInput
          label={t('step_dialog.table.paging_label')}
          value={paging}
          options={[
            { value: 'next', label: t('step_dialog.table.paging_next') },
            { value: 'more', label: t('step_dialog.table.paging_more') },
          ]}
          onChange={(value) => form.setValue('tablePaging', value as StepFormValues['tablePaging'], { shouldDirty: true })}
        />
      </div>
      <StepTextField name="tableMaxRows" inputMode="numeric" label={t('step_dialog.table.max_rows_label')} hint={t('step_dialog.table.max_rows_hint', { max: MAX_TABLE_ROWS })} />
    </div>
  );
}
