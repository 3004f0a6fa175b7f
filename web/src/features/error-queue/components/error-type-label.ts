import type { TFunction } from 'i18next';

const KNOWN_TYPES = ['validation_error', 'network_error', 'element_not_found', 'timeout'] as const;
type KnownType = (typeof KNOWN_TYPES)[number];

/** SPEC §8: the four known types have labels; any other is its code with underscores as spaces. */
export function errorTypeLabel(type: string, t: TFunction<'error_queue'>): string {
  return (KNOWN_TYPES as readonly string[]).includes(type) ? t(`types.${type as KnownType}`) : type.replace(/_/g, ' ');
}
