// The values of a workflow's declared inputs, asked for before "Kör nu" or a test run starts it. Checked with
// the same rule as the server (input-values.ts), so a missing or wrong value is named at its field.
import type { InputDeclaration } from '@shared/schemas/definition';
import { type InputProblem, resolveInputs } from '@shared/schemas/input-values';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { initialInputValues, InputValueFields } from './input-value-fields';

type RunInputsDialogProps = {
  inputs: InputDeclaration[];
  title: string;
  isPending: boolean;
  onClose: () => void;
  onSubmit: (values: Record<string, string>) => void;
};

export function RunInputsDialog({ inputs, title, isPending, onClose, onSubmit }: RunInputsDialogProps) {
  const { t } = useTranslation('workflows');
  const formId = useId();
  const [values, setValues] = useState(() => initialInputValues(inputs));
  const [problems, setProblems] = useState<Record<string, InputProblem>>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const resolved = resolveInputs(inputs, values);
    setProblems(resolved.problems);
    if (Object.keys(resolved.problems).length === 0) onSubmit(resolved.values);
  };

  return (
    <Dialog open onClose={onClose} title={title} description={t('run_inputs.description')}>
      <form id={formId} onSubmit={handleSubmit} className="space-y-4" noValidate>
        <InputValueFields idPrefix={formId} inputs={inputs} values={values} problems={problems} onChange={setValues} />
      </form>
      <DialogActions>
        <Button variant="ghost" onClick={onClose}>
          {t('run_inputs.cancel')}
        </Button>
        <Button type="submit" form={formId} isPending={isPending} pendingLabel={t('run_inputs.starting')}>
          {t('run_inputs.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
