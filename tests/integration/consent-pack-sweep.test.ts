// Kept consent packs are a cache the server's housekeeping sweeps: with the housekeeping running,
// packs kept longer than CONSENT_PACK_KEEP_DAYS (7) go, on the disk and in an S3 bucket (a real
// S3-protocol server on loopback) alike; today's pack stays, and so does an old one that an
// e-mail not yet sent attaches (pending, or failed and so still retried by staff), while one
// whose e-mail went is swept. One audit event says how many went; a sweep with nothing to delete
// writes none and changes nothing.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import type { MailStatus } from "~/lib/vocabulary";
import { startConsentPackSweeper, sweepOldConsentPacks } from "~/modules/consent-pack/sweep.server";
import { auditEvents, mailOutbox } from "~/server/db/schema";
import { startHousekeeping } from "~/server/runtime/housekeeping.server";
import { createLocalStorage, getStorage, setStorage } from "~/server/storage/storage.server";
import { useTestDatabase } from "../support/database";
import { startS3Server } from "../support/s3-server";

const database = useTestDatabase();
const db = () => database.current.db;
const DAY_MS = 24 * 60 * 60 * 1000;
const SLOW = 60_000;

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

beforeEach(async () => {
  // Each test's housekeeping runs its first sweep at once, not a period after the last test's.
  await db().execute(sql`delete from periodic_runs where task = 'consent-pack-sweep'`);
  await db().delete(mailOutbox);
  seen = new Set((await db().select({ id: auditEvents.id }).from(auditEvents)).map((row) => String(row.id)));
});

