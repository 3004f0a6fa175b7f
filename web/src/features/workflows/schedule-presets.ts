// The schedule card's presets (cron in the workflow's time zone) and the light check made before
// the server's own (cron-parser) validation.
export const SCHEDULE_TIMEZONE = 'Europe/Stockholm';

export const SCHEDULE_PRESETS = [
  { key: 'weekdays', cron: '0 7 * * 1-5' },
  { key: 'daily', cron: '0 6 * * *' },
  { key: 'monday', cron: '0 8 * * 1' },
  { key: 'monthly', cron: '0 9 1 * *' },
] as const;

/** Five space-separated fields: minute, hour, day of month, month, day of week. */
export function looksLikeCron(text: string): boolean {
  return text.trim().split(/\s+/).length === 5;
}
