// A cheaper scrypt for the test processes (N 1024, r 8: about a millisecond a hash), the same
// code path otherwise: every account the tests create or sign in to is hashed and checked by it.
// Its hashes are marked with their parameters; an ordinary hash (one a server process under test
// wrote) is checked the ordinary way.
import crypto from "node:crypto";
import { promisify } from "node:util";
import { verifyPassword } from "better-auth/crypto";
import { type PasswordHashing, setPasswordHashing } from "~/server/auth/password-hashing.server";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: string,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const MARK = "test-scrypt-1024-8$";
const PARAMS = { N: 1024, r: 8, p: 1 } as const;

async function key(password: string, salt: string) {
  return (await scrypt(password.normalize("NFKC"), salt, 64, PARAMS)).toString("hex");
}

export function installTestPasswordHashing() {
  const hashing: PasswordHashing = {
    async hash(password) {
      const salt = crypto.randomBytes(16).toString("hex");
      return `${MARK}${salt}:${await key(password, salt)}`;
    },
    async verify({ hash, password }) {
      if (!hash.startsWith(MARK)) return verifyPassword({ hash, password });
      const [salt, stored] = hash.slice(MARK.length).split(":");
      if (!salt || !stored) return false;
      const given = Buffer.from(await key(password, salt), "hex");
      const expected = Buffer.from(stored, "hex");
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
  setPasswordHashing(hashing);
}
