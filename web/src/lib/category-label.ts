// Workflow and template categories are stored as the Swedish names of SPEC §3 (and a template's industry as the
// catalogue writes it); the interface shows them in the user's language. A value the catalogue adds later that has
// no translation yet is shown as stored rather than as a key.
// Called while a component renders (its useTranslation re-renders it when the language changes).
import { WORKFLOW_CATEGORIES } from '@shared/schemas/workflows';
import { i18n } from './i18n';

const CATEGORY_KEYS = new Map<string, string>([
  ['Fastighetsadministration', 'property_administration'],
  ['Ärendehantering', 'case_management'],
  ['Rapportering', 'reporting'],
  ['Avtalshantering', 'contract_management'],
  ['Underhåll och service', 'maintenance'],
  ['Övrigt', 'other'],
] satisfies Array<[(typeof WORKFLOW_CATEGORIES)[number], string]>);

const INDUSTRY_KEYS = new Map<string, string>([
  ['Fastigheter', 'real_estate'],
  ['Ekonomi', 'finance'],
  ['Offentlig sektor', 'public_sector'],
]);

/** A stored value's label from common.json's `group`, or the value itself when it has none. */
function label(group: 'categories' | 'industries', keys: Map<string, string>, value: string): string {
  const key = keys.get(value);
  return key ? i18n.t(`common:${group}.${key}` as never) : value;
}

export const categoryLabel = (category: string) => label('categories', CATEGORY_KEYS, category);
export const industryLabel = (industry: string) => label('industries', INDUSTRY_KEYS, industry);

/** The workflow categories as a select's options (the workflow form, the onboarding's first step). */
export const categoryOptions = () => WORKFLOW_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));
