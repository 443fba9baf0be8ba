// The shape of a posted form, judged against the form's own schema before Conform builds objects
// from its field names. Conform turns `lines[3].description` into a list and writes the value at
// index 3, so one name such as `x[100000000]` would make a list of a hundred million empty rows:
// the parser, zod (row by row) and the refusal that echoes the form back would each walk all of
// them. So, before anything is built:
//
// - a form with more than MAX_FORM_FIELDS fields is refused;
// - a list index past the list's own limit (its zod `.max()`), or past MAX_LIST_ROWS where the
//   schema sets none or the field is not the form's at all, is refused;
// - fields the schema does not have are left out, so a refusal echoes only the form's own fields.
//
//   const shape = readFormShape(formData, schema);
//   if (!shape.ok) return refuse(shape.message);     // 400, nothing read further
//   parseWithZod(shape.formData, { schema });         // the form's own fields, within their limits
//
// An index equal to a list's limit is let through, so that one row too many is refused by the
// schema with its own message ("A quote can have at most 100 lines"). Conform's own fields
// (`__intent__`, `__state__`) are kept; the list an intent names is held to the same limits.
import type { z } from "zod";

/** The most fields one post may carry: a certificate covering 2,000 products and its own fields. */
export const MAX_FORM_FIELDS = 3000;
/** The most rows of a list whose schema sets no limit of its own (or of a field not in the form). */
export const MAX_LIST_ROWS = 1000;

export const TOO_MANY_FIELDS = `This form has more fields than it allows (at most ${MAX_FORM_FIELDS}).`;

export function tooManyRows(max: number) {
  return `This form has a list longer than it allows (at most ${max} rows).`;
}

const CONFORM_FIELDS = new Set(["__intent__", "__state__"]);

type Segment = string | number;

/**
 * A field name as Conform reads it (`a.b[2].c`, `list[]`), or null for a name Conform would
 * ignore (it drops names it cannot read).
 */
export function fieldPath(name: string): Segment[] | null {
  if (!name) return null;
  const token = /([^.[\]]+)|\[(\d*)\]/g;
  const segments: Segment[] = [];
  let last = 0;
  for (let match = token.exec(name); match; match = token.exec(name)) {
    if (match.index !== last && !(match.index === last + 1 && name[last] === ".")) return null;
    const [, key, index] = match;
    if (key !== undefined) segments.push(key);
    else if (index === "") segments.push("");
    else segments.push(Number(index));
    last = token.lastIndex;
  }
  return last === name.length ? segments : null;
}

type Def = { type: string } & Record<string, unknown>;

function defOf(schema: unknown): Def | null {
  const def = (schema as { _zod?: { def?: Def } } | null)?._zod?.def;
  return def && typeof def.type === "string" ? def : null;
}

/** The longest a zod array may be, from its `.max()` or `.length()`; null when unlimited. */
function maxItems(def: Def): number | null {
  const checks = (def.checks as { _zod?: { def?: Record<string, unknown> } }[] | undefined) ?? [];
  let max: number | null = null;
  for (const check of checks) {
    const d = check._zod?.def;
    const limit = d?.check === "max_length" ? d.maximum : d?.check === "length_equals" ? d.length : undefined;
    if (typeof limit === "number") max = max === null ? limit : Math.min(max, limit);
  }
  return max;
}

/**
 * What a path is to a schema: one of its fields ("known"), not one of them ("absent"), behind a
 * transform or an open type that cannot be seen into ("open"), or a list row past the limit.
 */
type Verdict = { kind: "known" | "absent" | "open" } | { kind: "beyond"; max: number };

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "nonoptional", "readonly", "catch"]);
const LEAVES = new Set([
  "string",
  "number",
  "bigint",
  "boolean",
  "date",
  "literal",
  "enum",
  "null",
  "undefined",
  "nan",
  "template_literal",
  "file",
]);

/** The remaining indexes against MAX_LIST_ROWS, for a path the schema cannot say more about. */
function unknownRest(segments: readonly Segment[], from: number, kind: "absent" | "open"): Verdict {
  for (let i = from; i < segments.length; i++) {
    const segment = segments[i];
    if (typeof segment === "number" && segment > MAX_LIST_ROWS) return { kind: "beyond", max: MAX_LIST_ROWS };
  }
  return { kind };
}

