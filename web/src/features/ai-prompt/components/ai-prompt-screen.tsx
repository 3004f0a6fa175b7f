// The AI prompt editor (SPEC §2 /ai-prompt). Saving updates the step here only (client-side).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { notify } from '@/components/ui/notify';
import { type PromptStep, sampleSteps } from '../model';
import { ModelPanel } from './model-panel';
import { PromptEditor } from './prompt-editor';
import { PromptStepList } from './prompt-step-list';

export function AiPromptScreen() {
  const { t } = useTranslation('ai_prompt');
  const [steps, setSteps] = useState<PromptStep[]>(sampleSteps);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selectedIndex = steps.findIndex((step) => step.id === selectedId);
  const selected = selectedIndex >= 0 ? steps[selectedIndex] : null;

  const handleSave = (prompt: string, confidence: number) => {
    setSteps((all) => all.map((step) => (step.id === selectedId ? { ...step, prompt, confidence, hasPrompt: true } : step)));
    notify.success(t('toast.saved'), t('toast.saved_description', { number: selectedIndex + 1 }));
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('description')}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-3">
        <PromptStepList steps={steps} selectedId={selectedId} onSelect={setSelectedId} />
        <div className="lg:col-span-2">
          {selected ? (
            <PromptEditor
              key={selected.id}
              step={selected}
              stepNumber={selectedIndex + 1}
              onSave={handleSave}
              onTest={(value) => notify.success(t('toast.test_title'), t('toast.test_description', { value }))}
            />
          ) : (
            <Card>
              <div className="py-10 text-center">
                <p className="font-semibold text-slate-900">{t('editor.empty_title')}</p>
                <p className="mt-1 text-sm text-slate-500">{t('editor.empty_description')}</p>
              </div>
            </Card>
          )}
        </div>
      </div>
      <ModelPanel />
    </div>
  );
}
