// What a version changed from the one before, as step sentences: added (+), removed (−), changed (before →
// after), and a note when the steps were put in another order. The first version lists its steps.
import type { Step } from '@shared/schemas/definition';
import { useTranslation } from 'react-i18next';
import { useStepSentence } from '../step-sentence';
import { diffSteps } from '../version-diff';

type VersionChangesProps = { before: readonly Step[]; after: readonly Step[]; first: boolean };

export function VersionChanges({ before, after, first }: VersionChangesProps) {
  const { t } = useTranslation('workflows');
  const sentence = useStepSentence();
  const { changes, reordered } = diffSteps(before, after);
  if (changes.length === 0 && !reordered) return <p className="mt-1 text-slate-600">{t('history.no_changes')}</p>;
  return (
    <div className="mt-1 space-y-1">
      {first ? <p className="text-slate-600">{t('history.first')}</p> : null}
      <ul className="space-y-1">
        {changes.map((change) => (
          <li key={`${change.kind}:${change.step.id}`} className="[overflow-wrap:anywhere]">
            {change.kind === 'added' ? (
              <span className="text-emerald-800">{t('history.added', { sentence: sentence(change.step) })}</span>
            ) : change.kind === 'removed' ? (
              <span className="text-red-800">{t('history.removed', { sentence: sentence(change.step) })}</span>
            ) : (
              <span className="text-slate-800">
                {sentence(change.before) === sentence(change.step)
                  ? t('history.changed_details', { sentence: sentence(change.step) })
                  : t('history.changed', { before: sentence(change.before), after: sentence(change.step) })}
              </span>
            )}
          </li>
        ))}
      </ul>
      {reordered ? <p className="text-slate-600">{t('history.reordered')}</p> : null}
    </div>
  );
}
