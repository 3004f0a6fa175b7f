// Workflow information: name, description and category (the draft workflow's), all required before Next.
import { Field, Label, Textarea } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '@/components/ui/field-input';
import { SelectInput } from '@/components/ui/select-input';
import type { OnboardingDraft, WorkflowCategory } from '../model';
import { categoryOptions } from '@/lib/category-label';

type InfoStepProps = {
  draft: OnboardingDraft;
  onChange: (patch: Partial<OnboardingDraft>) => void;
};

export function InfoStep({ draft, onChange }: InfoStepProps) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="space-y-4">
      <Field>
        <Label className="block text-sm font-medium text-slate-800">{t('steps.info.name_label')}</Label>
        <FieldInput
          className="mt-1.5"
          value={draft.workflowName}
          placeholder={t('steps.info.name_placeholder')}
          onChange={(event) => onChange({ workflowName: event.target.value })}
        />
      </Field>
      <Field>
        <Label className="block text-sm font-medium text-slate-800">{t('steps.info.description_label')}</Label>
        <Textarea
          rows={3}
          value={draft.description}
          placeholder={t('steps.info.description_placeholder')}
          onChange={(event) => onChange({ description: event.target.value })}
          className="mt-1.5 block w-full rounded-lg border-0 px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 data-focus:outline-none data-focus:ring-2 data-focus:ring-indigo-600"
        />
      </Field>
      <SelectInput
        label={t('steps.info.category_label')}
        value={draft.category}
        placeholder={t('steps.info.category_placeholder')}
        options={categoryOptions()}
        onChange={(value) => onChange({ category: value as WorkflowCategory })}
      />
      <p className="text-xs text-slate-500">{t('steps.info.required_hint')}</p>
    </div>
  );
}
