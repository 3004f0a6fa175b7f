// The fields of a "Logga in själv" (login) step: what the person is told to do, when the sign-in counts as done
// (the page's address, `*` matching anything, or an element on the page) and how long the run waits (minutes).
// While the step is open the run takes no screenshots, and the workflow runs only in a person's own browser.
import { LOGIN_TIMEOUT_DEFAULT_MS, MAX_LOGIN_TIMEOUT_MS } from '@shared/schemas/definition';
import { useTranslation } from 'react-i18next';
import { StepTextField } from './step-text-field';

export function LoginStepFields() {
  const { t } = useTranslation('workflows');
  return (
    <>
      <p className="rounded-lg bg-violet-50 p-3 text-sm text-violet-900 ring-1 ring-violet-200 ring-inset">{t('step_dialog.login.about')}</p>
      <StepTextField
        name="instructions"
        multiline
        rows={3}
        label={t('step_dialog.login.instructions_label')}
        placeholder={t('step_dialog.login.instructions_placeholder')}
        hint={t('step_dialog.login.instructions_hint')}
      />
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">{t('step_dialog.login.until_legend')}</legend>
        <StepTextField
          name="untilUrl"
          mono
          inputMode="url"
          label={t('step_dialog.login.until_url_label')}
          placeholder={t('step_dialog.login.until_url_placeholder')}
          hint={t('step_dialog.login.until_url_hint')}
        />
        <StepTextField
          name="untilSelectors"
          multiline
          rows={2}
          mono
          label={t('step_dialog.login.until_selectors_label')}
          hint={t('step_dialog.login.until_selectors_hint')}
        />
      </fieldset>
      <StepTextField
        name="timeout"
        inputMode="decimal"
        label={t('step_dialog.login.timeout_label')}
        placeholder={String(LOGIN_TIMEOUT_DEFAULT_MS / 60_000)}
        hint={t('step_dialog.login.timeout_hint', { minutes: LOGIN_TIMEOUT_DEFAULT_MS / 60_000, max: MAX_LOGIN_TIMEOUT_MS / 60_000 })}
      />
    </>
  );
}
