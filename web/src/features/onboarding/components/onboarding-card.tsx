// The dashboard's onboarding card; it opens the wizard. Closing starts the wizard over (a saved draft stays in /workflows).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SparklesIcon } from '@/components/ui/icons';
import { useOnboardingWizard } from '../hooks/use-onboarding-wizard';
import { OnboardingModal } from './onboarding-modal';

type OnboardingCardProps = {
  /** After the last step: the caller goes to the workflow list. */
  onComplete: () => void;
};

export function OnboardingCard({ onComplete }: OnboardingCardProps) {
  // The record step's texts (`recording`, shared with Track & Trace) load with the card: loading them when
  // the step opens would suspend the dashboard and unmount the open wizard.
  const { t } = useTranslation(['onboarding', 'recording']);
  const [open, setOpen] = useState(false);
  const wizard = useOnboardingWizard();

  const handleClose = () => {
    wizard.reset();
    setOpen(false);
  };

  const handleComplete = () => {
    handleClose();
    onComplete();
  };

  return (
    <section
      aria-labelledby="onboarding-card-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-indigo-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <span className="rounded-lg bg-indigo-50 p-2 text-indigo-600">
          <SparklesIcon className="size-6" />
        </span>
        <div>
          <h2 id="onboarding-card-title" className="font-semibold text-slate-900">
            {t('card.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('card.description')}</p>
        </div>
      </div>
      <Button onClick={() => setOpen(true)}>{t('card.start')}</Button>
      <OnboardingModal open={open} wizard={wizard} onClose={handleClose} onComplete={handleComplete} />
    </section>
  );
}
