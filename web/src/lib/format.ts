// Dates are shown in the Swedish locale whatever the interface language (SPEC §9): 2025-03-14.

const dateFormat = new Intl.DateTimeFormat('sv-SE', { year: 'numeric', month: '2-digit', day: '2-digit' });

export function formatDate(value: Date | string | number): string {
  return dateFormat.format(new Date(value));
}

const dateTimeFormat = new Intl.DateTimeFormat('sv-SE', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** Date and time in the Swedish locale: 2025-03-14 10:22. */
export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(new Date(value));
}

const timeFormat = new Intl.DateTimeFormat('sv-SE', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Time of day with seconds in the Swedish locale: 09:30:05. */
export function formatTime(value: Date | string | number): string {
  return timeFormat.format(new Date(value));
}
