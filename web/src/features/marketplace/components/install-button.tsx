// Install, or once installed a link to the workflow list.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';

type InstallButtonProps = {
  name: string;
  installed: boolean;
  isPending: boolean;
  onInstall: () => void;
};

export function InstallButton({ name, installed, isPending, onInstall }: InstallButtonProps) {
  const { t } = useTranslation('marketplace');
  if (installed) {
    return (
      <Link to="/workflows" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {t('card.open_workflows')}
      </Link>
    );
  }
  return (
    <Button size="sm" onClick={onInstall} isPending={isPending} pendingLabel={t('card.installing')} aria-description={name}>
      {t('card.install')}
    </Button>
  );
}
