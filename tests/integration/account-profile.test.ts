// A customer's own details in their account: saved for the signed-in customer only (the form
// names no account), checked by the same schema as the browser's, audited under their own name,
// refused with 400 and nothing written when bad, and refused to staff.
import { desc, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { action } from "~/routes/account/overview";
import { auditEvents, users } from "~/server/db/schema";
import { cookieFor, fieldErrorsOf, postAction, settle, toastOf } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

async function row(email: string) {
  const [user] = await database.current.db.select().from(users).where(eq(users.email, email));
  return user;
}

test("a customer saves their name, phone and company; the audit log names them", async () => {
  const saved = await postAction(
    action,
    "/account",
    { intent: "save-profile", name: "  Hemi Builder ", phone: "+64 21 555-0101", company: "Hemi Builds Ltd" },
    "user",
  );
  expect(saved.status).toBe(302);
  expect(saved.location).toBe("/account#your-details");
  expect(await toastOf(saved)).toBe("Your details are saved");
  expect(await row("user-admin-action@example.nz")).toMatchObject({
    name: "Hemi Builder",
    phone: "+64 21 555-0101",
    company: "Hemi Builds Ltd",
  });
  const [event] = await database.current.db
    .select()
    .from(auditEvents)
    .orderBy(desc(auditEvents.occurredAt))
    .limit(1);
  expect(event).toMatchObject({
    action: "update",
    entityType: "user",
    actorRole: "user",
    actorEmail: "user-admin-action@example.nz",
  });

  // Blank optional fields are stored as nothing.
  await postAction(
    action,
    "/account",
    { intent: "save-profile", name: "Hemi", phone: "", company: " " },
    "user",
  );
  expect(await row("user-admin-action@example.nz")).toMatchObject({
    name: "Hemi",
    phone: null,
    company: null,
  });
});

test("bad details are refused with 400 and their messages; nothing is written", async () => {
  await cookieFor("user");
  const before = await row("user-admin-action@example.nz");
  const cases: [Record<string, string>, string, string][] = [
    [{ name: "" }, "name", "Name is required"],
    [{ name: "x".repeat(101) }, "name", "Name is too long"],
    [{ name: "Hemi", phone: "call me <script>" }, "phone", "Please enter a valid phone number"],
    [{ name: "Hemi", company: "c".repeat(121) }, "company", "Company is too long"],
  ];
  for (const [fields, field, message] of cases) {
    const refused = await postAction(action, "/account", { intent: "save-profile", ...fields }, "user");
    expect(refused.status, JSON.stringify(fields)).toBe(400);
    expect(fieldErrorsOf(refused)[field]).toEqual([message]);
  }
  const nul = await postAction(action, "/account", { intent: "save-profile", name: "He\u0000mi" }, "user");
  expect(nul.status).toBe(400);
  expect(await row("user-admin-action@example.nz")).toEqual(before);
});

test("the form cannot name another account, and staff may not post it", async () => {
  const other = await cookieFor("user", "other");
  expect(other).not.toBe("");
  await postAction(
    action,
    "/account",
    { intent: "save-profile", name: "Changed", id: "whoever", email: "user-other@example.nz" },
    "user",
  );
  expect((await row("user-other@example.nz"))?.name).toBe("user person");
  expect((await row("user-admin-action@example.nz"))?.email).toBe("user-admin-action@example.nz");

  const staff = await postAction(action, "/account", { intent: "save-profile", name: "Staff" }, "sales");
  expect(staff.status).toBe(403);
  const anonymous = await settle(() =>
    action({
      request: new Request("http://localhost/account", {
        method: "POST",
        body: new URLSearchParams({ intent: "save-profile", name: "Nobody" }),
      }),
      params: {},
      context: {},
    } as never),
  );
  expect(anonymous.status).toBe(302);
  expect(anonymous.location).toBe("/auth?redirectTo=%2Faccount");
});
