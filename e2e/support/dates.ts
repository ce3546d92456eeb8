/** A future moment at a round hour, `days` from today, as the value of a datetime-local input. */
export function localDateTime(days: number, hour = 10): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(hour, 0, 0, 0);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hour)}:00`;
}

/** The same moment as an ISO instant (the browser runs in Europe/Paris, like the tests). */
export function isoDateTime(days: number, hour = 10): string {
  return new Date(localDateTime(days, hour)).toISOString();
}
