import type { Template } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { formatCount, formatRating } from '../model';
import { InstallButton } from './install-button';
import { RatingStars } from './rating-stars';
import { difficultyTones } from './template-card';

type TemplatePreviewDialogProps = {
  template: Template;
  installed: boolean;
  isInstalling: boolean;
  onInstall: (template: Template) => void;
  onClose: () => void;
};

export function TemplatePreviewDialog({ template, installed, isInstalling, onInstall, onClose }: TemplatePreviewDialogProps) {
  const { t, i18n } = useTranslation('marketplace');
  const rating = formatRating(template.rating, i18n.language);
  const rows: Array<[string, React.ReactNode]> = [
    [t('preview.category'), template.category],
    [t('preview.industry'), template.industry],
    [
      t('preview.difficulty'),
      <Badge key="d" tone={difficultyTones[template.difficulty]}>
        {t(`difficulty.${template.difficulty}`)}
      </Badge>,
    ],
    [
      t('preview.rating'),
      <RatingStars key="r" rating={template.rating} label={t('preview.rating_value', { rating })} display={rating} />,
    ],
    [t('preview.downloads'), formatCount(template.downloads, i18n.language)],
    [t('preview.creator'), template.creator],
    [t('preview.updated'), formatDate(template.updatedAt)],
    [t('preview.steps'), template.stepCount],
  ];
  return (
    <Dialog open onClose={onClose} title={template.name} description={template.description} size="lg" closeButton>
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-3 py-2">
            <dt className="text-slate-500">{label}</dt>
            <dd className="col-span-2 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {installed ? (
        <p className="mt-4 text-sm text-emerald-700" role="status">
          {t('preview.installed_hint')}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onClose}>
          {t('preview.close')}
        </Button>
        <InstallButton
          name={template.name}
          installed={installed}
          isPending={isInstalling}
          onInstall={() => onInstall(template)}
        />
      </div>
    </Dialog>
  );
}
