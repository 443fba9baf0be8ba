// How account passwords are hashed: better-auth's scrypt (N 16384, r 16: about a fifth of a
// second of CPU per hash, by design). The unit and integration tests sign in and create accounts
// over a thousand times a run, so their setup installs a cheaper scrypt through
// `setPasswordHashing`; its hashes carry their own parameters, and a hash made the ordinary way
// (a restored backup's, say) still verifies the ordinary way.
import { hashPassword, verifyPassword } from "better-auth/crypto";

export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
};

const standard: PasswordHashing = { hash: hashPassword, verify: verifyPassword };
let current: PasswordHashing = standard;

/** Replaces the hashing (undefined: back to the standard); for test setups only. */
export function setPasswordHashing(hashing: PasswordHashing | undefined) {
  current = hashing ?? standard;
}

/** What the auth configuration calls: always the hashing in force at the time of the call. */
export const passwordHashing: PasswordHashing = {
  hash: (password) => current.hash(password),
  verify: (input) => current.verify(input),
};
