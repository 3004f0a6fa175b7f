import type { Template } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { InstallButton } from './install-button';
import { difficultyTones } from './template-card';
import { categoryLabel, industryLabel } from '@/lib/category-label';

type TemplatePreviewDialogProps = {
  template: Template;
  installed: boolean;
  isInstalling: boolean;
  onInstall: (template: Template) => void;
  onClose: () => void;
};

export function TemplatePreviewDialog({ template, installed, isInstalling, onInstall, onClose }: TemplatePreviewDialogProps) {
  const { t } = useTranslation('marketplace');
  const rows: Array<[string, React.ReactNode]> = [
    [t('preview.category'), categoryLabel(template.category)],
    [t('preview.industry'), industryLabel(template.industry)],
    [
      t('preview.difficulty'),
      <Badge key="d" tone={difficultyTones[template.difficulty]}>
        {t(`difficulty.${template.difficulty}`)}
      </Badge>,
    ],
    [t('preview.creator'), template.creator],
    [t('preview.updated'), formatDate(template.updatedAt)],
    [t('preview.inputs'), template.inputs.length ? template.inputs.join(', ') : t('preview.none')],
    [t('preview.secrets'), template.secrets.length ? template.secrets.join(', ') : t('preview.none')],
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
      <h3 className="mt-5 text-sm font-semibold text-slate-900">{t('preview.steps_title', { count: template.stepCount })}</h3>
      <ol aria-label={t('preview.steps_title', { count: template.stepCount })} className="mt-2 list-decimal space-y-1 pl-6 text-sm text-slate-700">
        {template.steps.map((step, index) => (
          <li key={index}>
            {step.description || step.type} <span className="text-xs text-slate-500">({t(`step_types.${step.type}` as 'step_types.navigate', { defaultValue: step.type })})</span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-slate-600">{t('preview.complete_hint')}</p>
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
