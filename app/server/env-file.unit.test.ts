// Settings files read as systemd's EnvironmentFile= reads them, and the message for a
// STORAGE_URL that a shell cut at its first "&".
import { expect, test } from "vitest";
import { cutStorageUrlProblem, parseEnvironmentFile } from "./env-file.server";

test("an unquoted value keeps its & ; | $ and # (no shell reads the file)", () => {
  const url = "s3://shop?endpoint=https://s3.example.com&region=auto&forcePathStyle=true&prefix=tc/";
  expect(
    parseEnvironmentFile(
      [
        "# the site's settings",
        "; another comment",
        "",
        `STORAGE_URL=${url}`,
        "DATABASE_URL=postgres://tc:pa$$w0rd#1@localhost:5432/tc",
        "  PUBLIC_URL = https://shop.example.nz   ",
        "EMPTY=",
        "not an assignment",
      ].join("\n"),
    ),
  ).toEqual({
    STORAGE_URL: url,
    DATABASE_URL: "postgres://tc:pa$$w0rd#1@localhost:5432/tc",
    PUBLIC_URL: "https://shop.example.nz",
    EMPTY: "",
  });
});

test("quotes: single taken as written, double with backslash escapes; a later line wins", () => {
  expect(
    parseEnvironmentFile(
      [
        `MAIL_FROM='Shop <no-reply@shop.example.nz>'`,
        `STORAGE_URL='s3://shop?region=auto&prefix=tc/'`,
        `QUOTED="say \\"hi\\" \\$HOME \\n"`,
        "A=first",
        "A=second",
        `TAIL="quoted"   `,
        `INNER=it's`,
      ].join("\n"),
    ),
  ).toEqual({
    MAIL_FROM: "Shop <no-reply@shop.example.nz>",
    STORAGE_URL: "s3://shop?region=auto&prefix=tc/",
    QUOTED: 'say "hi" $HOME \\n',
    A: "second",
    TAIL: "quoted",
    INNER: "it's",
  });
});

test("a backslash at the end of a line joins the next; quotes may span lines", () => {
  expect(parseEnvironmentFile("LONG=one\\\ntwo\nMULTI='a\nb'\nNEXT=x")).toEqual({
    LONG: "onetwo",
    MULTI: "a\nb",
    NEXT: "x",
  });
});

test("a STORAGE_URL cut by a shell is named; a whole one, or none at all, is not", () => {
  expect(cutStorageUrlProblem({ prefix: "tradecounter/" })).toContain(
    'STORAGE_URL is not set, but prefix=tradecounter/ is: a shell read the settings file and cut STORAGE_URL at its first "&"',
  );
  expect(cutStorageUrlProblem({ STORAGE_URL: "s3://shop", prefix: "x/" })).toBeNull();
  expect(cutStorageUrlProblem({})).toBeNull();
});
