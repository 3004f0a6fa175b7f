import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { PromptStep } from '../model';

type PromptStepListProps = {
  steps: PromptStep[];
  selectedId: string | null;
  onSelect: (id: string) => void;
};

export function PromptStepList({ steps, selectedId, onSelect }: PromptStepListProps) {
  const { t } = useTranslation('ai_prompt');
  return (
    <Card title={t('steps.title')}>
      <ul className="space-y-2">
        {steps.map((step, index) => (
          <li key={step.id}>
            <button
              type="button"
              aria-pressed={selectedId === step.id}
              onClick={() => onSelect(step.id)}
              className="w-full rounded-lg p-3 text-left ring-1 ring-slate-200 hover:bg-slate-50 aria-pressed:bg-indigo-50 aria-pressed:ring-indigo-500"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="text-xs font-semibold text-slate-500">{t('steps.number', { number: index + 1 })}</span>
                <Badge tone={step.hasPrompt ? 'violet' : 'slate'}>{step.hasPrompt ? t('steps.ai_badge') : t('steps.standard_badge')}</Badge>
              </span>
              <span className="mt-1 block text-sm font-medium text-slate-900">{t(`steps.samples.${step.key}`)}</span>
              <span className="block font-mono text-xs text-slate-500">{step.selector}</span>
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
