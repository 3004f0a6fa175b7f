import { useTranslation } from 'react-i18next';
import { SwitchField } from '@/components/ui/switch-field';
import type { AiSuggestion } from '../model';

type AiStepProps = {
  suggestions: AiSuggestion[];
  onToggle: (id: string, applied: boolean) => void;
};

export function AiStep({ suggestions, onToggle }: AiStepProps) {
  const { t } = useTranslation('onboarding');
  const applied = suggestions.filter((s) => s.applied).length;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t('steps.ai.description')}</p>
      <ul className="divide-y divide-slate-100 rounded-lg px-4 ring-1 ring-slate-200">
        {suggestions.map((suggestion) => (
          <li key={suggestion.id}>
            <SwitchField
              label={`${t('steps.ai.apply')}: ${t(`steps.ai.suggestions.${suggestion.type}.title`)}`}
              description={t(`steps.ai.suggestions.${suggestion.type}.description`)}
              checked={suggestion.applied}
              onChange={(checked) => onToggle(suggestion.id, checked)}
            />
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">{t('steps.ai.applied_count', { count: applied, total: suggestions.length })}</p>
    </div>
  );
}
