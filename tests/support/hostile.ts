// Hostile input for the hostile-input test: values, field names and bodies that forms and query
// strings meet from scripts and scanners, and how to send them.
//
//   const body = encodeForm([["email", NUL], ["email", MEGABYTE]], "multipart");
//   const request = new Request(url, { method: "POST", ...body });
import { sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { type Outcome, settle } from "./admin-action";

export const MEGABYTE = "A".repeat(1024 * 1024);

export const HOSTILE_VALUES: readonly string[] = [
  "",
  " ",
  "\u0000",
  "Deck\u0000ing",
  "\u0000".repeat(64),
  MEGABYTE,
  "ü".repeat(300_000),
  "' OR '1'='1",
  "'; DROP TABLE products; --",
  "1; SELECT pg_sleep(5)--",
  "%' OR name ILIKE '%",
  "%",
  "_",
  "\\",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "{{7*7}}${7*7}",
  "-1",
  "-99999999999999999999",
  "0",
  "1e309",
  "NaN",
  "Infinity",
  "9".repeat(400),
  "0x1F",
  "1.5",
  "1,5",
  "true",
  "on",
  "null",
  "undefined",
  "[]",
  "{}",
  "[object Object]",
  "__proto__",
  "constructor",
  "\ud800",
  "\udfff\ud800x",
  "😀".repeat(2000),
  "\u202eevil",
  "a\r\nSet-Cookie: pwned=1",
  "../../../../etc/passwd",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "2026-13-45",
  "admin",
  "Spam",
];

export const HOSTILE_NAMES: readonly string[] = [
  "__proto__",
  "__proto__[polluted]",
  "__proto__.polluted",
  "constructor[prototype][polluted]",
  "constructor.prototype.polluted",
  "prototype",
  "toString",
  "hasOwnProperty",
  "intent[]",
  "__intent__",
  "id[]",
  "items[0].polluted",
  "n".repeat(2000),
  "",
  "\u0000",
];

/** A field whose value may be text or a file where text belongs. */
export type Entry = [name: string, value: string | Blob];

export type Encoding = "urlencoded" | "multipart" | "raw-multipart";

/** Bytes that are not UTF-8: a lone continuation byte, an overlong NUL, a truncated sequence. */
export const INVALID_UTF8 = Buffer.from([0xff, 0xfe, 0x80, 0xc0, 0x80, 0xe2, 0x82]);

/** A request body and its content type. raw-multipart writes invalid UTF-8 into every text part. */
export function encodeForm(entries: readonly Entry[], encoding: Encoding): RequestInit {
  if (encoding === "urlencoded") {
    const body = new URLSearchParams();
    for (const [name, value] of entries) body.append(name, typeof value === "string" ? value : "[file]");
    return { body };
  }
  if (encoding === "multipart") {
    const body = new FormData();
    for (const [name, value] of entries) {
      if (typeof value === "string") body.append(name, value);
      else body.append(name, value, "evil.exe");
    }
    return { body };
  }
  const boundary = "----hostile7MA4YWxkTrZu0gW";
  const parts: Buffer[] = [];
  for (const [name, value] of entries) {
    const quoted = name.replaceAll('"', "%22").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
    const text = typeof value === "string" ? value : "";
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted}"\r\n\r\n`),
      Buffer.from(text.slice(0, 3)),
      INVALID_UTF8,
      Buffer.from(text.slice(3)),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** Bodies no browser sends: a broken multipart envelope, a wrong or missing content type. */
export function malformedBodies(valid: readonly Entry[]): { label: string; init: RequestInit }[] {
  const boundary = "XyZzY";
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const whole = valid.map(([name, value]) => part(name, typeof value === "string" ? value : "")).join("");
  const multipart = (body: BodyInit, type = `multipart/form-data; boundary=${boundary}`) => ({
    body,
    headers: { "content-type": type },
  });
  return [
    { label: "no boundary", init: multipart(`${whole}--${boundary}--\r\n`, "multipart/form-data") },
    {
      label: "wrong boundary",
      init: multipart(`${whole}--${boundary}--\r\n`, "multipart/form-data; boundary=other"),
    },
    { label: "truncated body", init: multipart(whole.slice(0, Math.max(10, whole.length - 7))) },
    { label: "no closing boundary", init: multipart(whole) },
    { label: "empty multipart", init: multipart("") },
    { label: "garbage multipart", init: multipart("\u0000\u0001\u0002 not a multipart body at all") },
    {
      label: "part without a name",
      init: multipart(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${boundary}--\r\n`),
    },
    {
      label: "part with no headers end",
      init: multipart(`--${boundary}\r\nContent-Disposition: form-data; name="intent"`),
    },
    {
      label: "boundary of 200 characters",
      init: multipart(`--${"b".repeat(200)}--\r\n`, `multipart/form-data; boundary=${"b".repeat(200)}`),
    },
    {
      label: "1000 fields",
      init: multipart(
        `${Array.from({ length: 1000 }, (_, i) => part(`f${i}`, "x")).join("")}--${boundary}--\r\n`,
      ),
    },
    {
      label: "json body",
      init: {
        body: JSON.stringify(Object.fromEntries(valid)),
        headers: { "content-type": "application/json" },
      },
    },
    {
      label: "text/plain body",
      init: { body: "intent=create&name=x", headers: { "content-type": "text/plain" } },
    },
    { label: "no content type", init: { body: new Uint8Array(Buffer.from("intent=create")) } },
    { label: "no body", init: { headers: { "content-type": "application/x-www-form-urlencoded" } } },
    {
      label: "urlencoded with broken percent escapes",
      init: {
        body: "intent=%E0%A4%A&name=%&email=%ZZ%00",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      },
    },
  ];
}

/** Rows in every table a form can write to, and the files in storage: what a refusal must leave alone. */
export async function countRows(): Promise<Record<string, number>> {
  const tables = [
    "users",
    "sessions",
    "accounts",
    "products",
    "brands",
    "categories",
    "case_studies",
    "certifications",
    "contact_content",
    "contact_subjects",
    "contact_queries",
    "enquiry_lines",
    "enquiry_notes",
    "enquiry_events",
    "mail_outbox",
    "home_content",
    "site_settings",
    "image_assets",
    "slug_redirects",
    "jobs",
    "job_items",
    "quote_events",
    "verifications",
  ];
  const select = tables.map((table) => `(select count(*)::int from ${table}) as ${table}`).join(", ");
  const result = await getDb().execute(sql.raw(`select ${select}`));
  const rows =
    (result as unknown as { rows?: Record<string, number>[] }).rows ??
    (result as unknown as Record<string, number>[]);
  return { ...(rows[0] ?? {}) };
}

/**
 * Runs a loader or action and reads its answer; a thrown error that is not a response is
 * returned as `error` (the server would have answered it with a 500).
 */
export async function settleStrict(
  run: () => Promise<unknown> | unknown,
): Promise<Outcome & { error?: unknown; text: string }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Error)
    return { status: 500, location: null, body: null, setCookie: "", error: outcome, text: "" };
  const settled = await settle(() => outcome);
  const text =
    outcome instanceof Response ? await outcome.text().catch(() => "") : safeJson(settled.body ?? null);
  return { ...settled, text };
}

function safeJson(value: unknown) {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}
