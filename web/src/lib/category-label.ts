// Workflow and template categories are stored as the Swedish names of SPEC §3 (and a template's industry as the
// catalogue writes it); the interface shows them in the user's language. A value the catalogue adds later that has
// no translation yet is shown as stored rather than as a key.
// Called while a component renders (its useTranslation re-renders it when the language changes).
import type { WORKFLOW_CATEGORIES } from '@shared/schemas/workflows';
import { i18n } from './i18n';

const CATEGORY_KEYS: Record<(typeof WORKFLOW_CATEGORIES)[number], string> = {
  Fastighetsadministration: 'property_administration',
  Ärendehantering: 'case_management',
  Rapportering: 'reporting',
  Avtalshantering: 'contract_management',
  'Underhåll och service': 'maintenance',
  Övrigt: 'other',
};

const INDUSTRY_KEYS: Record<string, string> = {
  Fastigheter: 'real_estate',
  Ekonomi: 'finance',
  'Offentlig sektor': 'public_sector',
};

export function categoryLabel(category: string): string {
  const key = (CATEGORY_KEYS as Record<string, string>)[category];
  return key ? i18n.t(`common:categories.${key}` as never) : category;
}

export function industryLabel(industry: string): string {
  const key = INDUSTRY_KEYS[industry];
  return key ? i18n.t(`common:industries.${key}` as never) : industry;
}
