// The catalogue's, the content's, the settings', the certifications' and the dashboard's commands,
// run as staff (and the reminder sweep as the system) run them: each leaves exactly one audit
// event naming what it did. And the certification dialog's upload is a command of its own: the
// log shows it, and a submission posted twice stores one file.
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { nzDatePlusDays } from "~/lib/nz-date";
import { newSubmissionId } from "~/lib/submission-id";
import { runCertificateReminders } from "~/modules/certifications/reminders.server";
import { PRODUCT_FORM_DEFAULTS } from "~/modules/products/schema";
import { DEFAULT_QUOTE_SETTINGS, quoteSettingsFormValues } from "~/modules/quotes/settings";
import { loader as auditLoader } from "~/routes/admin/audit";
import { action as catalogAction } from "~/routes/admin/catalog";
import { action as sheetAction } from "~/routes/admin/catalog/building-info-sheet";
import { action as sheetListAction } from "~/routes/admin/catalog/building-information";
import { action as certificationsAction } from "~/routes/admin/certifications";
import { action as contactAction } from "~/routes/admin/contact";
import { action as dashboardAction } from "~/routes/admin/dashboard";
import { action as homeAction } from "~/routes/admin/home";
import { action as homeManagementAction } from "~/routes/admin/home-management";
import { action as settingsAction } from "~/routes/admin/settings";
import {
  auditEvents,
  brands,
  buildingInfoSheets,
  categories,
  certifications,
  contactContent,
  homeContent,
  mailOutbox,
  products,
} from "~/server/db/schema";
import { enqueueMail } from "~/server/mail/outbox.server";
import { cookieFor, getLoader, type Outcome, postAction, settle } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

/** A post with route params (the sheet editor's id), as the signed-in admin. */
async function postWith(
  action: (args: never) => unknown,
  url: string,
  fields: Record<string, string>,
  params: Record<string, string>,
) {
  const cookie = await cookieFor("admin");
  const request = new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams(fields),
  });
  return settle(() => action({ request, params, context: {} } as never));
}

async function idOf(table: typeof products | typeof brands | typeof categories, name: string) {
  const [row] = await db().select({ id: table.id }).from(table).where(eq(table.name, name));
  if (!row) throw new Error(`No row named ${name}`);
  return row.id;
}

async function homeRowId(title: string) {
  const [row] = await db()
    .select({ id: homeContent.id })
    .from(homeContent)
    .where(eq(homeContent.title, title));
  return row?.id ?? "";
}

/**
 * The events recorded so far, to tell the new ones by. Not by time: PostgreSQL keeps microseconds
 * that a Date read back rounds away, so "after the last one" would count the last one again.
 */
async function eventsSoFar() {
  const rows = await db().select({ id: auditEvents.id }).from(auditEvents);
  return new Set(rows.map((row) => row.id));
}

async function eventsSince(before: Set<string>) {
  return (await db().select().from(auditEvents)).filter((event) => !before.has(event.id));
}

const CERTIFICATE = {
  title: "CodeMark cladding",
  description: "",
  categoryId: "",
  fileUrl: "/files/certificates/1700000000000-0123456789abcdef.pdf",
  fileType: "PDF",
  imageUrl: "",
};

type Step = {
  command: string;
  /** Does it; its answer, when it is a post. */
  run: () => Promise<Outcome | undefined>;
  event: { entityType: string; action: string; summary: string | RegExp; actorRole?: string };
};

