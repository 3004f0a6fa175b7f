// Suggestions computed from the recorded steps (../suggestions.ts): make a changing value a run input, wait for
// an element instead of a fixed time (both switches, applied when the user goes on), and store a recorded
// password's secret (a form: the secret is saved at once). None found: the step says so.
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { SwitchField } from '@/components/ui/switch-field';
import type { Suggestion } from '../suggestions';
import { SecretSuggestion } from './secret-suggestion';

type SuggestionsStepProps = {
  suggestions: Suggestion[];
  loading: boolean;
  chosen: string[];
  onToggle: (id: string, on: boolean) => void;
};

export function SuggestionsStep({ suggestions, loading, chosen, onToggle }: SuggestionsStepProps) {
  const { t } = useTranslation('onboarding');
  if (loading) return <Spinner label={t('steps.suggestions.loading')} />;
  if (suggestions.length === 0) return <p className="text-sm text-slate-600">{t('steps.suggestions.none')}</p>;
  const switchable = suggestions.filter((s) => s.kind !== 'secret');
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t('steps.suggestions.description')}</p>
      <ul className="divide-y divide-slate-100 rounded-lg px-4 ring-1 ring-slate-200">
        {suggestions.map((suggestion) => (
          <li key={suggestion.id}>
            {suggestion.kind === 'secret' ? (
              <SecretSuggestion suggestion={suggestion} />
            ) : suggestion.kind === 'input' ? (
              <SwitchField
                label={t('steps.suggestions.input.title', { step: suggestion.stepNumber, field: suggestion.field || t('steps.suggestions.unnamed_field') })}
                description={t('steps.suggestions.input.description', {
                  kind: t(`steps.suggestions.kinds.${suggestion.valueKind}`),
                  value: suggestion.value,
                  name: suggestion.inputName,
                })}
                checked={chosen.includes(suggestion.id)}
                onChange={(on) => onToggle(suggestion.id, on)}
              />
            ) : (
              <SwitchField
                label={t('steps.suggestions.wait.title', { step: suggestion.stepNumber, seconds: Math.round(suggestion.ms / 100) / 10 })}
                description={t('steps.suggestions.wait.description', { field: suggestion.field || t('steps.suggestions.unnamed_field') })}
                checked={chosen.includes(suggestion.id)}
                onChange={(on) => onToggle(suggestion.id, on)}
              />
            )}
          </li>
        ))}
      </ul>
      {switchable.length ? (
        <p className="text-xs text-slate-500">
          {t('steps.suggestions.chosen_count', { count: switchable.filter((s) => chosen.includes(s.id)).length, total: switchable.length })}
        </p>
      ) : null}
    </div>
  );
}
