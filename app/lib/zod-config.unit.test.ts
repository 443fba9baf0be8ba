import { expect, test } from "vitest";
import "./zod-config";
import { z } from "zod";

test("zod parses without compiling code (jitless), as the Content-Security-Policy needs", () => {
  expect(z.config().jitless).toBe(true);
});
