// New Zealand's calendar days, as the journeys reckon them: today in Auckland, and a day some days
// from another, written YYYY-MM-DD or as New Zealand writes it ("13 November 2026").

/** Today in New Zealand, YYYY-MM-DD. */
export function nzToday(at = new Date()) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(at);
}

/** The day `days` after `day` (before it when negative), YYYY-MM-DD. */
export function dayPlus(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day as New Zealand writes it: "13 November 2026". */
export function nzLongDate(day: string) {
  return new Intl.DateTimeFormat("en-NZ", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
