// The dashboard's backup check: an admin sees when the last good backup was made, and a warning
// when none is recorded or the last is more than a day old; other staff see nothing of it.
import { beforeAll, expect, test } from "vitest";
import { recordBackupTime } from "~/server/backup/record.server";
import { pageRequest } from "../support/access";
import { cookieFor } from "../support/admin-action";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const app = createAppHandler();
const HOUR = 60 * 60 * 1000;

// The first request builds the app's routes: done here, outside any one test.
beforeAll(async () => {
  await app(pageRequest("/admin", await cookieFor("admin", "backup-age")));
}, 120_000);

/** The text of the dashboard's Backups section for `role`, or null when it has none. */
async function backupSection(role: "admin" | "sales") {
  const response = await app(pageRequest("/admin", await cookieFor(role, "backup-age")));
  expect(response.status).toBe(200);
  const html = await response.text();
  const section = /<section aria-labelledby="backup-heading">([\s\S]*?)<\/section>/.exec(html)?.[1];
  return section
    ? section
        .replace(/<[^>]+>/g, "")
        .replace(/&#x27;/g, "'")
        .replace(/\s+/g, " ")
        .trim()
    : null;
}

test("with no backup recorded, the admin dashboard says so and how to set it up", async () => {
  expect(await backupSection("admin")).toContain(
    "No backup has been recorded. Set up the nightly backup (README, Backups).",
  );
});

test("a backup two hours old is reported without a warning", async () => {
  await recordBackupTime(database.current.db, new Date(Date.now() - 2 * HOUR));
  const text = await backupSection("admin");
  expect(text).toContain("The last good backup was made 2 hours ago");
  expect(text).not.toContain("more than a day ago");
});

test("a backup older than a day is a warning naming its age and where to look", async () => {
  await database.current.db.execute("delete from periodic_runs where task = 'backup'");
  await recordBackupTime(database.current.db, new Date(Date.now() - 30 * HOUR));
  const text = await backupSection("admin");
  expect(text).toContain("The last good backup was made 30 hours ago");
  expect(text).toContain("more than a day ago. Check the backup's log: journalctl -u tradecounter-backup.");
  // A later backup replaces the record; an earlier one does not.
  await recordBackupTime(database.current.db, new Date(Date.now() - HOUR / 2));
  await recordBackupTime(database.current.db, new Date(Date.now() - 40 * HOUR));
  expect(await backupSection("admin")).toContain("The last good backup was made less than an hour ago");
});

test("sales staff see no backup section", async () => {
  expect(await backupSection("sales")).toBeNull();
});