const STEPS: Step[] = [
  {
    command: "product.save (create)",
    run: () =>
      postAction(catalogAction, "/admin/catalog", {
        ...PRODUCT_FORM_DEFAULTS,
        intent: "create",
        name: "Rimu board",
      }),
    event: { entityType: "product", action: "create", summary: 'Created product "Rimu board"' },
  },
  {
    command: "product.save (update)",
    run: async () =>
      postAction(catalogAction, "/admin/catalog", {
        ...PRODUCT_FORM_DEFAULTS,
        intent: "update",
        id: await idOf(products, "Rimu board"),
        name: "Rimu board",
        price: "19.5",
      }),
    event: { entityType: "product", action: "update", summary: 'Updated product "Rimu board": price' },
  },
  {
    command: "product.save (delete)",
    run: async () =>
      postAction(catalogAction, "/admin/catalog", {
        intent: "delete",
        id: await idOf(products, "Rimu board"),
      }),
    event: { entityType: "product", action: "delete", summary: 'Deleted product "Rimu board"' },
  },
  {
    command: "brand.save",
    run: () =>
      postAction(settingsAction, "/admin/settings", {
        intent: "create-brand",
        name: "Resene",
        isActive: "on",
      }),
    event: { entityType: "brand", action: "create", summary: 'Created brand "Resene"' },
  },
  {
    command: "brand.save (switched off)",
    run: async () =>
      postAction(settingsAction, "/admin/settings", {
        intent: "toggle-brand",
        id: await idOf(brands, "Resene"),
      }),
    event: { entityType: "brand", action: "deactivate", summary: 'Deactivated brand "Resene"' },
  },
  {
    command: "category.save",
    run: () =>
      postAction(settingsAction, "/admin/settings?tab=categories", {
        intent: "create-category",
        name: "Decking",
        type: "products",
        isActive: "on",
      }),
    event: { entityType: "category", action: "create", summary: 'Created category "Decking"' },
  },
  {
    command: "category.save (delete)",
    run: async () =>
      postAction(settingsAction, "/admin/settings?tab=categories", {
        intent: "delete-category",
        id: await idOf(categories, "Decking"),
      }),
    event: { entityType: "category", action: "delete", summary: 'Deleted category "Decking"' },
  },
  {
    command: "setting.save (hero)",
    run: () =>
      postAction(settingsAction, "/admin/settings?tab=hero", {
        intent: "save-hero",
        color: "#102030",
        opacity: "0.5",
        titleColor: "#ffffff",
        subtitleColor: "#eeeeee",
      }),
    event: { entityType: "setting", action: "update", summary: /^Updated setting "hero_background"/ },
  },
  {
    command: "setting.save (enquiries)",
    run: () =>
      postAction(settingsAction, "/admin/settings?tab=enquiries", {
        intent: "save-enquiry-settings",
        notificationRecipients: "desk@example.nz",
        attachmentRetentionMonths: "12",
      }),
    event: { entityType: "setting", action: "update", summary: /^Updated setting "enquiry_settings"/ },
  },
  {
    command: "setting.save (quotes)",
    run: () =>
      postAction(settingsAction, "/admin/settings?tab=quotes", {
        ...quoteSettingsFormValues({ ...DEFAULT_QUOTE_SETTINGS, validityDays: 21 }),
        intent: "save-quote-settings",
      }),
    event: { entityType: "setting", action: "update", summary: /^Updated setting "quote_settings"/ },
  },
  {
    command: "building_info.create",
    run: () =>
      postAction(sheetListAction, "/admin/catalog/building-information", {
        intent: "create",
        title: "Deck sheet",
      }),
    event: {
      entityType: "building_info",
      action: "create",
      summary: 'Created building information sheet "Deck sheet"',
    },
  },
  {
    command: "building_info.save",
    run: async () => {
      const [sheet] = await db()
        .select()
        .from(buildingInfoSheets)
        .where(eq(buildingInfoSheets.title, "Deck sheet"));
      const id = sheet?.id ?? "";
      return postWith(
        sheetAction,
        `/admin/catalog/building-information/${id}`,
        {
          intent: "save",
          title: "Deck sheet",
          classification: "not_designated",
          responsibility: "manufacturer",
          description: "Kwila decking.",
        },
        { id },
      );
    },
    event: {
      entityType: "building_info",
      action: "update",
      summary: /^Updated building information sheet "Deck sheet": .*description/,
    },
  },
  {
    command: "building_info.delete",
    run: async () => {
      const [sheet] = await db()
        .select()
        .from(buildingInfoSheets)
        .where(eq(buildingInfoSheets.title, "Deck sheet"));
      const id = sheet?.id ?? "";
      return postWith(
        sheetAction,
        `/admin/catalog/building-information/${id}`,
        { intent: "delete", id },
        { id },
      );
    },
    event: {
      entityType: "building_info",
      action: "delete",
      summary: 'Deleted building information sheet "Deck sheet"',
    },
  },
  {
    command: "home_content.save (the list)",
    run: () =>
      postAction(homeAction, "/admin/home", {
        intent: "create",
        sectionType: "promotion",
        title: "Spring sale",
        isActive: "on",
      }),
    event: { entityType: "home_content", action: "create", summary: 'Created home content "Spring sale"' },
  },
  {
    command: "home_content.save (switched off)",
    run: async () =>
      postAction(homeAction, "/admin/home", { intent: "toggle-active", id: await homeRowId("Spring sale") }),
    event: {
      entityType: "home_content",
      action: "deactivate",
      summary: 'Deactivated home content "Spring sale"',
    },
  },
  {
    command: "home_content.save (hero)",
    run: () =>
      postAction(homeManagementAction, "/admin/home-management?tab=hero", {
        intent: "save-hero",
        title: "Build it right",
      }),
    event: { entityType: "home_content", action: "create", summary: 'Created home content "Build it right"' },
  },
  {
    command: "home_content.save (review)",
    run: () =>
      postAction(homeManagementAction, "/admin/home-management?tab=reviews", {
        intent: "create-review",
        name: "Mere",
        rating: "5",
        review: "Fast and friendly.",
      }),
    event: { entityType: "home_content", action: "create", summary: /^Created home content/ },
  },
  {
    command: "contact_content.save",
    run: () =>
      postAction(contactAction, "/admin/contact", {
        intent: "create",
        contentType: "contact_info",
        title: "Head office",
        phone: "09 000 0000",
      }),
    event: {
      entityType: "contact_content",
      action: "create",
      summary: 'Created contact content "Head office"',
    },
  },
  {
    command: "contact_content.save (delete)",
    run: async () => {
      const [row] = await db().select().from(contactContent).where(eq(contactContent.title, "Head office"));
      return postAction(contactAction, "/admin/contact", { intent: "delete", id: row?.id ?? "" });
    },
    event: {
      entityType: "contact_content",
      action: "delete",
      summary: 'Deleted contact content "Head office"',
    },
  },
  {
    command: "certification.save",
    run: () =>
      postAction(certificationsAction, "/admin/certifications", { intent: "create", ...CERTIFICATE }),
    event: {
      entityType: "certification",
      action: "create",
      summary: 'Created certification "CodeMark cladding"',
    },
  },
  {
    command: "certification.save (register checked)",
    run: async () => {
      const [row] = await db()
        .select()
        .from(certifications)
        .where(eq(certifications.title, CERTIFICATE.title));
      return postAction(certificationsAction, "/admin/certifications", {
        intent: "register-checked",
        id: row?.id ?? "",
      });
    },
    event: {
      entityType: "certification",
      action: "update",
      summary: 'Updated certification "CodeMark cladding": register checked on, register checked by',
    },
  },
  {
    command: "certification.upload",
    run: () => {
      const body = new FormData();
      body.append("intent", "upload");
      body.append("kind", "file");
      body.append("file", new File([new Uint8Array(PDF)], "codemark.pdf"));
      return postAction(certificationsAction, "/admin/certifications", body);
    },
    event: {
      entityType: "certification",
      action: "create",
      summary: 'Uploaded the certificate file "codemark.pdf"',
    },
  },
  {
    command: "certification.remind",
    run: async () => {
      await cookieFor("admin"); // an active admin to remind
      await db()
        .update(certifications)
        .set({ expiresOn: nzDatePlusDays(5) })
        .where(eq(certifications.title, CERTIFICATE.title));
      const sent = await runCertificateReminders();
      expect(sent.expiry).toBe(1);
      return undefined;
    },
    event: {
      entityType: "certification",
      action: "send",
      summary: 'Sent the certificate reminder "Certificate expires in 5 days: CodeMark cladding"',
      actorRole: "system",
    },
  },
  {
    command: "mail.retry",
    run: async () => {
      const queued = await enqueueMail(db(), {
        kind: "staff_notification",
        recipients: ["owner@example.nz"],
        subject: "Retry me",
        text: "x",
      });
      await db()
        .update(mailOutbox)
        .set({ status: "failed", attempts: 8 })
        .where(eq(mailOutbox.id, queued.id));
      return postAction(dashboardAction, "/admin?index", { intent: "retry-mail", id: queued.id });
    },
    event: { entityType: "mail", action: "retry", summary: 'Retried mail "Retry me"' },
  },
];

