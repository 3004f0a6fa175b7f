import type { TFunction } from 'i18next';

const KNOWN_TYPES = [
  'validation_error',
  'network_error',
  'element_not_found',
  'timeout',
  'navigation_failed',
  'frame_not_found',
  'popup_not_found',
  'unexpected_dialog',
  'assertion_failed',
  'secret_missing',
  'blocked_address',
  'ai_unavailable',
  'browser_crashed',
  'runner_lost',
  'stopped',
] as const;
type KnownType = (typeof KNOWN_TYPES)[number];

/** SPEC §8's four types and the runner's (AUTOMATION.md "Runs") have labels; any other is its code with underscores as spaces. */
export function errorTypeLabel(type: string, t: TFunction<'error_queue'>): string {
  return (KNOWN_TYPES as readonly string[]).includes(type) ? t(`types.${type as KnownType}`) : type.replace(/_/g, ' ');
}
