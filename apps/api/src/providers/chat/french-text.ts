/**
 * Reading French customer messages (decision 015): normalisation, dates, booking references and
 * e-mails. Pure functions; `today` is passed in so that tests and the evaluation are repeatable.
 */

/** Lower case, no accents, punctuation as spaces (except '/' of dates), space-bounded. */
export function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** A calendar day, 'yyyy-mm-dd'. */
export type Day = string;

export interface DateRange {
  start: Day;
  end: Day;
}

const MONTHS: Record<string, number> = {
  janvier: 1,
  janv: 1,
  fevrier: 2,
  fevr: 2,
  fev: 2,
  mars: 3,
  avril: 4,
  avr: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  juil: 7,
  aout: 8,
  septembre: 9,
  sept: 9,
  octobre: 10,
  oct: 10,
  novembre: 11,
  nov: 11,
  decembre: 12,
  dec: 12,
};
const MONTH = `(${Object.keys(MONTHS).join('|')})`;
const NUMBER_WORDS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  quinze: 15,
};

export function toDay(date: Date): Day {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: Day, days: number): Day {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

function makeDay(year: number, month: number, dayOfMonth: number): Day | null {
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== dayOfMonth) return null;
  return toDay(date);
}

/** A day without a year is the next one to come (today included). */
function upcoming(today: Day, month: number, dayOfMonth: number, year?: number): Day | null {
  const thisYear = Number(today.slice(0, 4));
  if (year !== undefined) return makeDay(year < 100 ? 2000 + year : year, month, dayOfMonth);
  const candidate = makeDay(thisYear, month, dayOfMonth);
  if (candidate && candidate >= today) return candidate;
  return makeDay(thisYear + 1, month, dayOfMonth);
}

/** The first end on or after the start with this month and day. */
function endAfter(start: Day, month: number, dayOfMonth: number, year?: number): Day | null {
  if (year !== undefined) return makeDay(year < 100 ? 2000 + year : year, month, dayOfMonth);
  return upcoming(start, month, dayOfMonth);
}

/**
 * Number of days stated as a duration, on normalised text: 'pour 3 jours', 'pendant une semaine',
 * 'deux nuits', 'un week-end' (Saturday to Monday: 2 days).
 */
export function findDuration(text: string): number | null {
  const match =
    / (\d{1,2}|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|quinze) (?!week end )(jours?|nuits?|semaines?|days?|nights?|weeks?) /.exec(
      text,
    );
  if (!match) {
    if (/ (pour|pendant|sur) (une|la) semaine /.test(text)) return 7;
    if (/ (pour|pendant|sur|le temps d) (un|le) week end /.test(text)) return 2;
    return null;
  }
  const count = NUMBER_WORDS[match[1]!] ?? Number(match[1]);
  return /^(semaine|week)/.test(match[2]!) ? count * 7 : count;
}

/**
 * The rental dates a message states, on normalised text: 'du 12 au 15 mars', 'du 28 février au
 * 3 mars 2027', 'du 12/03 au 15/03', '12/03', 'demain', 'ce week-end', 'le 12 mars pour 3 jours'.
 * One day without an end or a duration is a one-day rental.
 */
export function parseDates(text: string, today: Day): DateRange | null {
  const start = findStart(text, today);
  if (!start) return null;
  if (start.end) return { start: start.day, end: start.end };
  const duration = findDuration(text);
  return { start: start.day, end: addDays(start.day, Math.max(1, duration ?? 1)) };
}

