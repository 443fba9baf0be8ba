import { expect, test } from "vitest";
import { z } from "zod";
import {
  fieldPath,
  MAX_FORM_FIELDS,
  MAX_LIST_ROWS,
  readFormShape,
  TOO_MANY_FIELDS,
  tooManyRows,
} from "./form-shape";

const row = z.object({ description: z.string(), quantity: z.string().optional() });
const rows = z
  .array(row)
  .max(100)
  .optional()
  .transform((list) => list ?? []);
const ticks = z.preprocess((value) => (Array.isArray(value) ? value : [value]), z.array(z.uuid()).max(2000));
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), name: z.string(), lines: rows, productIds: ticks }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function names(result: ReturnType<typeof readFormShape>) {
  return result.ok ? [...result.formData.keys()] : result.message;
}

test("reads field names as Conform does", () => {
  expect(fieldPath("lines[3].description")).toEqual(["lines", 3, "description"]);
  expect(fieldPath("a.b[]")).toEqual(["a", "b", ""]);
  expect(fieldPath("a..b")).toBeNull();
  expect(fieldPath("")).toBeNull();
});

test("keeps the form's own fields, lists within their limit and Conform's fields; drops the rest", () => {
  const result = readFormShape(
    form([
      ["intent", "save"],
      ["name", "Deck"],
      ["lines[0].description", "Kwila"],
      ["lines[100].description", "one past the limit: the schema's to refuse"],
      ["productIds", "x"],
      ["productIds", "y"],
      ["id", "from the other intent"],
      ["__intent__", "{}"],
      ["unknown", "dropped"],
      ["lines[0].unknown", "dropped"],
      ["name.sub", "dropped"],
      ["x[12]", "dropped"],
      ["a..b", "dropped"],
    ]),
    schema,
  );
  expect(names(result)).toEqual([
    "intent",
    "name",
    "lines[0].description",
    "lines[100].description",
    "productIds",
    "productIds",
    "id",
    "__intent__",
  ]);
});

test("refuses an index past a list's own limit, or past MAX_LIST_ROWS where there is none", () => {
  expect(names(readFormShape(form([["lines[101].description", "x"]]), schema))).toBe(tooManyRows(100));
  expect(names(readFormShape(form([["lines[4000].description", "x"]]), schema))).toBe(tooManyRows(100));
  expect(names(readFormShape(form([["productIds[2001]", "x"]]), schema))).toBe(tooManyRows(2000));
  expect(names(readFormShape(form([["x[100000000]", "1"]]), schema))).toBe(tooManyRows(MAX_LIST_ROWS));
  expect(names(readFormShape(form([["name[1001]", "1"]]), schema))).toBe(tooManyRows(MAX_LIST_ROWS));
  expect(names(readFormShape(form([["x[1000]", "1"]]), schema))).toEqual([]);
  const open = z.object({ anything: z.unknown() });
  expect(names(readFormShape(form([["anything[5].x[1001]", "1"]]), open))).toBe(tooManyRows(MAX_LIST_ROWS));
  expect(names(readFormShape(form([["anything[5].x[3]", "1"]]), open))).toEqual(["anything[5].x[3]"]);
});

test("holds the list a Conform intent names to the same limits", () => {
  const intent = (payload: object) => form([["__intent__", JSON.stringify(payload)]]);
  expect(
    names(readFormShape(intent({ type: "update", payload: { name: "lines", index: 1e8 } }), schema)),
  ).toBe(tooManyRows(100));
  expect(names(readFormShape(intent({ type: "insert", payload: { name: "x[100000000]" } }), schema))).toBe(
    tooManyRows(MAX_LIST_ROWS),
  );
  expect(
    names(readFormShape(intent({ type: "insert", payload: { name: "lines", index: 1e8 } }), schema)),
  ).toEqual(["__intent__"]);
  expect(names(readFormShape(form([["__intent__", "not json"]]), schema))).toEqual(["__intent__"]);
});

test("refuses a form of more than MAX_FORM_FIELDS fields", () => {
  const flood = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i): [string, string] => [`f${i}`, "x"]);
  expect(names(readFormShape(form(flood), schema))).toBe(TOO_MANY_FIELDS);
  expect(readFormShape(form(flood.slice(1)), schema).ok).toBe(true);
});
