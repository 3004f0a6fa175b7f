// Self-learning improvement suggestions (demo): ignore removes one, apply marks it applied.
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckIcon } from '@/components/ui/icons';
import type { ImprovementSuggestion } from '../model';

type SuggestionListProps = {
  suggestions: ImprovementSuggestion[];
  onIgnore: (id: string) => void;
  onApply: (id: string) => void;
};

export function SuggestionList({ suggestions, onIgnore, onApply }: SuggestionListProps) {
  const { t } = useTranslation('flow_runs');
  return (
    <Card title={t('suggestions.title')}>
      <p className="-mt-3 mb-4 text-sm text-slate-500">{t('suggestions.description')}</p>
      {suggestions.length === 0 ? (
        <p className="text-sm text-slate-500">{t('suggestions.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {suggestions.map((s) => (
            <li key={s.id} aria-label={t(`demo.suggestions.${s.key}.workflow`)} className="rounded-lg p-4 ring-1 ring-slate-200">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{t(`demo.suggestions.${s.key}.workflow`)}</span>
                <Badge tone="indigo">{t(`suggestions.types.${s.type}`)}</Badge>
                <Badge tone="violet">{t('suggestions.confidence', { confidence: s.confidence })}</Badge>
                {s.applied ? (
                  <Badge tone="green">
                    <CheckIcon className="mr-1 size-3" />
                    {t('suggestions.applied')}
                  </Badge>
                ) : null}
              </div>
              <p className="mt-2 text-sm text-slate-700">{t(`demo.suggestions.${s.key}.text`)}</p>
              <p className="mt-1 text-xs text-slate-500">{t('suggestions.saving', { saving: t(`demo.saving.${s.key}`) })}</p>
              {s.applied ? null : (
                <div className="mt-3 flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => onIgnore(s.id)}>
                    {t('suggestions.ignore')}
                  </Button>
                  <Button size="sm" onClick={() => onApply(s.id)}>
                    {t('suggestions.apply')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
