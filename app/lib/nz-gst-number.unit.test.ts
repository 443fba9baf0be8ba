import { expect, test } from "vitest";
import { checkGstNumber, GST_NUMBER_MESSAGES } from "./nz-gst-number";

test("Inland Revenue's own examples pass, written the usual way whatever was typed", () => {
  expect(checkGstNumber("49091850")).toEqual({ ok: true, value: "49-091-850" });
  expect(checkGstNumber("35-901-981")).toEqual({ ok: true, value: "35-901-981" });
  // Its primary weights give 10: the secondary weights decide.
  expect(checkGstNumber("49 098 576")).toEqual({ ok: true, value: "49-098-576" });
  expect(checkGstNumber("136410132")).toEqual({ ok: true, value: "136-410-132" });
});

test("letters, a wrong length, a number out of range and a wrong check digit are refused, each with its reason", () => {
  expect(checkGstNumber("abc")).toEqual({ ok: false, message: GST_NUMBER_MESSAGES.shape });
  expect(checkGstNumber("1234567")).toEqual({ ok: false, message: GST_NUMBER_MESSAGES.shape });
  expect(checkGstNumber("1234567890")).toEqual({ ok: false, message: GST_NUMBER_MESSAGES.shape });
  expect(checkGstNumber("09125568")).toEqual({ ok: false, message: GST_NUMBER_MESSAGES.range });
  expect(checkGstNumber("150000001")).toEqual({ ok: false, message: GST_NUMBER_MESSAGES.range });
  expect(checkGstNumber("136410133")).toEqual({ ok: false, message: GST_NUMBER_MESSAGES.checkDigit });
  expect(checkGstNumber("123-456-789")).toEqual({ ok: false, message: GST_NUMBER_MESSAGES.checkDigit });
});
