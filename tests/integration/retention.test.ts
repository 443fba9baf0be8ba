import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import type { EnquiryStatus } from "~/lib/vocabulary";
import {
  deleteExpiredAttachments,
  startRetentionSweeper,
  subtractMonths,
} from "~/modules/enquiries/retention.server";
import { saveEnquirySettings } from "~/modules/settings/commands.server";
import { loader as privacyLoader } from "~/routes/public/privacy";
import { contactQueries, enquiryEvents, siteSettings } from "~/server/db/schema";
import { getStorage, parseStoredPath, type Storage, setStorage } from "~/server/storage/storage.server";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

const NOW = new Date("2026-05-15T09:30:00Z");
const PDF = Buffer.from("%PDF-1.4\n%%EOF\n");

function db() {
  return database.current.db;
}

function monthsBefore(date: Date, months: number) {
  return subtractMonths(date, months);
}

/** An enquiry with a real stored file, in the status given and closed when given. */
async function enquiryWithFile(status: EnquiryStatus, closedAt: Date | null) {
  const file = await getStorage().put("contact_uploads", "plans.pdf", PDF);
  const [row] = await db()
    .insert(contactQueries)
    .values({
      fullName: "Aroha Ngata",
      email: "aroha@example.co.nz",
      subject: "Quote Request",
      message: "Please quote 40 lengths of 90x45 framing.",
      fileUrl: file.path,
      status,
      closedAt,
      createdAt: closedAt ?? NOW,
    })
    .returning();
  if (!row) throw new Error("no row");
  return row;
}

async function reload(id: string) {
  const [row] = await db().select().from(contactQueries).where(eq(contactQueries.id, id));
  return row;
}

async function fileExists(fileUrl: string) {
  const stored = parseStoredPath(fileUrl);
  if (!stored) throw new Error(`not a stored path: ${fileUrl}`);
  return getStorage().exists(stored.bucket, stored.name);
}

async function eventsOf(id: string) {
  return db().select().from(enquiryEvents).where(eq(enquiryEvents.enquiryId, id));
}

beforeEach(async () => {
  await db().delete(contactQueries);
  await db().delete(siteSettings).where(eq(siteSettings.settingKey, "enquiry_settings"));
});

test("calendar months: the same day earlier, or the last day of a shorter month", () => {
  expect(subtractMonths(new Date("2026-05-15T09:30:00Z"), 24).toISOString()).toBe("2024-05-15T09:30:00.000Z");
  expect(subtractMonths(new Date("2026-08-31T12:00:00Z"), 6).toISOString()).toBe("2026-02-28T12:00:00.000Z");
  expect(subtractMonths(new Date("2026-03-31T00:00:00Z"), 25).toISOString()).toBe("2024-02-29T00:00:00.000Z");
  expect(subtractMonths(new Date("2026-01-10T00:00:00Z"), 1).toISOString()).toBe("2025-12-10T00:00:00.000Z");
});

test("a file of an enquiry closed 25 months ago is deleted, the row updated and the event written", async () => {
  const won = await enquiryWithFile("Won", monthsBefore(NOW, 25));
  const spam = await enquiryWithFile("Spam", monthsBefore(NOW, 30));
  const result = await deleteExpiredAttachments({ now: NOW });
  expect(result).toMatchObject({ deleted: 2, failed: 0 });

  for (const original of [won, spam]) {
    expect(await fileExists(original.fileUrl as string)).toBe(false);
    const row = await reload(original.id);
    expect(row?.fileUrl).toBeNull();
    expect(row?.attachmentDeletedAt?.toISOString()).toBe(NOW.toISOString());
    // The enquiry itself stays, with its status and closing date.
    expect(row).toMatchObject({ status: original.status, fullName: "Aroha Ngata" });
    expect(row?.closedAt?.toISOString()).toBe(original.closedAt?.toISOString());
    const events = await eventsOf(original.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: "attachment_deleted",
      actorId: null,
      actorName: null,
      fromValue: original.fileUrl,
    });
    expect(events[0]?.createdAt.toISOString()).toBe(NOW.toISOString());
  }

  // A second sweep finds nothing more to do.
  expect(await deleteExpiredAttachments({ now: NOW })).toMatchObject({ deleted: 0, failed: 0 });
  expect(await eventsOf(won.id)).toHaveLength(1);
});

test("closed 23 months ago, open with an old date, or never closed: untouched", async () => {
  const recent = await enquiryWithFile("Lost", monthsBefore(NOW, 23));
  const reopened = await enquiryWithFile("In Progress", monthsBefore(NOW, 40));
  const fresh = await enquiryWithFile("New", null);
  // One second short of the 24 months.
  const almost = await enquiryWithFile("Won", new Date(monthsBefore(NOW, 24).getTime() + 1000));
  expect(await deleteExpiredAttachments({ now: NOW })).toMatchObject({ deleted: 0, failed: 0 });
  for (const original of [recent, reopened, fresh, almost]) {
    const row = await reload(original.id);
    expect(row?.fileUrl).toBe(original.fileUrl);
    expect(row?.attachmentDeletedAt).toBeNull();
    expect(await fileExists(original.fileUrl as string)).toBe(true);
    expect(await eventsOf(original.id)).toEqual([]);
  }
});

