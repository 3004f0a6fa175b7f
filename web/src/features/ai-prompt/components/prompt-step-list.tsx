// The chosen workflow's steps: number, description, first selector, and 'AI-styrd' for ai_decision steps.
import type { Step } from '@shared/schemas/definition';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { isDecision } from '../model';

type PromptStepListProps = {
  steps: Step[] | undefined;
  selectedId: string | null;
  onSelect: (id: string) => void;
};

function firstSelector(step: Step): string | null {
  if (!('selectors' in step) || !step.selectors?.length) return null;
  const first = step.selectors[0];
  return Array.isArray(first) ? first.join(' >> ') : first;
}

export function PromptStepList({ steps, selectedId, onSelect }: PromptStepListProps) {
  const { t } = useTranslation('ai_prompt');
  return (
    <Card title={t('steps.title')}>
      {!steps ? (
        <p className="text-sm text-slate-600">{t('steps.pick_workflow')}</p>
      ) : steps.length === 0 ? (
        <p className="text-sm text-slate-600">{t('steps.empty')}</p>
      ) : (
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
                  <Badge tone={isDecision(step) ? 'violet' : 'slate'}>{isDecision(step) ? t('steps.ai_badge') : t('steps.standard_badge')}</Badge>
                </span>
                <span className="mt-1 block text-sm font-medium break-words text-slate-900">{step.description || step.type}</span>
                {firstSelector(step) ? <span className="block font-mono text-xs break-all text-slate-500">{firstSelector(step)}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
