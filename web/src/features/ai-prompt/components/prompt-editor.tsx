// Instructions (6 rows), the confidence threshold (1–100) and the three example texts.
import { Description, Field, Input, Label, Textarea } from '@headlessui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EXAMPLE_KEYS, INSTRUCTION_ROWS, MAX_CONFIDENCE, MIN_CONFIDENCE, type PromptStep } from '../model';

type PromptEditorProps = {
  step: PromptStep;
  stepNumber: number;
  onSave: (prompt: string, confidence: number) => void;
  onTest: (confidence: number) => void;
};

export function PromptEditor({ step, stepNumber, onSave, onTest }: PromptEditorProps) {
  const { t } = useTranslation('ai_prompt');
  const [prompt, setPrompt] = useState(() => step.prompt || (step.exampleKey ? t(`editor.examples.${step.exampleKey}.text`) : ''));
  const [confidence, setConfidence] = useState(step.confidence);

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
            className="mt-1.5 block w-full rounded-lg border-0 px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 data-focus:outline-none data-focus:ring-2 data-focus:ring-indigo-600"
          />
        </Field>
        <Field>
          <Label className="block text-sm font-medium text-slate-800">{t('editor.confidence_label', { value: confidence })}</Label>
          <Input
            type="range"
            min={MIN_CONFIDENCE}
            max={MAX_CONFIDENCE}
            value={confidence}
            onChange={(event) => setConfidence(Number(event.target.value))}
            className="mt-2 w-full accent-indigo-600"
          />
          <Description className="mt-1 text-sm text-slate-500">{t('editor.confidence_hint')}</Description>
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onSave(prompt.trim(), confidence)} disabled={prompt.trim() === ''}>
            {t('editor.save')}
          </Button>
          <Button variant="secondary" onClick={() => onTest(confidence)}>
            {t('editor.test')}
          </Button>
        </div>
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
