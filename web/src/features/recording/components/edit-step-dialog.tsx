import { Field, Label } from '@headlessui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldInput } from '@/components/ui/field-input';
import { Dialog } from '@/components/ui/dialog';
import { displayFields, type RecordedStep, type StepPatch } from '../model';

type EditStepDialogProps = {
  step: RecordedStep;
  onClose: () => void;
  onSave: (patch: StepPatch) => void;
};

export function EditStepDialog({ step, onClose, onSave }: EditStepDialogProps) {
  const { t } = useTranslation('recording');
  const [description, setDescription] = useState(step.description);
  const initial = displayFields(step.step);
  const [selector, setSelector] = useState(initial.selector ?? '');
  const [value, setValue] = useState(initial.value ?? '');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ description, selector: selector || undefined, value: initial.value === undefined && !value ? undefined : value });
  };

  const fields = [
    { label: t('edit_dialog.description_label'), value: description, set: setDescription },
    { label: t('edit_dialog.selector_label'), value: selector, set: setSelector },
    { label: t('edit_dialog.value_label'), value, set: setValue },
  ];

  return (
    <Dialog open onClose={onClose} title={t('edit_dialog.title', { number: step.stepNumber })} closeButton>
      <form onSubmit={handleSubmit} className="space-y-4">
        {fields.map((field) => (
          <Field key={field.label}>
            <Label className="block text-sm font-medium text-slate-800">{field.label}</Label>
            <FieldInput className="mt-1.5" value={field.value} onChange={(event) => field.set(event.target.value)} />
          </Field>
        ))}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('edit_dialog.cancel')}
          </Button>
          <Button type="submit">{t('edit_dialog.save')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
