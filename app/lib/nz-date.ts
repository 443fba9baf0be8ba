// Calendar dates in New Zealand, as YYYY-MM-DD strings: what a quote's validity or a
// certificate's expiry is. A date is a whole day in New Zealand, whatever the server's zone.
//
//   nzToday()                        // "2026-11-25"
//   nzDatePlusDays(30)               // "2026-12-25"
//   daysFromTo("2026-11-25", "2026-12-25")  // 30
//   formatNzDate("2026-03-03")       // "3 March 2026"
//   isIsoDate("2026-02-29")          // false: not a day of 2026 (forms read dates with
//                                    // dateField / optionalDateField in app/lib/form-values.ts)

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" });
const longFormat = new Intl.DateTimeFormat("en-NZ", { dateStyle: "long", timeZone: "UTC" });
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in New Zealand. */
export function nzToday(now = new Date()) {
  return dayFormat.format(now);
}

function utcMidnight(date: string) {
  return Date.parse(`${date}T00:00:00Z`);
}

/** Today's date in New Zealand plus `days`. */
export function nzDatePlusDays(days: number, now = new Date()) {
  const date = new Date(utcMidnight(nzToday(now)));
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysFromTo(from: string, to: string) {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / 86_400_000);
}

/** "3 March 2026" for 2026-03-03; a value that is not a date is given back as it is. */
export function formatNzDate(date: string) {
  return DATE.test(date) ? longFormat.format(new Date(utcMidnight(date))) : date;
}

/**
 * The years a date given to a form or in a URL may have: every date this business deals in, and
 * none the database cannot store (it has no year 0).
 */
export const DATE_YEARS = { min: 1900, max: 2200 } as const;

/** Whether a text is a day of the calendar written YYYY-MM-DD (never 31 April or 29 February 2026). */
export function isCalendarDate(value: string) {
  if (!DATE.test(value)) return false;
  const parsed = new Date(utcMidnight(value));
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Whether a YYYY-MM-DD text's year is within DATE_YEARS. */
export function isWithinDateYears(value: string) {
  const year = Number(value.slice(0, 4));
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
}

/** Whether a text is a calendar date written YYYY-MM-DD in a year within DATE_YEARS. */
export function isIsoDate(value: string) {
  return isCalendarDate(value) && isWithinDateYears(value);
}
