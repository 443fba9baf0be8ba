import { expect, test } from "vitest";
import { emlFileName } from "~/server/mail/transport.server";
import { bodyText, escapeHtml, oneLine, textRows } from "./mail-text";

test("oneLine turns every control character and line break into one space, and cuts long text", () => {
  expect(oneLine("Eve\r\nBcc: x@example.com\u0000\u2028end")).toBe("Eve Bcc: x@example.com end");
  expect(oneLine("\t  spaced   out  ")).toBe("spaced out");
  expect(oneLine(null)).toBe("");
  expect(oneLine("abcdefghij", 5)).toBe("abcd…");
});

test("bodyText keeps lines and drops other control characters", () => {
  expect(bodyText("one\r\ntwo\rthree\u0007\u2029four")).toBe("one\ntwo\nthree\nfour");
});

test("escapeHtml escapes the five characters that matter", () => {
  expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
    "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;",
  );
});

test("textRows aligns values and indents a value's later lines", () => {
  expect(
    textRows([
      ["Name", "Aroha"],
      ["Message", "one\ntwo"],
    ]),
  ).toBe("Name:    Aroha\nMessage: one\n         two");
});

test("an .eml file name is the queue time and the Message-ID, with nothing a file system minds", () => {
  expect(
    emlFileName({ messageId: "<1b2c/../x y@tradecounter>", queuedAt: new Date("2026-03-04T05:06:07.890Z") }),
  ).toBe("2026-03-04T05-06-07-890Z-1b2c..xy@tradecounter.eml");
});
