import { afterEach, describe, expect, it } from 'vitest';
import { WORKFLOW_CATEGORIES } from '@shared/schemas/workflows';
import { categoryLabel, industryLabel } from './category-label';
import { i18n, setLanguage } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('sv');
});

describe('category and industry labels', () => {
  it('shows every stored category as stored in Swedish, and translated in English', async () => {
    expect(WORKFLOW_CATEGORIES.map((c) => categoryLabel(c))).toEqual([...WORKFLOW_CATEGORIES]);
    await setLanguage('en');
    expect(WORKFLOW_CATEGORIES.map((c) => categoryLabel(c))).toEqual([
      'Property administration',
      'Case management',
      'Reporting',
      'Contract management',
      'Maintenance and service',
      'Other',
    ]);
    expect(['Fastigheter', 'Ekonomi', 'Offentlig sektor'].map((i) => industryLabel(i))).toEqual(['Real estate', 'Finance', 'Public sector']);
  });

  it('shows a value without a translation as stored, never as a key', async () => {
    await setLanguage('en');
    expect(categoryLabel('Lönehantering')).toBe('Lönehantering');
    expect(industryLabel('Vård')).toBe('Vård');
    expect(categoryLabel('constructor')).toBe('constructor');
  });
});
