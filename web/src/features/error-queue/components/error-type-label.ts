import { LABELLED_ERROR_TYPES, type LabelledErrorType } from '@shared/run-types';
import type { TFunction } from 'i18next';


/** SPEC §8's four types and the runner's (docs/automation.md "Runs") have labels; any other is its code with underscores as spaces. */
export function errorTypeLabel(type: string, t: TFunction<'error_queue'>): string {
  return (LABELLED_ERROR_TYPES as readonly string[]).includes(type) ? t(`types.${type as LabelledErrorType}`) : type.replace(/_/g, ' ');
}