test.each(STEPS)("$command leaves its one audit event", async ({ run, event }) => {
  await cookieFor("admin"); // signed in before, so the sign-in's own event is not counted
  const before = await eventsSoFar();
  const outcome = await run();
  if (outcome) expect([200, 302]).toContain(outcome.status);
  const logged = await eventsSince(before);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({
    entityType: event.entityType,
    action: event.action,
    summary: event.summary,
    actorRole: event.actorRole ?? "admin",
  });
});

function certificatesOnDisk() {
  const dir = path.join(database.current.storageRoot, "certificates");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

test("a certificate upload is in the audit log, and the same submission posted twice stores one file", async () => {
  const submissionId = newSubmissionId();
  const upload = () => {
    const body = new FormData();
    body.append("intent", "upload");
    body.append("kind", "file");
    body.append("submissionId", submissionId);
    body.append("file", new File([new Uint8Array(PDF)], "appraisal-1234.pdf"));
    return postAction(certificationsAction, "/admin/certifications", body);
  };
  const before = certificatesOnDisk();
  const first = await upload();
  expect(first.status).toBe(200);
  const answer = (first.body as { upload: { url: string; fileType: string } }).upload;
  expect(answer).toMatchObject({ fileType: "PDF" });
  const repeat = await upload();
  expect(repeat.status).toBe(200);
  expect(repeat.body).toEqual({ upload: null });

  const added = certificatesOnDisk().filter((name) => !before.includes(name));
  expect(added).toEqual([answer.url.split("/").pop()]);

  // The audit log screen shows the one upload, with the file it stored.
  const screen = (await getLoader(auditLoader, "/admin/audit?entity=certification&q=appraisal-1234")) as {
    list: { rows: { action: string; summary: string; actorName: string | null }[] };
  };
  expect(screen.list.rows.map((row) => [row.action, row.summary, row.actorName])).toEqual([
    ["create", 'Uploaded the certificate file "appraisal-1234.pdf"', "admin person"],
  ]);
  const [event] = await db()
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.entityType, "certification"), eq(auditEvents.summary, screen.list.rows[0]!.summary)),
    );
  expect(event?.changes).toEqual({
    fileUrl: { before: null, after: answer.url },
    fileType: { before: null, after: "PDF" },
  });
});

test("a certificate upload refused for what it is leaves neither a file nor an event", async () => {
  await cookieFor("admin"); // signed in before, so the account's own events are not counted
  const events = await eventsSoFar();
  const before = certificatesOnDisk().length;
  const body = new FormData();
  body.append("intent", "upload");
  body.append("kind", "file");
  body.append("file", new File([new Uint8Array(Buffer.from("<html></html>"))], "cert.pdf"));
  const refused = await postAction(certificationsAction, "/admin/certifications", body);
  expect(refused.status).toBe(400);
  expect(certificatesOnDisk()).toHaveLength(before);
  expect(await eventsSince(events)).toEqual([]);
});
