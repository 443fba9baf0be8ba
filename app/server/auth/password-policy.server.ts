// The rules for a new password, wherever one is set (User Management, sign-up, the user:create
// script, ADMIN_PASSWORD at first start): at least 12 characters for staff (8 for other users),
// and not a common password, checked against the list shipped in common-passwords.txt (ADR 010).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  COMMON_PASSWORD_MESSAGE,
  PASSWORD_MAX,
  passwordLengthMessage,
  passwordMinimum,
} from "~/lib/password-rules";
import type { Role } from "~/lib/vocabulary";

const LIST_FILE = "common-passwords.txt";

// The list is read from the sources: beside this module (development, tests, the CLI scripts) or
// from the project folder the built server runs in.
function findList() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, LIST_FILE),
    path.resolve(process.cwd(), "app/server/auth", LIST_FILE),
    path.resolve(here, "../../app/server/auth", LIST_FILE),
  ];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`The common-password list is missing (looked in ${candidates.join(", ")})`);
  return found;
}

let common: Set<string> | undefined;

function commonPasswords() {
  if (!common) {
    const lines = fs.readFileSync(findList(), "utf8").split("\n");
    common = new Set(
      lines.filter((line) => line && !line.startsWith("# ")).map((line) => line.trim().toLowerCase()),
    );
  }
  return common;
}

function isListed(candidate: string) {
  const list = commonPasswords();
  if (list.has(candidate)) return true;
  // A listed word with digits or symbols around it ("Sunshine2024!") is as easy to guess.
  const core = candidate.replace(/^[^a-z]+|[^a-z]+$/g, "");
  return core.length >= 4 && list.has(core);
}

/** On the common list, a listed word dressed up with digits or repeated, or barely varied. */
export function isCommonPassword(password: string) {
  const lower = password.toLowerCase();
  if (new Set(lower).size < 4) return true;
  if (isListed(lower)) return true;
  const repeated = /^(.+?)\1+$/.exec(lower)?.[1];
  return repeated !== undefined && isListed(repeated);
}

/** Why this password may not be set for an account of this role, or null when it may. */
export function passwordProblem(password: string, role: Role): string | null {
  if (password.length < passwordMinimum(role)) return passwordLengthMessage(role);
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}