test("the retention setting, changed to 6 months, takes effect on the next sweep", async () => {
  const sevenMonths = await enquiryWithFile("Lost", monthsBefore(NOW, 7));
  const fiveMonths = await enquiryWithFile("Won", monthsBefore(NOW, 5));
  expect(await deleteExpiredAttachments({ now: NOW })).toMatchObject({ deleted: 0 });

  await saveEnquirySettings({ notificationRecipients: [], attachmentRetentionMonths: 6 });
  const result = await deleteExpiredAttachments({ now: NOW });
  expect(result.deleted).toBe(1);
  expect(result.cutoff.toISOString()).toBe("2025-11-15T09:30:00.000Z");
  expect((await reload(sevenMonths.id))?.fileUrl).toBeNull();
  expect(await fileExists(sevenMonths.fileUrl as string)).toBe(false);
  expect((await reload(fiveMonths.id))?.fileUrl).toBe(fiveMonths.fileUrl);
  expect(await fileExists(fiveMonths.fileUrl as string)).toBe(true);
});

test("a file already gone from storage still clears the row", async () => {
  const row = await enquiryWithFile("Won", monthsBefore(NOW, 26));
  const stored = parseStoredPath(row.fileUrl);
  if (!stored) throw new Error("no stored path");
  await getStorage().delete(stored.bucket, stored.name);
  expect(await deleteExpiredAttachments({ now: NOW })).toMatchObject({ deleted: 1, failed: 0 });
  expect((await reload(row.id))?.fileUrl).toBeNull();
  expect(await eventsOf(row.id)).toHaveLength(1);
});

test("a storage error leaves that enquiry as it was and the sweep keeps going", async () => {
  const broken = await enquiryWithFile("Won", monthsBefore(NOW, 30));
  const fine = await enquiryWithFile("Lost", monthsBefore(NOW, 29));
  const real = getStorage();
  const brokenName = parseStoredPath(broken.fileUrl)?.name;
  const failing: Storage = {
    ...real,
    async delete(bucket, name) {
      if (name === brokenName) throw new Error("EIO: the disk refused");
      return real.delete(bucket, name);
    },
  };
  setStorage(failing);
  try {
    expect(await deleteExpiredAttachments({ now: NOW })).toMatchObject({ deleted: 1, failed: 1 });
  } finally {
    setStorage(real);
  }
  // Rolled back: the row still points at its file, which is still there, and no event says otherwise.
  const kept = await reload(broken.id);
  expect(kept?.fileUrl).toBe(broken.fileUrl);
  expect(kept?.attachmentDeletedAt).toBeNull();
  expect(await fileExists(broken.fileUrl as string)).toBe(true);
  expect(await eventsOf(broken.id)).toEqual([]);
  expect((await reload(fine.id))?.fileUrl).toBeNull();

  // With storage working again the next sweep finishes the job.
  expect(await deleteExpiredAttachments({ now: NOW })).toMatchObject({ deleted: 1, failed: 0 });
  expect(await fileExists(broken.fileUrl as string)).toBe(false);
});

test("batches are read one after another until every expired file is gone", async () => {
  const closedAt = monthsBefore(NOW, 25);
  const rows = [];
  // Several with the same closing time, so paging must also go by id.
  for (let i = 0; i < 5; i++) rows.push(await enquiryWithFile("Lost", closedAt));
  expect(await deleteExpiredAttachments({ now: NOW, batchSize: 2 })).toMatchObject({ deleted: 5, failed: 0 });
  for (const row of rows) expect((await reload(row.id))?.fileUrl).toBeNull();
});

test("the sweeper runs soon after it starts and stops when asked", async () => {
  const row = await enquiryWithFile("Won", monthsBefore(new Date(), 25));
  const stop = startRetentionSweeper({ delayMs: 10, intervalMs: 60_000 });
  try {
    await expect.poll(async () => (await reload(row.id))?.fileUrl, { timeout: 5000 }).toBeNull();
  } finally {
    await stop();
  }
  expect(await fileExists(row.fileUrl as string)).toBe(false);
});

test("the privacy statement promises the retention period the server applies", async () => {
  expect(await privacyLoader()).toEqual({ attachmentRetentionMonths: 24 });
  await saveEnquirySettings({ notificationRecipients: [], attachmentRetentionMonths: 6 });
  expect(await privacyLoader()).toEqual({ attachmentRetentionMonths: 6 });
});
