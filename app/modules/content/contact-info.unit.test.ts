import { expect, test } from "vitest";
import { sortBusinessHours } from "./contact-info";

test("business hours come back in weekday order whatever order jsonb kept", () => {
  const sorted = sortBusinessHours({
    Sunday: "Closed",
    Saturday: "8:00 AM - 2:00 PM",
    "Monday - Friday": "7:00 AM - 5:00 PM",
  });
  expect(Object.keys(sorted)).toEqual(["Monday - Friday", "Saturday", "Sunday"]);
  expect(
    Object.keys(sortBusinessHours({ Sat: "8AM-2PM", "Mon-Fri": "7AM-5PM", Holidays: "Closed" })),
  ).toEqual(["Mon-Fri", "Sat", "Holidays"]);
});
