import type { Template } from '@shared/types/api';
import { categoryLabel, industryLabel } from '@/lib/category-label';

/** Case-insensitive match on name, description, category, industry and creator, within a category. */
export function filterTemplates(templates: Template[], search: string, category: string | null): Template[] {
  const needle = search.trim().toLocaleLowerCase('sv');
  return templates.filter((template) => {
    if (category && template.category !== category) return false;
    if (!needle) return true;
    // The category and industry as stored (Swedish) and as shown (the user's language).
    const texts = [template.name, template.description, template.category, categoryLabel(template.category), template.industry, industryLabel(template.industry), template.creator];
    return texts.some((text) => text.toLocaleLowerCase('sv').includes(needle));
  });
}

/** The categories present, in order of first appearance. */
export function templateCategories(templates: Template[]): string[] {
  return [...new Set(templates.map((template) => template.category))];
}
