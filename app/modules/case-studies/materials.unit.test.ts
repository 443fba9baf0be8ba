import { expect, test } from "vitest";
import { parseMaterials } from "./materials";

test("a JSON list is read as it is, trimmed, blanks dropped", () => {
  expect(parseMaterials(["Treated pine", " Colorsteel roofing ", "", "GIB board"])).toEqual([
    "Treated pine",
    "Colorsteel roofing",
    "GIB board",
  ]);
});

test("a JSON list written as text is parsed", () => {
  expect(parseMaterials('["H3.2 decking", "Stainless fixings"]')).toEqual([
    "H3.2 decking",
    "Stainless fixings",
  ]);
});

test("a comma-separated string is split on commas", () => {
  expect(parseMaterials("Timber framing, Roofing iron ,Insulation batts,")).toEqual([
    "Timber framing",
    "Roofing iron",
    "Insulation batts",
  ]);
});

test("a single name without commas is a list of one", () => {
  expect(parseMaterials("Fibre-cement weatherboards")).toEqual(["Fibre-cement weatherboards"]);
});

test("null, undefined and empty text give an empty list", () => {
  expect(parseMaterials(null)).toEqual([]);
  expect(parseMaterials(undefined)).toEqual([]);
  expect(parseMaterials("")).toEqual([]);
  expect(parseMaterials("  ,  , ")).toEqual([]);
});

test("garbage gives an empty list or only the readable names", () => {
  expect(parseMaterials(42)).toEqual([]);
  expect(parseMaterials({ materials: ["Timber"] })).toEqual([]);
  expect(parseMaterials(true)).toEqual([]);
  expect(parseMaterials(["Timber", null, { a: 1 }, ["nested"], 12])).toEqual(["Timber", "12"]);
  expect(parseMaterials("[not json, really")).toEqual(["not json", "really"]);
  expect(parseMaterials('{"a": 1}')).toEqual([]);
});
