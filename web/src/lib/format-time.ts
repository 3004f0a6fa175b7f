// Date and time in the Swedish locale whatever the interface language (SPEC §9): 2025-03-14 09:30.

const dateTimeFormat = new Intl.DateTimeFormat('sv-SE', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('sv-SE', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(new Date(value));
}

export function formatTime(value: Date | string | number): string {
  return timeFormat.format(new Date(value));
}
