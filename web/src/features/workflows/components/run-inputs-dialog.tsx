// The values of a workflow's declared inputs, asked for before "Kör nu" or a test run starts it, and the files of its
// file inputs. Checked with the same rule as the server (input-values.ts), so a missing or wrong value or file is
// named at its field.
import type { InputDeclaration } from '@shared/schemas/definition';
import { fileProblem, type InputProblem, resolveInputs } from '@shared/schemas/input-values';
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
  /** The values, and the chosen files of file inputs by input name. */
  onSubmit: (values: Record<string, string>, files: Record<string, File>) => void;
};

export function RunInputsDialog({ inputs, title, isPending, onClose, onSubmit }: RunInputsDialogProps) {
  const { t } = useTranslation('workflows');
  const formId = useId();
  const [values, setValues] = useState(() => initialInputValues(inputs));
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [problems, setProblems] = useState<Record<string, InputProblem>>({});

  const handleFileChange = (name: string, file: File | null) => {
    setFiles((current) => ({ ...current, [name]: file }));
    setProblems(({ [name]: _, ...rest }) => rest);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A file input's value is its file's name; the file itself must pass the same rule as on the server.
    const chosen = Object.fromEntries(
      inputs.flatMap((input) => {
        const file = input.type === 'file' ? files[input.name] : null;
        return file ? [[input.name, file] as const] : [];
      }),
    );
    const resolved = resolveInputs(inputs, { ...values, ...Object.fromEntries(inputs.filter((i) => i.type === 'file').map((i) => [i.name, chosen[i.name]?.name ?? ''])) });
    const fileProblems = Object.fromEntries(
      inputs.flatMap((input) => {
        const file = chosen[input.name];
        const problem = file ? fileProblem(input, file) : null;
        return problem ? [[input.name, problem] as const] : [];
      }),
    );
    const all = { ...resolved.problems, ...fileProblems };
    setProblems(all);
    if (Object.keys(all).length === 0) onSubmit(resolved.values, chosen);
  };

  return (
    <Dialog open onClose={onClose} title={title} description={t('run_inputs.description')}>
      <form id={formId} onSubmit={handleSubmit} className="space-y-4" noValidate>
        <InputValueFields
          idPrefix={formId}
          inputs={inputs}
          values={values}
          problems={problems}
          onChange={setValues}
          files={files}
          onFileChange={handleFileChange}
        />
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