/** A pack kept under a stored name, as build.server.ts keeps one (the bytes do not matter here). */
async function keepPack(label: string) {
  const name = `${Date.now()}-${crypto.randomBytes(8).toString("hex")}.pdf`;
  await getStorage().put("consent_packs", name, Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`), { name });
  return name;
}

async function keptPacks() {
  const names: string[] = [];
  for await (const file of getStorage().list("consent_packs")) names.push(file.name);
  return names.sort();
}

/** A quote's e-mail in the outbox attaching the quote's PDF and the kept pack `name`. */
async function mailAttaching(name: string, status: MailStatus) {
  await db()
    .insert(mailOutbox)
    .values({
      kind: "quote",
      recipients: ["mere.parata@example.co.nz"],
      subject: "Your quote TC-2026-000123-A",
      textBody: "Your quote is attached.",
      messageId: `<${crypto.randomUUID()}@tradecounter.test>`,
      status,
      attachments: [
        {
          filename: "Quote-TC-2026-000123-A.pdf",
          contentType: "application/pdf",
          path: "quotes/1767225600000-0123456789abcdef.pdf",
        },
        {
          filename: "Technical-literature_Consent-pack_Quote-TC-2026-000123-A_2026-01-01.pdf",
          contentType: "application/pdf",
          path: `consent_packs/${name}`,
        },
      ],
    });
}

/** The sweep's audit events since the test began (the log is append-only). */
let seen = new Set<string>();
async function sweepEvents() {
  const rows = await db()
    .select({
      id: auditEvents.id,
      summary: auditEvents.summary,
      actorName: auditEvents.actorName,
      action: auditEvents.action,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, "consent_pack_download"), eq(auditEvents.action, "delete")));
  return rows.filter((row) => !seen.has(String(row.id))).map(({ id: _id, ...event }) => event);
}

/**
 * Runs the server's housekeeping (the consent pack sweep among its modules' tasks, its first
 * sweep at once) until `done` holds, then stops it, waiting for a sweep in flight.
 */
async function withHousekeeping(clock: (() => Date) | undefined, done: () => Promise<boolean>) {
  const stop = startHousekeeping([() => startConsentPackSweeper({ delayMs: 0, intervalMs: 60_000, clock })]);
  try {
    await expect.poll(done, { timeout: 30_000 }).toBe(true);
  } finally {
    await stop();
  }
}

test(
  "on the disk: packs kept longer than 7 days are swept by the housekeeping, today's and one an unsent e-mail attaches stay",
  async () => {
    const folder = path.join(database.current.storageRoot, "consent_packs");
    /** Backdates a kept pack's file as if it had been written `days` ago. */
    const age = (name: string, days: number) => {
      const then = new Date(Date.now() - days * DAY_MS);
      fs.utimesSync(path.join(folder, name), then, then);
    };
    const old = await keepPack("old");
    age(old, 8);
    const older = await keepPack("older");
    age(older, 30);
    const sixDays = await keepPack("six days");
    age(sixDays, 6);
    const today = await keepPack("today");
    const awaiting = await keepPack("awaiting its e-mail");
    age(awaiting, 8);
    await mailAttaching(awaiting, "pending");
    const failed = await keepPack("its e-mail failed");
    age(failed, 8);
    await mailAttaching(failed, "failed");
    const mailed = await keepPack("its e-mail went");
    age(mailed, 8);
    await mailAttaching(mailed, "sent");

    await withHousekeeping(undefined, async () => !(await keptPacks()).includes(old));

    expect(await keptPacks()).toEqual([sixDays, today, awaiting, failed].sort());
    expect(fs.readdirSync(folder).sort()).toEqual([sixDays, today, awaiting, failed].sort());
    expect(await sweepEvents()).toEqual([
      {
        summary: "Deleted 3 consent packs older than 7 days",
        actorName: "consent pack sweep",
        action: "delete",
      },
    ]);

    // Again: nothing is old any more, so nothing goes and nothing is recorded.
    expect(await sweepOldConsentPacks()).toEqual({ removed: 0, awaitingMail: 2 });
    expect(await keptPacks()).toEqual([sixDays, today, awaiting, failed].sort());
    expect(await sweepEvents()).toHaveLength(1);

    // Once its e-mail has gone, the old pack it attached is swept too.
    await db()
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date() })
      .where(eq(mailOutbox.status, "pending"));
    expect(await sweepOldConsentPacks()).toEqual({ removed: 1, awaitingMail: 1 });
    expect(await keptPacks()).toEqual([sixDays, today, failed].sort());
    expect((await sweepEvents()).map((event) => event.summary)).toContain(
      "Deleted 1 consent pack older than 7 days",
    );
  },
  SLOW,
);

test(
  "in an S3 bucket: packs kept longer than 7 days are swept by the housekeeping, today's and one an unsent e-mail attaches stay",
  async () => {
    setStorage(s3.storage({ prefix: `sweep-${crypto.randomBytes(4).toString("hex")}/` }));
    try {
      const old = await keepPack("old");
      const awaiting = await keepPack("awaiting its e-mail");
      await mailAttaching(awaiting, "pending");
      const mailed = await keepPack("its e-mail went");
      await mailAttaching(mailed, "sent");
      const modified = async () => {
        const times = new Map<string, Date>();
        for await (const file of getStorage().list("consent_packs")) times.set(file.name, file.modified);
        return times;
      };
      // The bucket keeps times to the second: today's pack is kept a second after the others.
      const lastOld = Math.max(...[...(await modified()).values()].map((time) => time.getTime()));
      await expect.poll(() => Date.now(), { timeout: 5_000 }).toBeGreaterThanOrEqual(lastOld + 1000);
      const today = await keepPack("today");
      const todayKept = (await modified()).get(today);
      expect(todayKept!.getTime()).toBeGreaterThan(lastOld);
      // The sweep judges ages 7 days after today's pack was kept: the others are older than that.
      const clock = () => new Date(todayKept!.getTime() + 7 * DAY_MS);

      await withHousekeeping(clock, async () => !(await keptPacks()).includes(old));

      expect(await keptPacks()).toEqual([awaiting, today].sort());
      expect(await sweepEvents()).toEqual([
        {
          summary: "Deleted 2 consent packs older than 7 days",
          actorName: "consent pack sweep",
          action: "delete",
        },
      ]);
      expect(await sweepOldConsentPacks({ now: clock() })).toEqual({ removed: 0, awaitingMail: 1 });
      expect(await keptPacks()).toEqual([awaiting, today].sort());
      expect(await sweepEvents()).toHaveLength(1);
    } finally {
      setStorage(createLocalStorage(database.current.storageRoot));
    }
  },
  SLOW,
);
