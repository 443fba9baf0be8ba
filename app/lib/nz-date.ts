// Dates in New Zealand: the one place a date is worked out or written for people. A calendar date
// (a quote's validity, a certificate's expiry) is a YYYY-MM-DD string, a whole day in New
// Zealand whatever the server's zone; a moment (when an enquiry came in) is a Date. Both read the
// way customers and staff are shown them: "26 December 2026", "26 December 2026, 3:45 pm".
//
//   nzToday()                                // "2026-11-25"
//   nzDatePlusDays(30)                       // "2026-12-25"
//   daysFromTo("2026-11-25", "2026-12-25")   // 30
//   formatNzDate("2026-03-03")               // "3 March 2026"
//   formatNzDate(enquiry.createdAt)          // "3 March 2026" (its day in New Zealand)
//   formatNzDateTime(event.occurredAt)       // "3 March 2026, 9:05 am"
//   nzYear(enquiry.createdAt)                // "2026"
//   nzMonthName(now)                         // "March"
//   isCalendarDate("2026-02-29")             // false: not a day of 2026 (forms read dates with
//                                            // dateField / optionalDateField in app/lib/form-values.ts)

/** The zone every date here is worked out in; SQL's `at time zone` is given the same name. */
export const NZ_TIME_ZONE = "Pacific/Auckland";
const TIME_ZONE = NZ_TIME_ZONE;
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE });
const calendarFormat = new Intl.DateTimeFormat("en-NZ", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const momentDayFormat = new Intl.DateTimeFormat("en-NZ", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: TIME_ZONE,
});
const momentTimeFormat = new Intl.DateTimeFormat("en-NZ", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: TIME_ZONE,
});
const yearFormat = new Intl.DateTimeFormat("en-NZ", { year: "numeric", timeZone: TIME_ZONE });
const monthFormat = new Intl.DateTimeFormat("en-NZ", { month: "long", timeZone: TIME_ZONE });
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in New Zealand (or the New Zealand date of `now`), as YYYY-MM-DD. */
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

function momentOf(value: Date | string) {
  const moment = value instanceof Date ? value : new Date(value);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/**
 * "3 March 2026": a YYYY-MM-DD date as it is, a moment (a Date, or its ISO text as a loader
 * sends it) as its day in New Zealand. Text that is neither is given back as it is.
 */
export function formatNzDate(value: Date | string) {
  if (typeof value === "string") {
    if (DATE.test(value)) return calendarFormat.format(new Date(utcMidnight(value)));
    const moment = momentOf(value);
    return moment ? momentDayFormat.format(moment) : value;
  }
  const moment = momentOf(value);
  return moment ? momentDayFormat.format(moment) : "";
}

/** "3 March 2026, 9:05 am", New Zealand time, for a Date or its ISO text. */
export function formatNzDateTime(value: Date | string) {
  const moment = momentOf(value);
  if (!moment) return typeof value === "string" ? value : "";
  return `${momentDayFormat.format(moment)}, ${momentTimeFormat.format(moment)}`;
}

/** The year of a moment in New Zealand: "2026". */
export function nzYear(moment = new Date()) {
  return yearFormat.format(moment);
}

/** The month of a moment in New Zealand, in words: "March". */
export function nzMonthName(moment = new Date()) {
  return monthFormat.format(moment);
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
