// What a run error means to an office administrator: a plain explanation and what to do, in the user's language
// (web/src/locales/<lng>/run_errors.json, one entry per error type), with the runner's own message (English,
// technical: selectors, milliseconds) only behind "Visa tekniska detaljer". Used wherever a run, step or error
// queue item shows an error.
import { LABELLED_ERROR_TYPES, type LabelledErrorType } from '@shared/run-types';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type CatalogueType = LabelledErrorType | 'unknown';

export function catalogueType(type: string | null | undefined): CatalogueType {
  return type && (LABELLED_ERROR_TYPES as readonly string[]).includes(type) ? (type as LabelledErrorType) : 'unknown';
}

/** The plain explanation of an error type, for one-line places (toasts, alerts, labels). */
export function useRunErrorExplanation() {
  const { t } = useTranslation('run_errors');
  return useCallback((type: string | null | undefined) => t(`types.${catalogueType(type)}.explanation`), [t]);
}

type Props = {
  errorType: string | null | undefined;
  /** The runner's message: shown only under "Visa tekniska detaljer". */
  errorMessage?: string | null;
  /** Without "what you can do" (where the screen offers the action itself, or space is short). */
  compact?: boolean;
  className?: string;
};

export function RunErrorExplanation({ errorType, errorMessage, compact = false, className = '' }: Props) {
  const { t } = useTranslation('run_errors');
  const type = catalogueType(errorType);
  return (
    <div className={`space-y-1 ${className}`}>
      <p className="break-words">{t(`types.${type}.explanation`)}</p>
      {compact ? null : (
        <p className="break-words">
          <span className="font-medium">{t('what_to_do')}: </span>
          {t(`types.${type}.action`)}
        </p>
      )}
      {errorMessage ? (
        <details className="text-xs">
          <summary className="cursor-pointer select-none underline-offset-2 hover:underline">{t('details_show')}</summary>
          <p className="mt-1 font-mono break-words whitespace-pre-wrap opacity-90">{errorMessage}</p>
        </details>
      ) : null}
    </div>
  );
}
