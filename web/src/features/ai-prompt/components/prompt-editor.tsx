// An ai_decision step's editor: instructions (6 rows) with the example texts as templates, the inputs
// sent to the AI, the options, what each does and whether a person always confirms it, the threshold (1–100), "Spara prompt" (a new version
// of the workflow's definition) and "Testa" (one decision on sample values, shown with choice,
// confidence and reason). A disabled button says why, in words beside it and as its description.
import { Description, Field, Input, Label, Textarea } from '@headlessui/react';
import { definitionSchema, type Definition, type Step } from '@shared/schemas/definition';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/input';
import { SelectInput } from '@/components/ui/select-input';
import { ROLES } from '@shared/schemas/users';
import type { Role } from '@shared/types/api';
import { useTestDecision } from '../api/test-decision';
import {
  applyDraft,
  approversOf,
  type DecisionOption,
  type DecisionStep,
  EXAMPLE_KEYS,
  INSTRUCTION_ROWS,
  MAX_CONFIDENCE,
  MAX_OPTIONS,
  MIN_CONFIDENCE,
  MIN_OPTIONS,
  parseInputs,
  sampleName,
  thenFromValue,
  thenValue,
  type ThenValue,
} from '../model';
import { TestResult } from './test-result';

type PromptEditorProps = {
  definition: Definition;
  step: DecisionStep;
  stepNumber: number;
  /** Where a new (unsaved) step goes: after this index. */
  afterIndex?: number;
  aiConfigured: boolean;
  saving: boolean;
  onSave: (definition: Definition) => void;
};

