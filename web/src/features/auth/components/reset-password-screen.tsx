// /reset-password (SPEC §2): without a token 'Invalid Link'; with one the new-password form.
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AuthLayout } from './auth-layout';
import { InvalidResetLink } from './invalid-reset-link';
import { ResetPasswordForm } from './reset-password-form';

type ResetPasswordScreenProps = {
  /** The link's token; undefined when the link has none. */
  token: string | undefined;
  /** Called a moment after a successful reset. */
  onDone: () => void;
};

export function ResetPasswordScreen({ token, onDone }: ResetPasswordScreenProps) {
  const { t } = useTranslation('auth');
  useDocumentTitle(token === undefined ? t('reset.invalid_title') : t('reset.title'));
  return <AuthLayout>{token === undefined ? <InvalidResetLink /> : <ResetPasswordForm token={token} onDone={onDone} />}</AuthLayout>;
}
