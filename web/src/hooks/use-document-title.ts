import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<page> · Kollega" (just "Kollega" without a page), or `page` alone with `bare`. */
export function useDocumentTitle(page: string | undefined, { bare = false }: { bare?: boolean } = {}): void {
  const { t } = useTranslation('common');
  const title = !page ? t('brand.name') : bare ? page : t('document_title', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
