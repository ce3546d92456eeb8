/**
 * French typography for text written with ordinary spaces (descriptions typed in the console,
 * server messages, an assistant's reply): a no-break space before ':', ';', '!', '?' and '»',
 * after '«', between the groups of a number and between a number and its unit, so that a line
 * never starts with a sign or a unit, and '12 000 €' never breaks. A plain no-break space, not
 * the narrow one, which the site's body font draws with no width.
 */
const NBSP = '\u00a0';

const UNITS = ['€', '%', 'h', 'min', 's', 'km', 'km/h', 'ch', 'ans', 'jours', 'j', 'kg', 'L'];
const unitAfterNumber = new RegExp(
  `(\\d) (${UNITS.map((unit) => unit.replace('/', '\\/')).join('|')})(?![\\p{L}\\d])`,
  'gu',
);

/**
 * The narrow no-break space that fr-FR number formats put between groups and before '€' has no
 * width in the site's body font: a plain no-break space keeps the groups visible and together.
 */
export const visibleSpaces = (text: string): string => text.replace(/\u202f/g, NBSP);

export function frenchSpacing(text: string): string {
  return (
    visibleSpaces(text)
      .replace(/(\S)[ \t]+([:;!?»])(?=\s|$|[.,)»"'’])/g, `$1${NBSP}$2`)
      .replace(/«[ \t]+/g, `«${NBSP}`)
      // Thousands: '12 000', '1 000 000' (each group of three after a digit and a space).
      .replace(/(\d) (?=\d{3}(?!\d))/g, `$1${NBSP}`)
      .replace(unitAfterNumber, `$1${NBSP}$2`)
  );
}

/**
 * 1234567 → '1 234 567': a whole number (rounded half away from zero) in groups of three held by
 * visible no-break spaces, as fr-FR number formats group it. Written out rather than asked of
 * Intl, whose first formatter on a page loads the locale's data (money-format.ts).
 */
export function groupDigits(value: number): string {
  const whole = Math.round(Math.abs(value));
  const digits = String(whole);
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3)
    groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return (value < 0 && whole > 0 ? '-' : '') + groups.join(NBSP);
}

/** 12345 → '12 345 km', its groups and unit held together by visible no-break spaces. */
export function formatKilometres(km: number): string {
  return `${groupDigits(km)}${NBSP}km`;
}

/**
 * French writes the first day of a month '1er' ('mardi 1er décembre 2026'), where Intl's fr-FR
 * dates write '1': for a date Intl wrote, with the month in letters.
 */
export function firstOfMonth(date: string): string {
  return date.replace(/(^|[\s\u00a0])1(?=[\s\u00a0]\p{L})/u, '$11er');
}
