// The e-mails the e2e server writes as .eml files under its DATA_DIR/outbox (no SMTP_URL), read
// by the journeys that follow a link from a mail.
import fs from "node:fs";
import path from "node:path";
import { parseMail } from "../integration/mail-support";
import { e2eState } from "./fixtures";

/** The confirmation links mailed to `email` (path and query, for page.goto), oldest first. */
export function confirmationLinksFor(email: string) {
  const dir = path.join(e2eState().dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  const links: { mtime: number; link: string }[] = [];
  for (const name of fs.readdirSync(dir).filter((file) => file.endsWith(".eml"))) {
    const file = path.join(dir, name);
    const mail = parseMail(fs.readFileSync(file, "utf8"));
    if (mail.headers.get("to") !== email) continue;
    const found = /https?:\/\/\S+\/auth\/confirm-email\?token=\S+/.exec(mail.text)?.[0];
    if (!found) continue;
    const url = new URL(found);
    links.push({ mtime: fs.statSync(file).mtimeMs, link: url.pathname + url.search });
  }
  return links.sort((a, b) => a.mtime - b.mtime).map(({ link }) => link);
}

/** The first confirmation link mailed to `email`, or null while none has been written. */
export function confirmationLinkFor(email: string) {
  return confirmationLinksFor(email)[0] ?? null;
}
