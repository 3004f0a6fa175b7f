import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import { formatTime } from '@/lib/format';
import { displayFields, type RecordedStep } from '../model';

type StepListProps = {
  steps: RecordedStep[];
  /** The element pictures the extension sent, by ref. */
  pictures?: Record<string, string>;
  onEdit: (step: RecordedStep) => void;
  onDelete: (id: string) => void;
  /** A recorded password sign-in: use the steps the person took instead of "Logga in själv". */
  onUseRecordedSignIn: (id: string) => void;
};

export function StepList({ steps, pictures = {}, onEdit, onDelete, onUseRecordedSignIn }: StepListProps) {
  const { t } = useTranslation('recording');
  return (
    <Card title={t('steps.title')}>
      {steps.length === 0 ? (
        <p className="text-sm text-slate-500">{t('steps.empty')}</p>
      ) : (
        <ol aria-label={t('steps.title')} className="divide-y divide-slate-100">
          {steps.map((step) => {
            const { selector, value } = displayFields(step.step);
            const picture = step.ref ? pictures[step.ref] : undefined;
            return (
              <li key={step.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700">
                  {step.stepNumber}
                </span>
                {picture ? (
                  <img
                    src={picture}
                    alt={t('steps.thumbnail', { number: step.stepNumber })}
                    className="h-12 w-20 shrink-0 rounded border border-slate-200 object-cover object-top"
                  />
                ) : null}
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={step.action === 'ai_decision' ? 'violet' : step.action === 'login' ? 'amber' : 'slate'}>{t(`steps.actions.${step.action}`)}</Badge>
                    <span className="text-xs text-slate-500">{formatTime(step.timestamp)}</span>
                  </div>
                  <p className="mt-1 text-sm text-slate-900">{step.description}</p>
                  {selector ? <p className="font-mono text-xs break-all text-slate-500">{selector}</p> : null}
                  {value && step.action !== 'navigate' ? <p className="text-xs break-all text-slate-500">{value}</p> : null}
                  {step.action === 'login' ? <p className="mt-1 text-xs text-slate-600">{t('steps.login_note')}</p> : null}
                  {step.replaces ? (
                    <div className="mt-2">
                      <Button variant="secondary" size="sm" onClick={() => onUseRecordedSignIn(step.id)}>
                        {t('steps.use_recorded_sign_in')}
                      </Button>
                      <p className="mt-1 text-xs text-slate-500">{t('steps.use_recorded_sign_in_hint')}</p>
                    </div>
                  ) : null}
                </div>
                <button
                  type="button"
                  onClick={() => onEdit(step)}
                  aria-label={t('steps.edit', { number: step.stepNumber })}
                  className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100"
                >
                  <PencilIcon className="size-4" />
                </button>
                <button
                  type="button"
                  onClick={() => onDelete(step.id)}
                  aria-label={t('steps.delete', { number: step.stepNumber })}
                  className="rounded-lg p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600"
                >
                  <TrashIcon className="size-4" />
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
