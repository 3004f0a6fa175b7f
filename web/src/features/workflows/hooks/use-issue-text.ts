// A message of the shared definition schema (a key of the `validation` namespace) in words. A key
// the namespace does not have, or a message zod wrote itself, reads as a plain "invalid value".
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValidationKey } from '@/locales/resources';

export function useIssueText(): (message: string) => string {
  const { t, i18n } = useTranslation(['workflows', 'validation']);
  return useCallback(
    (message: string) =>
      i18n.exists(message, { ns: 'validation' }) ? i18n.getFixedT(null, 'validation')(message as ValidationKey) : t('workflows:editor.errors.invalid'),
    [t, i18n],
  );
}
