// The hero's illustration: a running workflow card (static demonstration content).
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, ClockIcon, SparklesIcon } from '@/components/ui/icons';

const steps = [
  { id: 'open', state: 'done' },
  { id: 'read', state: 'done' },
  { id: 'decide', state: 'active' },
  { id: 'book', state: 'waiting' },
] as const;

export function HeroPreview() {
  const { t } = useTranslation('landing');
  return (
    <figure aria-label={t('hero.preview.label')} className="relative mx-auto w-full max-w-md">
      <div aria-hidden="true" className="absolute -inset-4 rounded-3xl bg-gradient-to-tr from-indigo-200 via-violet-200 to-sky-100 opacity-70 blur-2xl" />
      <div className="relative rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-900/10">
        <div className="flex items-center justify-between gap-3">
          <p className="font-semibold text-slate-900">{t('hero.preview.title')}</p>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20">
            <span className="size-1.5 motion-safe:animate-pulse rounded-full bg-emerald-500" />
            {t('hero.preview.status')}
          </span>
        </div>
        <div className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full w-3/5 rounded-full bg-gradient-to-r from-indigo-500 to-violet-500" />
        </div>
        <ol className="mt-5 space-y-3">
          {steps.map((step, index) => (
            <li key={step.id} className="flex items-center gap-3 text-sm">
              {step.state === 'done' ? (
                <CheckCircleIcon className="size-5 shrink-0 text-emerald-500" />
              ) : step.state === 'active' ? (
                <SparklesIcon className="size-5 shrink-0 text-indigo-600" />
              ) : (
                <span className="flex size-5 shrink-0 items-center justify-center rounded-full border border-slate-300 text-[10px] text-slate-500">
                  {index + 1}
                </span>
              )}
              <span className={step.state === 'waiting' ? 'text-slate-500' : step.state === 'active' ? 'font-medium text-slate-900' : 'text-slate-600'}>
                {t(`hero.preview.steps.${step.id}`)}
              </span>
            </li>
          ))}
        </ol>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4 text-xs">
          <span className="inline-flex items-center gap-1.5 rounded-md bg-indigo-50 px-2 py-1 font-medium text-indigo-700">
            <SparklesIcon className="size-4" />
            {t('hero.preview.confidence')}
          </span>
          <span className="inline-flex items-center gap-1.5 text-slate-500">
            <ClockIcon className="size-4" />
            {t('hero.preview.saved')}
          </span>
        </div>
      </div>
    </figure>
  );
}
