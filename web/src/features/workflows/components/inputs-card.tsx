// The workflow's run inputs ({{input.name}}), beside the step editor: what "Kör nu", test runs, schedules,
// webhooks and batch rows must supply. Each input has a name, a label, a type (text, number, date, choice, file),
// whether it is required and a default (a file input: the kinds of file it takes instead). An input the steps use but that is not declared yet is listed to be declared (the
// server declares it as required text on save otherwise).
import { INPUT_TYPES, type InputDeclaration, type InputType } from '@shared/schemas/definition';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';

type InputsCardProps = {
  inputs: InputDeclaration[];
  /** Inputs the steps use (`{{input.x}}`), declared or not. */
  used: string[];
  /** Those a file step (an upload field) uses: declared as file inputs. */
  files: string[];
  disabled: boolean;
  onChange: (inputs: InputDeclaration[]) => void;
};

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function InputsCard({ inputs, used, files, disabled, onChange }: InputsCardProps) {
  const { t } = useTranslation('workflows');
  const undeclared = used.filter((name) => !inputs.some((i) => i.name === name));
  const update = (index: number, change: Partial<InputDeclaration>) => onChange(inputs.map((input, i) => (i === index ? { ...input, ...change } : input)));
  const declare = (name: string) => onChange([...inputs, { name, label: '', type: files.includes(name) ? 'file' : 'text', required: true }]);
  const handleAdd = () => {
    let n = inputs.length + 1;
    while (inputs.some((i) => i.name === `input${n}`)) n++;
    declare(`input${n}`);
  };

  return (
    <Card title={t('inputs.title')} actions={disabled ? null : <Button variant="ghost" onClick={handleAdd}>{t('inputs.add')}</Button>}>
      <fieldset disabled={disabled} className="min-w-0 space-y-4">
        <legend className="sr-only">{t('inputs.title')}</legend>
        {inputs.length === 0 && undeclared.length === 0 ? <p className="text-sm text-slate-600">{t('inputs.empty', { example: '{{input.name}}' })}</p> : null}
        {inputs.map((input, index) => {
          const prefix = `input-${index}`;
          return (
            <div key={index} className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200" aria-label={t('inputs.item', { name: input.name })} role="group">
              <div className="grid grid-cols-2 gap-2">
                <label className="text-xs font-medium text-slate-700" htmlFor={`${prefix}-name`}>
                  {t('inputs.name_label')}
                  <Input
                    id={`${prefix}-name`}
                    value={input.name}
                    invalid={!NAME.test(input.name)}
                    onChange={(event) => update(index, { name: event.target.value })}
                    className="mt-1 font-mono"
                  />
                </label>
                <label className="text-xs font-medium text-slate-700" htmlFor={`${prefix}-label`}>
                  {t('inputs.label_label')}
                  <Input id={`${prefix}-label`} value={input.label} onChange={(event) => update(index, { label: event.target.value })} className="mt-1" />
                </label>
                <label className="text-xs font-medium text-slate-700" htmlFor={`${prefix}-type`}>
                  {t('inputs.type_label')}
                  <select
                    id={`${prefix}-type`}
                    value={input.type}
                    onChange={(event) => {
                      const type = event.target.value as InputType;
                      // A file has no default; only a file input lists the kinds of file it takes.
                      update(index, type === 'file' ? { type, default: undefined } : { type, accept: undefined });
                    }}
                    className="mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm ring-1 ring-inset ring-slate-300"
                  >
                    {INPUT_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`inputs.types.${type}`)}
                      </option>
                    ))}
                  </select>
                </label>
                {input.type === 'file' ? (
                  <label className="text-xs font-medium text-slate-700" htmlFor={`${prefix}-accept`}>
                    {t('inputs.accept_label')}
                    <Input
                      id={`${prefix}-accept`}
                      value={(input.accept ?? []).join(', ')}
                      onChange={(event) => {
                        const accept = event.target.value.split(',').map((a) => a.trim()).filter(Boolean);
                        update(index, { accept: accept.length ? accept : undefined });
                      }}
                      className="mt-1"
                    />
                  </label>
                ) : (
                  <label className="text-xs font-medium text-slate-700" htmlFor={`${prefix}-default`}>
                    {t('inputs.default_label')}
                    <Input
                      id={`${prefix}-default`}
                      value={input.default ?? ''}
                      onChange={(event) => update(index, { default: event.target.value === '' ? undefined : event.target.value })}
                      className="mt-1"
                    />
                  </label>
                )}
              </div>
              {input.type === 'file' ? <p className="text-xs text-slate-600">{t('inputs.file_note')}</p> : null}
              {input.type === 'choice' ? (
                <label className="block text-xs font-medium text-slate-700" htmlFor={`${prefix}-options`}>
                  {t('inputs.options_label')}
                  <Input
                    id={`${prefix}-options`}
                    value={(input.options ?? []).join(', ')}
                    onChange={(event) => update(index, { options: event.target.value.split(',').map((o) => o.trim()).filter(Boolean) })}
                    className="mt-1"
                  />
                </label>
              ) : null}
              <div className="flex items-center justify-between">
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" checked={input.required} onChange={(event) => update(index, { required: event.target.checked })} />
                  {t('inputs.required_label')}
                </label>
                <Button variant="ghost" onClick={() => onChange(inputs.filter((_, i) => i !== index))}>
                  {t('inputs.remove')}
                </Button>
              </div>
            </div>
          );
        })}
        {undeclared.map((name) => (
          <div key={name} className="flex items-center justify-between gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <span>{t(files.includes(name) ? 'inputs.undeclared_file' : 'inputs.undeclared', { name })}</span>
            <Button variant="secondary" onClick={() => declare(name)}>
              {t('inputs.declare')}
            </Button>
          </div>
        ))}
      </fieldset>
    </Card>
  );
}
