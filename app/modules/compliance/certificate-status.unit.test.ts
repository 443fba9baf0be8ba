// A certificate's status at the edges of its dates: valid through its expiry date, expired from
// the day after; expiring from 90 days before; the standing first.
import { describe, expect, test } from "vitest";
import { CERTIFICATE_STANDINGS } from "~/lib/vocabulary";
import { certificateStatus, EXPIRING_WITHIN_DAYS, isPublicStatus } from "./certificate-status";

const EXPIRES = "2026-06-30";
const active = { standing: "active" as const, expiresOn: EXPIRES };

describe("an active certificate with an expiry date", () => {
  test("the day before its expiry date it is expiring", () => {
    expect(certificateStatus(active, "2026-06-29")).toBe("expiring");
  });
  test("on its expiry date it is still valid (expiring)", () => {
    expect(certificateStatus(active, "2026-06-30")).toBe("expiring");
  });
  test("the day after its expiry date it is expired", () => {
    expect(certificateStatus(active, "2026-07-01")).toBe("expired");
    expect(certificateStatus(active, "2027-01-01")).toBe("expired");
  });
  test("90 days before it is expiring, 91 days before it is current", () => {
    expect(EXPIRING_WITHIN_DAYS).toBe(90);
    expect(certificateStatus(active, "2026-04-01")).toBe("expiring"); // 90 days before 30 June
    expect(certificateStatus(active, "2026-03-31")).toBe("current"); // 91 days before
  });
  test("a month boundary and a year boundary count whole days", () => {
    expect(certificateStatus({ standing: "active", expiresOn: "2026-12-31" }, "2027-01-01")).toBe("expired");
    expect(certificateStatus({ standing: "active", expiresOn: "2027-01-01" }, "2026-12-31")).toBe("expiring");
  });
});

test("an active certificate without an expiry date stays current", () => {
  expect(certificateStatus({ standing: "active", expiresOn: null }, "2099-01-01")).toBe("current");
});

test("every standing other than active is the status whatever the dates", () => {
  for (const standing of CERTIFICATE_STANDINGS.filter((s) => s !== "active")) {
    for (const today of ["2026-01-01", "2026-06-30", "2026-07-01"]) {
      expect(certificateStatus({ standing, expiresOn: EXPIRES }, today)).toBe(standing);
    }
    expect(certificateStatus({ standing, expiresOn: null }, "2026-01-01")).toBe(standing);
  }
});

test("only current and expiring are public", () => {
  expect(
    (["current", "expiring", "expired", "suspended", "withdrawn", "draft"] as const).filter(isPublicStatus),
  ).toEqual(["current", "expiring"]);
});
