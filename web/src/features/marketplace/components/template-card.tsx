import type { Template } from '@shared/types/api';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { InstallButton } from './install-button';
import { categoryLabel, industryLabel } from '@/lib/category-label';

export const difficultyTones: Record<Template['difficulty'], BadgeTone> = { beginner: 'green', intermediate: 'amber', advanced: 'red' };

type TemplateCardProps = {
  template: Template;
  installed: boolean;
  isInstalling: boolean;
  onInstall: (template: Template) => void;
  onPreview: (template: Template) => void;
};

export function TemplateCard({ template, installed, isInstalling, onInstall, onPreview }: TemplateCardProps) {
  const { t } = useTranslation('marketplace');
  return (
    <article aria-label={template.name} className="flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="indigo">{categoryLabel(template.category)}</Badge>
        <Badge tone={difficultyTones[template.difficulty]}>{t(`difficulty.${template.difficulty}`)}</Badge>
        {template.isFeatured ? <Badge tone="violet">{t('card.featured')}</Badge> : null}
      </div>
      <h3 className="mt-3 font-semibold text-slate-900">{template.name}</h3>
      <p className="mt-1 flex-1 text-sm text-slate-600">{template.description}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>{t('card.steps', { count: template.stepCount })}</span>
        <span>{industryLabel(template.industry)}</span>
      </div>
      <div className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
        <span>{t('card.creator', { creator: template.creator })}</span>
        <span>{t('card.updated', { date: formatDate(template.updatedAt) })}</span>
      </div>
      <div className="mt-4 flex gap-2">
        <Button size="sm" variant="secondary" onClick={() => onPreview(template)} aria-description={template.name}>
          {t('card.preview')}
        </Button>
        <InstallButton name={template.name} installed={installed} isPending={isInstalling} onInstall={() => onInstall(template)} />
      </div>
    </article>
  );
}
