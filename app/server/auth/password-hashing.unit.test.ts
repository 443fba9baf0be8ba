import { hashPassword } from "better-auth/crypto";
import { afterEach, expect, test } from "vitest";
import { installTestPasswordHashing } from "../../../tests/support/password-hashing";
import { passwordHashing, setPasswordHashing } from "./password-hashing.server";

afterEach(() => installTestPasswordHashing());

test("the standard hashing is better-auth's scrypt: its hash verifies, a wrong password does not", async () => {
  setPasswordHashing(undefined);
  const hash = await passwordHashing.hash("correct horse battery");
  expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  expect(await passwordHashing.verify({ hash, password: "correct horse battery" })).toBe(true);
  expect(await passwordHashing.verify({ hash, password: "correct horse batterz" })).toBe(false);
});

test("the tests' cheaper hashing marks its hashes and still checks an ordinary one the ordinary way", async () => {
  installTestPasswordHashing();
  const cheap = await passwordHashing.hash("correct horse battery");
  expect(cheap.startsWith("test-scrypt-1024-8$")).toBe(true);
  expect(await passwordHashing.verify({ hash: cheap, password: "correct horse battery" })).toBe(true);
  expect(await passwordHashing.verify({ hash: cheap, password: "Correct horse battery" })).toBe(false);
  const ordinary = await hashPassword("written by a server process");
  expect(await passwordHashing.verify({ hash: ordinary, password: "written by a server process" })).toBe(
    true,
  );
  expect(await passwordHashing.verify({ hash: ordinary, password: "something else" })).toBe(false);
});
