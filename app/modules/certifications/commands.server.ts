// Certifications are written by these commands (run through server/commands/runner.server.ts):
// the dialog's save with the products a certificate covers, the register check, delete, the
// dialog's upload of a certificate file or its image, and the reminders the sweep sends.
import { count, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { nzToday } from "~/lib/nz-date";
import type { CertificateReminderKind } from "~/lib/vocabulary";
import { assertCategoryOfType } from "~/modules/case-studies/admin.server";
import { defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import {
  type AuditChanges,
  certificateReminders,
  certificationProducts,
  certifications,
  products,
} from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { expectRow } from "~/server/http/screens.server";
import { enqueueMail, wakeMailWorker } from "~/server/mail/outbox.server";
import { coveredProducts } from "./admin.server";
import { certificationEntity } from "./entity";
import type { CertificationInput, certificationActionSchema, UploadKind } from "./schema";

const CATEGORY_MESSAGE = "Please choose a certification category from the list.";
const GONE = "This certification no longer exists.";
const UNKNOWN_PRODUCT = "One of the chosen products no longer exists. Reload the page and choose again.";

function certificationValues(input: CertificationInput) {
  return {
    title: input.title,
    description: input.description,
    categoryId: input.categoryId,
    fileUrl: input.fileUrl,
    fileType: input.fileType,
    imageUrl: input.imageUrl,
    allowDownload: input.allowDownload,
    scheme: input.scheme,
    certificateNumber: input.certificateNumber,
    holder: input.holder,
    certificationBody: input.certificationBody,
    scope: input.scope,
    issuedOn: input.issuedOn,
    expiresOn: input.expiresOn,
    registerUrl: input.registerUrl,
    registerCheckedOn: input.registerCheckedOn,
    registerCheckedBy: input.registerCheckedBy,
    standing: input.standing,
  };
}

/**
 * The certificate covers exactly these products (those it covered before are replaced). A change
 * is noted in `changes` (the save's audit event), since the certificate's own row cannot show it.
 */
async function setCoveredProducts(
  certificationId: string,
  productIds: readonly string[],
  changes: AuditChanges,
) {
  const db = getDb();
  const before = (await coveredProducts([certificationId])).get(certificationId)?.sort() ?? [];
  const after = [...productIds].sort();
  if (before.join() !== after.join()) changes.coveredProducts = { before, after };
  if (productIds.length > 0) {
    const [found] = await db
      .select({ n: count() })
      .from(products)
      .where(inArray(products.id, [...productIds]));
    if ((found?.n ?? 0) !== productIds.length) throw new InputError(UNKNOWN_PRODUCT);
  }
  await db.delete(certificationProducts).where(eq(certificationProducts.certificationId, certificationId));
  if (productIds.length > 0)
    await db
      .insert(certificationProducts)
      .values(productIds.map((productId) => ({ certificationId, productId })));
}

/** Throws InputError for a category that is not a certification category. */
async function createCertification(input: CertificationInput, changes: AuditChanges) {
  await assertCategoryOfType(input.categoryId, "certifications", CATEGORY_MESSAGE);
  const [row] = await getDb()
    .insert(certifications)
    .values(certificationValues(input))
    .returning({ id: certifications.id });
  if (row) await setCoveredProducts(row.id, input.productIds, changes);
  return row;
}

async function updateCertification(id: string, input: CertificationInput, changes: AuditChanges) {
  await assertCategoryOfType(input.categoryId, "certifications", CATEGORY_MESSAGE);
  const rows = await getDb()
    .update(certifications)
    .set(certificationValues(input))
    .where(eq(certifications.id, id))
    .returning({ id: certifications.id });
  const row = expectRow(rows, GONE);
  await setCoveredProducts(row.id, input.productIds, changes);
  return row;
}

/** The public register was checked today (New Zealand) by `staffName`. */
async function markRegisterChecked(id: string, staffName: string) {
  return expectRow(
    await getDb()
      .update(certifications)
      .set({ registerCheckedOn: nzToday(), registerCheckedBy: staffName.slice(0, 200) })
      .where(eq(certifications.id, id))
      .returning({ id: certifications.id }),
    GONE,
  );
}

async function deleteCertification(id: string) {
  expectRow(
    await getDb()
      .delete(certifications)
      .where(eq(certifications.id, id))
      .returning({ id: certifications.id }),
    GONE,
  );
}

type CertificationAction = z.output<typeof certificationActionSchema>;

/**
 * The changes of each save's audit event that its row cannot show (the covered products): made
 * with the event's target, before the work, and filled in by the work.
 */
const untoldChanges = new WeakMap<CertificationAction, AuditChanges>();

/**
 * Creates, updates or deletes a certification as the dialog's intent says, or records that the
 * signed-in admin checked its public register today.
 */
export const saveCertification = defineCommand({
  name: "certification.save",
  entity: certificationEntity,
  access: "admin",
  target: (input: CertificationAction) => {
    const changes: AuditChanges = {};
    untoldChanges.set(input, changes);
    return {
      action: input.intent === "create" ? "create" : input.intent === "delete" ? "delete" : "update",
      id: "id" in input ? input.id : null,
      changes,
    };
  },
  run: async (input, { actor }) => {
    const changes = untoldChanges.get(input) ?? {};
    if (input.intent === "create") return createCertification(input, changes);
    if (input.intent === "update") return updateCertification(input.id, input, changes);
    if (input.intent === "register-checked")
      return markRegisterChecked(input.id, actor.actor.name ?? actor.actor.email ?? "");
    return deleteCertification(input.id);
  },
});

/** A file the dialog uploaded (stored by the form's intake), as its audit event and its answer tell it. */
export type CertificateUpload = {
  kind: UploadKind;
  /** Its public URL. */
  url: string;
  /** For a certificate: "PDF", "PNG" or "JPG", told by its bytes. */
  fileType: string | null;
  /** The name it had on the uploader's computer. */
  originalName: string;
};

const UPLOAD_NOUN: Record<UploadKind, string> = { file: "certificate file", image: "certificate image" };

/**
 * The upload of a certificate file or its preview image to the public certificates bucket: its
 * own audit event (no certification yet holds it: the dialog saves the URL later). A failure
 * leaves the stored file to the intake, which drops it.
 */
export const uploadCertificateFile = defineCommand({
  name: "certification.upload",
  entity: certificationEntity,
  access: "admin",
  target: (input: CertificateUpload) => ({
    action: "create",
    id: null,
    summary: `Uploaded the ${UPLOAD_NOUN[input.kind]} "${input.originalName.slice(0, 120)}"`,
    changes: {
      [input.kind === "file" ? "fileUrl" : "imageUrl"]: { before: null, after: input.url },
      ...(input.fileType ? { fileType: { before: null, after: input.fileType } } : {}),
    },
  }),
  run: async (input) => ({ kind: input.kind, url: input.url, fileType: input.fileType }),
});

/** A reminder the sweep found already sent (the claim's row was there): nothing is written. */
export class ReminderAlreadySent extends Error {
  constructor() {
    super("This certificate reminder was sent already");
  }
}

export type CertificateReminder = {
  certificationId: string;
  kind: CertificateReminderKind;
  /** The expiry date it is about, or the month of a register check. */
  period: string;
  recipients: string[];
  mail: { subject: string; text: string };
};

/**
 * Claims the reminder (insert, nothing on conflict) and queues its mail in one transaction, the
 * mail worker woken once it has committed; ReminderAlreadySent when an earlier sweep claimed it.
 */
export const sendCertificateReminder = defineCommand({
  name: "certification.remind",
  entity: certificationEntity,
  access: "admin",
  target: (input: CertificateReminder) => ({
    action: "send",
    id: input.certificationId,
    summary: `Sent the certificate reminder "${input.mail.subject}"`,
    changes: { reminder: { before: null, after: `${input.kind} (${input.period})` } },
  }),
  run: async (input) => {
    const db = getDb();
    const claimed = await db
      .insert(certificateReminders)
      .values({ certificationId: input.certificationId, kind: input.kind, period: input.period })
      .onConflictDoNothing()
      .returning({ kind: certificateReminders.kind });
    if (claimed.length === 0) throw new ReminderAlreadySent();
    await enqueueMail(db, { kind: "certificate_reminder", recipients: input.recipients, ...input.mail });
    wakeMailWorker();
  },
});