function either(verdicts: Verdict[]): Verdict {
  for (const kind of ["known", "open", "beyond", "absent"] as const) {
    const found = verdicts.find((verdict) => verdict.kind === kind);
    if (found) return found;
  }
  return { kind: "absent" };
}

function judge(schema: unknown, segments: readonly Segment[], at: number, depth = 0): Verdict {
  const def = defOf(schema);
  // A schema this deep is a recursive one (z.lazy); it is not followed further.
  if (!def || depth > 64) return unknownRest(segments, at, "open");
  const next = (inner: unknown, step = 0) => judge(inner, segments, at + step, depth + 1);
  if (WRAPPERS.has(def.type)) return next(def.innerType);
  if (def.type === "pipe") {
    // `.transform()` keeps the shape in `in`; `z.preprocess()` has it in `out`.
    return defOf(def.in)?.type === "transform" ? next(def.out) : next(def.in);
  }
  if (def.type === "lazy") return next((def.getter as () => unknown)());
  if (def.type === "union") return either((def.options as unknown[]).map((option) => next(option)));
  if (def.type === "intersection") return either([next(def.left), next(def.right)]);
  if (at === segments.length) return { kind: "known" };
  const segment = segments[at];
  if (def.type === "object") {
    const shape = def.shape as Record<string, unknown>;
    if (typeof segment === "string" && Object.hasOwn(shape, segment)) return next(shape[segment], 1);
    const rest = defOf(def.catchall);
    if (rest && rest.type !== "never" && typeof segment === "string") return next(def.catchall, 1);
    return unknownRest(segments, at, "absent");
  }
  if (def.type === "array") {
    if (typeof segment !== "number" && segment !== "") return unknownRest(segments, at, "absent");
    const index = segment === "" ? 0 : segment;
    const max = maxItems(def) ?? MAX_LIST_ROWS;
    if (index > max) return { kind: "beyond", max };
    return next(def.element, 1);
  }
  if (def.type === "record")
    return typeof segment === "string" ? next(def.valueType, 1) : unknownRest(segments, at, "absent");
  if (LEAVES.has(def.type)) return unknownRest(segments, at, "absent");
  return unknownRest(segments, at, "open");
}

/** A field name judged against the form's schema. */
function judgeFieldName(schema: z.ZodType, name: string): Verdict {
  const segments = fieldPath(name);
  return segments ? judge(schema, segments, 0) : { kind: "absent" };
}

/** The list an intent posted by one of Conform's buttons changes (insert, remove, update …). */
function intentPath(serialized: FormDataEntryValue | null): string | null {
  if (typeof serialized !== "string") return null;
  try {
    const intent = JSON.parse(serialized) as {
      type?: unknown;
      payload?: { name?: unknown; index?: unknown };
    };
    const name = typeof intent?.payload?.name === "string" ? intent.payload.name : "";
    const index = intent?.payload?.index;
    // update and reset write at name[index]; insert, remove and reorder move rows within name.
    const writesAt = (intent.type === "update" || intent.type === "reset") && typeof index === "number";
    return writesAt ? `${name}[${index}]` : name || null;
  } catch {
    return null;
  }
}

type FormShape = { ok: true; formData: FormData } | { ok: false; message: string };

/** The form's own fields within their limits, or the reason the post is refused. */
export function readFormShape(formData: FormData, schema: z.ZodType): FormShape {
  const kept = new FormData();
  let count = 0;
  for (const [name, value] of formData.entries()) {
    count += 1;
    if (count > MAX_FORM_FIELDS) return { ok: false, message: TOO_MANY_FIELDS };
    if (CONFORM_FIELDS.has(name)) {
      kept.append(name, value);
      continue;
    }
    const verdict = judgeFieldName(schema, name);
    if (verdict.kind === "beyond") return { ok: false, message: tooManyRows(verdict.max) };
    if (verdict.kind !== "absent") kept.append(name, value);
  }
  const listed = intentPath(formData.get("__intent__"));
  if (listed) {
    const verdict = judgeFieldName(schema, listed);
    if (verdict.kind === "beyond") return { ok: false, message: tooManyRows(verdict.max) };
  }
  return { ok: true, formData: kept };
}
