// Search-parameter readers for route `validateSearch`. Route options stay in the entry chunk (only
// components are split off), so these are plain functions: zod there would put all of zod into the
// first download of every page (performance budget, docs/quality.md).

/** `value` if it is one of `options`, else undefined (an unknown value is ignored, never an error). */
export function oneOf<const T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return options.includes(value as T) ? (value as T) : undefined;
}

/** A string (possibly empty); the router parses search values as JSON, so an all-digit value arrives as a number. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value : undefined;
}
