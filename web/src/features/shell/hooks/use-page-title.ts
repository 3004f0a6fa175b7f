// The current page's title, from the deepest matched route's `staticData.titleKey`.
import { useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function usePageTitle(): string | undefined {
  const { t } = useTranslation('shell');
  const titleKey = useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.titleKey)?.staticData.titleKey,
  });
  return titleKey ? t(titleKey) : undefined;
}
