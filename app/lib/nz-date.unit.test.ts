import { expect, test } from "vitest";
import { formatNzDate, formatNzDateTime, nzMonthName, nzToday, nzYear } from "./nz-date";

test("a calendar date reads as customers read it, whatever the server's zone", () => {
  expect(formatNzDate("2026-12-26")).toBe("26 December 2026");
  expect(formatNzDate("2026-03-03")).toBe("3 March 2026");
  expect(formatNzDate("not a date")).toBe("not a date");
});

test("a moment reads as its day and time in New Zealand, from a Date or the text a loader sends", () => {
  // 26 December 2026, 02:45 UTC is 3:45 pm the same day in New Zealand (daylight time, +13).
  const moment = new Date("2026-12-26T02:45:00Z");
  expect(formatNzDateTime(moment)).toBe("26 December 2026, 3:45 pm");
  expect(formatNzDateTime(moment.toISOString())).toBe("26 December 2026, 3:45 pm");
  // 23:30 UTC on the 25th is already the 26th in New Zealand.
  expect(formatNzDate(new Date("2026-12-25T23:30:00Z"))).toBe("26 December 2026");
  expect(formatNzDate("2026-12-25T23:30:00.000Z")).toBe("26 December 2026");
  expect(nzToday(new Date("2026-12-25T23:30:00Z"))).toBe("2026-12-26");
});

test("a moment's year and month are New Zealand's: 1 am on New Year's Day there is still 31 December in UTC", () => {
  const newYear = new Date("2026-12-31T12:00:00Z");
  expect(nzYear(newYear)).toBe("2027");
  expect(nzMonthName(newYear)).toBe("January");
  expect(nzMonthName(new Date("2026-03-03T00:00:00Z"))).toBe("March");
});