function findStart(text: string, today: Day): { day: Day; end?: Day } | null {
  // 'du 12 au 15 mars', 'du 28 fevrier au 3 mars 2027', 'du 1er au 4 mai'
  const range = new RegExp(
    ` (\\d{1,2})(?:er)?(?: ${MONTH})?(?: (\\d{4}))? (?:au|a|jusqu au) (\\d{1,2})(?:er)? ${MONTH}(?: (\\d{4}))? `,
  ).exec(text);
  if (range) {
    const endMonth = MONTHS[range[5]!]!;
    const startMonth = range[2] ? MONTHS[range[2]]! : endMonth;
    const endYear = range[6] ? Number(range[6]) : undefined;
    const startYear = range[3] ? Number(range[3]) : endYear;
    const startDay = upcoming(today, startMonth, Number(range[1]), startYear);
    const endDay = startDay && endAfter(startDay, endMonth, Number(range[4]), endYear);
    if (startDay && endDay && endDay > startDay) return { day: startDay, end: endDay };
  }
  // '12/03', '12/03/2027', twice for a range
  const numeric = [...text.matchAll(/ (\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))? /g)];
  const byNumbers = dayOrRange(today, numeric, (match) => Number(match[2]));
  if (byNumbers) return byNumbers;
  // '12 mars', twice for a range ('le 12 mars et le 15 mars')
  const named = [
    ...text.matchAll(new RegExp(` (\\d{1,2})(?:er)? ${MONTH}(?: (\\d{4}))?(?= )`, 'g')),
  ];
  const byNames = dayOrRange(today, named, (match) => MONTHS[match[2]!]!);
  if (byNames) return byNames;
  if (/ apres demain /.test(text)) return { day: addDays(today, 2) };
  if (/ demain /.test(text)) return { day: addDays(today, 1) };
  if (/ aujourd hui /.test(text) || / ce jour /.test(text)) return { day: today };
  if (/ (ce|le|du|pour le) (prochain )?week end( prochain)? /.test(text)) {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    let toSaturday = (6 - weekday + 7) % 7;
    if (/ (week end prochain|prochain week end) /.test(text) && toSaturday < 7) toSaturday += 7;
    if (weekday === 0) return { day: today, end: addDays(today, 1) };
    const saturday = addDays(today, toSaturday);
    return { day: saturday, end: addDays(saturday, 2) };
  }
  return null;
}

/**
 * The day the first of `matches` names (day in group 1, year in group 3, the month read by
 * `monthOf`), ending on the day the second names when it comes after: null when none or a day
 * in the past.
 */
function dayOrRange(
  today: Day,
  matches: RegExpMatchArray[],
  monthOf: (match: RegExpMatchArray) => number,
): { day: Day; end?: Day } | null {
  const [first, second] = matches;
  const dayOf = (match: RegExpMatchArray) =>
    [monthOf(match), Number(match[1]), match[3] ? Number(match[3]) : undefined] as const;
  const startDay = first && upcoming(today, ...dayOf(first));
  if (!startDay) return null;
  const endDay = second && endAfter(startDay, ...dayOf(second));
  return endDay && endDay > startDay ? { day: startDay, end: endDay } : { day: startDay };
}

/** A booking number: its 8-character reference or the full id. */
export function findBookingReference(original: string): string | null {
  const uuid = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i.exec(original);
  if (uuid) return uuid[0].toLowerCase();
  for (const match of original.matchAll(/(?<![\w@.-])([0-9a-f]{8})(?![\w@-])/gi)) {
    // A reference mixes digits and letters, or is all digits; an 8-letter word is not one.
    if (/\d/.test(match[1]!)) return match[1]!.toUpperCase();
  }
  return null;
}

export function findEmail(original: string): string | null {
  return /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(original)?.[0]?.toLowerCase() ?? null;
}

/** A 5-digit French postcode (not a date, not a reference). */
export function findPostcode(text: string): string | null {
  return / ((?:0[1-9]|[1-8]\d|9[0-5]|2a|2b)\d{3}) /.exec(text)?.[1] ?? null;
}

/** Does the normalised text hold one of these words or phrases (normalised, space-bounded)? */
export function hasAny(text: string, phrases: readonly string[]): boolean {
  return phrases.some(
    (phrase) =>
      text.includes(` ${phrase} `) ||
      (phrase.endsWith('*') && text.includes(` ${phrase.slice(0, -1)}`)),
  );
}
