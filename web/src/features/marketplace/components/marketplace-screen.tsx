// The template marketplace: featured templates, categories, search, preview, install.
import { Field, Label } from '@headlessui/react';
import type { Template } from '@shared/types/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/icons';
import { FieldInput } from '@/components/ui/field-input';
import { notify } from '@/components/ui/notify';
import { Spinner } from '@/components/ui/spinner';
import { templatesQueryOptions } from '../api/get-templates';
import { useInstallTemplate } from '../api/install-template';
import { filterTemplates, templateCategories } from '../model';
import { TemplateCard } from './template-card';
import { TemplatePreviewDialog } from './template-preview-dialog';
import { categoryLabel } from '@/lib/category-label';

export function MarketplaceScreen() {
  const { t } = useTranslation('marketplace');
  const { data, isPending, isError, refetch } = useQuery(templatesQueryOptions());
  const install = useInstallTemplate();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [installed, setInstalled] = useState<ReadonlySet<string>>(new Set());

  const templates = data ?? [];
  const visible = filterTemplates(templates, search, category);
  const filtering = search.trim() !== '' || category !== null;
  const featured = filtering ? [] : templates.filter((template) => template.isFeatured);
  const preview = templates.find((template) => template.id === previewId) ?? null;

  const handleInstall = (template: Template) =>
    install.mutate(template.id, {
      onSuccess: (workflow) => {
        setInstalled((ids) => new Set(ids).add(template.id));
        notify.success(t('toast.installed'), t('toast.installed_description', { name: workflow.name }));
      },
    });

  const cardProps = (template: Template) => ({
    template,
    installed: installed.has(template.id),
    isInstalling: install.isPending && install.variables === template.id,
    onInstall: handleInstall,
    onPreview: (tpl: Template) => setPreviewId(tpl.id),
  });

  const pill = (active: boolean) =>
    `rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset ${active ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('description')}</p>
      </header>

      <div className="space-y-4">
        <Field className="max-w-xl">
          <Label className="sr-only">{t('search_label')}</Label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
            <FieldInput type="search" className="pl-10" value={search} placeholder={t('search_placeholder')} onChange={(event) => setSearch(event.target.value)} />
          </div>
        </Field>
        {templates.length > 0 ? (
          <div role="group" aria-label={t('categories.label')} className="flex flex-wrap gap-2">
            <button type="button" aria-pressed={category === null} className={pill(category === null)} onClick={() => setCategory(null)}>
              {t('categories.all')}
            </button>
            {templateCategories(templates).map((name) => (
              <button key={name} type="button" aria-pressed={category === name} className={pill(category === name)} onClick={() => setCategory(name)}>
                {categoryLabel(name)}
              </button>
            ))}
          </div>
        ) : null}
      </div>

      {isPending ? (
        <div className="flex items-center gap-2 py-10 text-sm text-slate-500">
          <Spinner label={t('loading')} />
          <span aria-hidden="true">{t('loading')}</span>
        </div>
      ) : isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <span>{t('error.title')}</span>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {t('error.retry')}
          </Button>
        </div>
      ) : (
        <>
          {featured.length > 0 ? (
            <section aria-labelledby="featured-title">
              <h2 id="featured-title" className="text-lg font-semibold text-slate-900">
                {t('featured.title')}
              </h2>
              <div className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {featured.map((template) => (
                  <TemplateCard key={template.id} {...cardProps(template)} />
                ))}
              </div>
            </section>
          ) : null}
          <section aria-labelledby="all-templates-title">
            <div className="flex items-baseline justify-between">
              <h2 id="all-templates-title" className="text-lg font-semibold text-slate-900">
                {t('all_templates')}
              </h2>
              <p className="text-sm text-slate-500" role="status">
                {t('results', { count: visible.length })}
              </p>
            </div>
            {visible.length === 0 ? (
              <div className="mt-3 rounded-xl bg-white p-10 text-center ring-1 ring-slate-200">
                <p className="font-semibold text-slate-900">{templates.length === 0 ? t('catalogue_empty.title') : t('empty.title')}</p>
                <p className="mt-1 text-sm text-slate-500">{templates.length === 0 ? t('catalogue_empty.description') : t('empty.description')}</p>
              </div>
            ) : (
              <div className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {visible.map((template) => (
                  <TemplateCard key={template.id} {...cardProps(template)} />
                ))}
              </div>
            )}
          </section>
        </>
      )}

      {preview ? (
        <TemplatePreviewDialog
          template={preview}
          installed={installed.has(preview.id)}
          isInstalling={install.isPending && install.variables === preview.id}
          onInstall={handleInstall}
          onClose={() => setPreviewId(null)}
        />
      ) : null}
    </div>
  );
}
