// A step's screenshot, large.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';

type ScreenshotDialogProps = {
  src: string;
  number: number;
  onClose: () => void;
};

export function ScreenshotDialog({ src, number, onClose }: ScreenshotDialogProps) {
  const { t } = useTranslation('workflows');
  const title = t('test_run.screenshot_title', { number });
  return (
    <Dialog open onClose={onClose} title={title} size="lg">
      <img src={src} alt={title} className="w-full rounded-lg ring-1 ring-slate-200" />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('test_run.screenshot_close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
