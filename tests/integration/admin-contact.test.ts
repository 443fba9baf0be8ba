import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import type { Role } from "~/lib/vocabulary";
import { toMapEmbedUrl } from "~/modules/content/contact-content.schema";
import { getContactInfo } from "~/modules/content/queries.server";
import { action, loader } from "~/routes/admin/contact";
import { contactContent } from "~/server/db/schema";
import { readToast } from "~/server/toast.server";
import { cookieFor } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const MAP = "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3190.5!2d174.79!3d-36.91";

function db() {
  return database.current.db;
}

/** A new signed-in user of the role (a fresh account each call). */
function signedIn(role: Role) {
  return cookieFor(role, Math.random().toString(36).slice(2));
}

let adminCookie: string | undefined;

async function post(fields: Record<string, string>, cookie?: string) {
  adminCookie ??= await signedIn("admin");
  const request = new Request("http://localhost/admin/contact", {
    method: "POST",
    headers: { cookie: cookie ?? adminCookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  let outcome: unknown;
  try {
    outcome = await action({ request, params: {}, context: {} } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const setCookie = outcome.headers.get("set-cookie")?.split(";")[0] ?? "";
    const { toast } = await readToast(new Request("http://localhost/", { headers: { cookie: setCookie } }));
    return { status: outcome.status, toast, errors: {} as Record<string, string[]> };
  }
  const answer = outcome as {
    data: { result?: { error?: Record<string, string[]> } };
    init?: { status?: number };
  };
  return { status: answer.init?.status ?? 200, toast: null, errors: answer.data.result?.error ?? {} };
}

async function rowsOfType(type: string) {
  return db().select().from(contactContent).where(eq(contactContent.contentType, type));
}

test("an admin adds contact content: JSON fields parsed, empty ones stored as null, the map kept as its URL", async () => {
  const answer = await post({
    intent: "create",
    contentType: "contact_info",
    title: "Visit our Penrose yard",
    phone: "0800 872 332",
    email: "yard@tradecounter.co.nz",
    address: "42 Station Road, Penrose, Auckland",
    businessHours: '{"Mon-Fri": "6:30AM-5PM", "Sat": "8AM-1PM"}',
    socialLinks: "",
    mapEmbedCode: `<iframe src="${MAP}" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy"></iframe>`,
  });
  expect(answer.status).toBe(302);
  expect(answer.toast?.title).toBe("Contact content created successfully");
  const [row] = await rowsOfType("contact_info");
  expect(row).toMatchObject({
    title: "Visit our Penrose yard",
    subtitle: null,
    businessHours: { "Mon-Fri": "6:30AM-5PM", Sat: "8AM-1PM" },
    socialLinks: null,
    mapEmbedCode: MAP,
  });
  const info = await getContactInfo();
  expect(info.businessHours).toEqual({ "Mon-Fri": "6:30AM-5PM", Sat: "8AM-1PM" });
  expect(info.mapEmbedUrl).toBe(MAP);
});

test("content type is required", async () => {
  const answer = await post({ intent: "create", contentType: "  ", title: "No type" });
  expect(answer.status).toBe(400);
  expect(answer.errors.contentType).toEqual(["Content type is required"]);
  expect(await db().select().from(contactContent).where(eq(contactContent.title, "No type"))).toHaveLength(0);
});

test("JSON that does not parse is refused with the parser's message", async () => {
  const answer = await post({
    intent: "create",
    contentType: "business_hours",
    businessHours: "{Mon-Fri: 7AM}",
  });
  expect(answer.status).toBe(400);
  expect(answer.errors.businessHours?.[0]).toMatch(/^Business hours must be valid JSON: .+/);
  const social = await post({ intent: "create", contentType: "social_links", socialLinks: '{"facebook": ' });
  expect(social.errors.socialLinks?.[0]).toMatch(/^Social links must be valid JSON: .+/);
  const array = await post({ intent: "create", contentType: "social_links", socialLinks: '["x"]' });
  expect(array.errors.socialLinks?.[0]).toMatch(/must be a JSON object/);
  expect(await rowsOfType("business_hours")).toHaveLength(0);
  expect(await rowsOfType("social_links")).toHaveLength(0);
});

test("only a Google Maps embed URL, or an iframe of one, is accepted as the map", async () => {
  expect(toMapEmbedUrl(MAP)).toBe(MAP);
  expect(toMapEmbedUrl(`<iframe src='${MAP}&amp;hl=en'></iframe>`)).toBe(`${MAP}&hl=en`);
  for (const bad of [
    "https://evil.example/maps/embed?pb=1",
    "http://www.google.com/maps/embed?pb=1",
    "https://www.google.com/search?q=maps",
    '<iframe src="javascript:alert(1)"></iframe>',
    `<script>alert(1)</script>`,
    "https://www.google.com.evil.example/maps/embed?pb=1",
  ]) {
    expect(toMapEmbedUrl(bad), bad).toBeNull();
  }
  const answer = await post({
    intent: "create",
    contentType: "map",
    mapEmbedCode: '<iframe src="https://evil.example/x"></iframe>',
  });
  expect(answer.status).toBe(400);
  expect(answer.errors.mapEmbedCode?.[0]).toMatch(/Google Maps embed URL/);
  expect(await rowsOfType("map")).toHaveLength(0);
});

test("an admin edits and deletes contact content; the list is ordered by created_at", async () => {
  await db().delete(contactContent);
  const [older] = await db()
    .insert(contactContent)
    .values({ contentType: "hero", title: "Older", createdAt: new Date("2025-01-01T00:00:00Z") })
    .returning();
  await db().insert(contactContent).values({ contentType: "contact_info", title: "Newer" });
  if (!older) throw new Error("not created");
  adminCookie ??= await signedIn("admin");
  const request = new Request("http://localhost/admin/contact", { headers: { cookie: adminCookie } });
  const data = await loader({ request, params: {}, context: {} } as never);
  expect(data.rows.map((r) => r.title)).toEqual(["Older", "Newer"]);

  const updated = await post({
    intent: "update",
    id: older.id,
    contentType: "hero",
    title: "Get in touch",
    subtitle: "We reply within a day",
    socialLinks: '{"facebook": "https://facebook.com/tradecounter"}',
  });
  expect(updated.toast?.title).toBe("Contact content updated successfully");
  const [after] = await db().select().from(contactContent).where(eq(contactContent.id, older.id));
  expect(after).toMatchObject({
    title: "Get in touch",
    subtitle: "We reply within a day",
    socialLinks: { facebook: "https://facebook.com/tradecounter" },
  });

  const deleted = await post({ intent: "delete", id: older.id });
  expect(deleted.toast?.title).toBe("Contact content deleted successfully");
  expect(await db().select().from(contactContent).where(eq(contactContent.id, older.id))).toHaveLength(0);
});

test("contact content is admin-only", async () => {
  const sales = await signedIn("sales");
  const answer = await post({ intent: "create", contentType: "contact_info", title: "Sales edit" }, sales);
  expect(answer.status).toBe(403);
  expect(await db().select().from(contactContent).where(eq(contactContent.title, "Sales edit"))).toHaveLength(
    0,
  );
});