export function PromptEditor({ definition, step, stepNumber, afterIndex, aiConfigured, saving, onSave }: PromptEditorProps) {
  const { t } = useTranslation('ai_prompt');
  const { t: tv } = useTranslation('validation');
  const { t: tc } = useTranslation('common');
  const [prompt, setPrompt] = useState(step.prompt);
  const [inputsText, setInputsText] = useState(step.inputs.join(', '));
  const [options, setOptions] = useState<DecisionOption[]>(step.options);
  const [threshold, setThreshold] = useState(step.threshold);
  const [roles, setRoles] = useState<Role[]>(step.approvers?.roles ?? []);
  const [notStarter, setNotStarter] = useState(step.approvers?.notStarter ?? false);
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const test = useTestDecision();
  const inputs = parseInputs(inputsText);
  const others = definition.steps.filter((s: Step) => s.id !== step.id);
  const optionsHintId = useId();
  const actionsHintId = useId();
  const saveBlocked = prompt.trim() === '' ? t('editor.blocked.no_instructions') : null;
  const testBlocked = !aiConfigured ? t('editor.blocked.ai_not_configured') : saveBlocked;
  const optionsHint =
    options.length <= MIN_OPTIONS ? t('editor.blocked.min_options', { count: MIN_OPTIONS }) : options.length >= MAX_OPTIONS ? t('editor.blocked.max_options', { count: MAX_OPTIONS }) : null;
  const actionsHint = [...new Set([saveBlocked, testBlocked].filter((reason) => reason !== null))].join(' ');

  const updateOption = (index: number, patch: Partial<DecisionOption>) =>
    setOptions((all) => all.map((option, i) => (i === index ? { ...option, ...patch } : option)));

  const save = () => {
    const next = applyDraft(definition, step, { prompt: prompt.trim(), inputs, options, threshold, approvers: approversOf(roles, notStarter) }, afterIndex);
    const parsed = definitionSchema.safeParse(next);
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((issue) => tv(issue.message as never, { defaultValue: issue.message })))]);
      return;
    }
    setErrors([]);
    onSave(parsed.data);
  };

  const runTest = () =>
    test.mutate({
      prompt: prompt.trim(),
      options: options.map(({ value, label }) => ({ value, label })),
      inputs: Object.fromEntries(inputs.map((ref) => [sampleName(ref), samples[sampleName(ref)] ?? ''])),
      threshold,
      ...(step.model ? { model: step.model } : {}),
    });

  return (
    <Card title={t('editor.title', { number: stepNumber })}>
      <div className="space-y-5">
        <Field>
          <Label className="block text-sm font-medium text-slate-800">{t('editor.instructions_label')}</Label>
          <Textarea
            rows={INSTRUCTION_ROWS}
            value={prompt}
            placeholder={t('editor.instructions_placeholder')}
            onChange={(event) => setPrompt(event.target.value)}
            className={`mt-1.5 ${inputClasses}`}
          />
        </Field>
        <Field>
          <Label className="block text-sm font-medium text-slate-800">{t('editor.inputs_label')}</Label>
          <Input value={inputsText} onChange={(event) => setInputsText(event.target.value)} className={`mt-1.5 font-mono ${inputClasses}`} />
          <Description className="mt-1 text-sm text-slate-500">{t('editor.inputs_hint')}</Description>
        </Field>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('editor.options_title')}</legend>
          <ul className="mt-2 space-y-3">
            {options.map((option, index) => (
              <li key={index} className="grid gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_1.5fr_auto] sm:items-end">
                <Field>
                  <Label className="block text-xs text-slate-600">{t('editor.option_value', { number: index + 1 })}</Label>
                  <Input value={option.value} onChange={(e) => updateOption(index, { value: e.target.value })} className={`mt-1 font-mono ${inputClasses}`} />
                </Field>
                <Field>
                  <Label className="block text-xs text-slate-600">{t('editor.option_label', { number: index + 1 })}</Label>
                  <Input value={option.label} onChange={(e) => updateOption(index, { label: e.target.value })} className={`mt-1 ${inputClasses}`} />
                </Field>
                <SelectInput
                  label={t('editor.option_then', { number: index + 1 })}
                  value={thenValue(option)}
                  onChange={(value) => updateOption(index, { then: thenFromValue(value as ThenValue) })}
                  options={[
                    { value: 'continue', label: t('editor.then_continue') },
                    { value: 'stop', label: t('editor.then_stop') },
                    ...others.map((s) => ({
                      value: `goto:${s.id}`,
                      label: t('editor.then_goto', { number: definition.steps.indexOf(s) + 1, description: s.description || s.type }),
                    })),
                  ]}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={options.length <= MIN_OPTIONS}
                  aria-describedby={options.length <= MIN_OPTIONS ? optionsHintId : undefined}
                  onClick={() => setOptions((all) => all.filter((_, i) => i !== index))}
                >
                  {t('editor.remove_option', { number: index + 1 })}
                </Button>
                <Field className="flex items-center gap-2 sm:col-span-4">
                  <Input
                    type="checkbox"
                    checked={option.alwaysAsk ?? false}
                    onChange={(e) => updateOption(index, { alwaysAsk: e.target.checked || undefined })}
                    className="size-4 rounded border-slate-300"
                  />
                  <Label className="text-sm text-slate-700">{t('editor.option_always_ask', { number: index + 1 })}</Label>
                </Field>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            disabled={options.length >= MAX_OPTIONS}
            aria-describedby={options.length >= MAX_OPTIONS ? optionsHintId : undefined}
            onClick={() => setOptions((all) => [...all, { value: `option_${all.length + 1}`, label: '', then: 'continue' }])}
          >
            {t('editor.add_option')}
          </Button>
          {optionsHint ? (
            <p id={optionsHintId} className="mt-1 text-sm text-slate-500">
              {optionsHint}
            </p>
          ) : null}
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('editor.approvers_title')}</legend>
          <p className="mt-1 text-sm text-slate-500">{t('editor.approvers_hint')}</p>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {ROLES.map((role) => (
              <Field key={role} className="flex items-center gap-2">
                <Input
                  type="checkbox"
                  checked={roles.includes(role)}
                  onChange={(e) => setRoles((all) => (e.target.checked ? [...all, role] : all.filter((r) => r !== role)))}
                  className="size-4 rounded border-slate-300"
                />
                <Label className="text-sm text-slate-700">{tc(`roles.${role}`)}</Label>
              </Field>
            ))}
            <Field className="flex items-center gap-2">
              <Input type="checkbox" checked={notStarter} onChange={(e) => setNotStarter(e.target.checked)} className="size-4 rounded border-slate-300" />
              <Label className="text-sm text-slate-700">{t('editor.approvers_not_starter')}</Label>
            </Field>
          </div>
        </fieldset>
        <Field>
          <Label className="block text-sm font-medium text-slate-800">{t('editor.confidence_label', { value: threshold })}</Label>
          <Input
            type="range"
            min={MIN_CONFIDENCE}
            max={MAX_CONFIDENCE}
            value={threshold}
            onChange={(event) => setThreshold(Number(event.target.value))}
            className="mt-2 w-full accent-indigo-600"
          />
          <Description className="mt-1 text-sm text-slate-500">{t('editor.confidence_hint')}</Description>
        </Field>
        {inputs.length ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t('editor.samples_title')}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {inputs.map((ref) => (
                <Field key={ref}>
                  <Label className="block text-xs text-slate-600">{t('editor.sample_label', { name: ref })}</Label>
                  <Input
                    value={samples[sampleName(ref)] ?? ''}
                    onChange={(e) => setSamples((all) => ({ ...all, [sampleName(ref)]: e.target.value }))}
                    className={`mt-1 ${inputClasses}`}
                  />
                </Field>
              ))}
            </div>
          </fieldset>
        ) : null}
        {errors.length ? (
          <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">{t('editor.invalid')}</p>
            <ul className="mt-1 list-disc pl-5">
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={save} disabled={saveBlocked !== null || saving} aria-describedby={saveBlocked ? actionsHintId : undefined}>
            {t('editor.save')}
          </Button>
          <Button
            variant="secondary"
            onClick={runTest}
            disabled={testBlocked !== null || test.isPending}
            aria-describedby={testBlocked ? actionsHintId : undefined}
          >
            {t('editor.test')}
          </Button>
        </div>
        {actionsHint ? (
          <p id={actionsHintId} className="text-sm text-slate-600">
            {actionsHint}
          </p>
        ) : null}
        {test.data ? <TestResult result={test.data} /> : null}
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t('editor.examples_title')}</h3>
          <ul className="mt-2 grid gap-2 md:grid-cols-3">
            {EXAMPLE_KEYS.map((key) => (
              <li key={key}>
                <button
                  type="button"
                  aria-label={t('editor.use_example', { title: t(`editor.examples.${key}.title`) })}
                  onClick={() => setPrompt(t(`editor.examples.${key}.text`))}
                  className="h-full w-full rounded-lg bg-slate-50 p-3 text-left ring-1 ring-slate-200 hover:bg-indigo-50"
                >
                  <span className="block text-sm font-medium text-slate-900">{t(`editor.examples.${key}.title`)}</span>
                  <span className="mt-1 block text-xs text-slate-600">{t(`editor.examples.${key}.text`)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}
