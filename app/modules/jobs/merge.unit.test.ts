import { expect, test } from "vitest";
import { addToJobList, isJobQuantity, type JobLine, mergeIntoJob } from "./merge";
import { addToJobSchema, JOB_MAX_LINES, JOB_MESSAGES, jobActionSchema } from "./schema";

const A = "3f2a9c1e-0b7d-4c55-a1e2-f3a4b5c6d7e8";
const B = "7b1e0000-1111-4222-8333-444455556666";
const C = "9c2d0000-1111-4222-8333-444455556666";

function id(n: number) {
  return `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

function lines(count: number): JobLine[] {
  return Array.from({ length: count }, (_, n) => ({ productId: id(n), quantity: 1, note: null }));
}

test("saving a quote list into a job adds the quantities of a product already there, keeping its place and note", () => {
  const job: JobLine[] = [
    { productId: A, quantity: 10, note: "for the deck" },
    { productId: B, quantity: 2, note: null },
  ];
  const change = mergeIntoJob(job, [
    { productId: B, quantity: 3 },
    { productId: C, quantity: 7 },
  ]);
  expect(change).toEqual({
    ok: true,
    lines: [
      { productId: A, quantity: 10, note: "for the deck" },
      { productId: B, quantity: 5, note: null },
      { productId: C, quantity: 7, note: null },
    ],
    added: 1,
    merged: 1,
    capped: 0,
  });
  // The job's own lines are not changed in place.
  expect(job[1]?.quantity).toBe(2);
});

test("added quantities are capped at 9999, and the cap is counted", () => {
  const change = mergeIntoJob(
    [{ productId: A, quantity: 9000, note: null }],
    [{ productId: A, quantity: 1500 }],
  );
  expect(change).toMatchObject({ ok: true, lines: [{ productId: A, quantity: 9999 }], merged: 1, capped: 1 });
});

test("new products are appended in the quote list's order", () => {
  const change = mergeIntoJob(
    [{ productId: A, quantity: 1, note: null }],
    [
      { productId: C, quantity: 1 },
      { productId: B, quantity: 2 },
    ],
  );
  expect(change.ok && change.lines.map((line) => line.productId)).toEqual([A, C, B]);
});

test("a list that would take the job past 200 products is refused whole, saying how much room is left", () => {
  expect(mergeIntoJob(lines(JOB_MAX_LINES - 1), [{ productId: A, quantity: 1 }])).toMatchObject({
    ok: true,
    added: 1,
  });
  expect(
    mergeIntoJob(lines(JOB_MAX_LINES - 1), [
      { productId: A, quantity: 1 },
      { productId: B, quantity: 1 },
    ]),
  ).toEqual({ ok: false, reason: "full", room: 1 });
  // A full job still takes more of a product it already has.
  expect(mergeIntoJob(lines(JOB_MAX_LINES), [{ productId: id(3), quantity: 4 }])).toMatchObject({
    ok: true,
    merged: 1,
  });
});

test("adding from the catalogue follows the same rule, and refuses a quantity outside 1 to 9999", () => {
  expect(addToJobList([{ productId: A, quantity: 2, note: null }], A, 3)).toMatchObject({
    ok: true,
    lines: [{ productId: A, quantity: 5 }],
  });
  expect(addToJobList([], B, 9999)).toMatchObject({ ok: true, lines: [{ productId: B, quantity: 9999 }] });
  expect(addToJobList(lines(JOB_MAX_LINES), A, 1)).toEqual({ ok: false, reason: "full", room: 0 });
  for (const quantity of [0, -1, 1.5, 10000, Number.NaN]) {
    expect(isJobQuantity(quantity)).toBe(false);
    expect(addToJobList([], A, quantity)).toEqual({ ok: false, reason: "quantity" });
  }
});

test("a line's quantity is posted as a whole number from 1 to 9999, its note at most 500 characters", () => {
  expect(jobActionSchema.parse({ intent: "save-line", productId: A.toUpperCase(), quantity: "25" })).toEqual({
    intent: "save-line",
    productId: A,
    quantity: 25,
    note: null,
  });
  for (const quantity of ["0", "10000", "2.5", "abc", "-3", ""]) {
    const result = jobActionSchema.safeParse({ intent: "save-line", productId: A, quantity });
    expect(result.error?.issues[0]?.message, quantity).toBe(JOB_MESSAGES.quantity);
  }
  expect(
    jobActionSchema.safeParse({ intent: "save-line", productId: A, quantity: "1", note: "x".repeat(501) })
      .success,
  ).toBe(false);
  expect(addToJobSchema.parse({ jobId: A, productId: B })).toMatchObject({ quantity: 1 });
});

test("a job's details: name and site address required, each field within its length", () => {
  const ok = { intent: "save-job", name: " Smith house ", siteAddress: "12 Rata St", status: "active" };
  expect(jobActionSchema.parse(ok)).toEqual({ ...ok, name: "Smith house", client: null, notes: null });
  expect(jobActionSchema.safeParse({ ...ok, name: "  " }).error?.issues[0]?.message).toBe(
    "Job name is required",
  );
  expect(jobActionSchema.safeParse({ ...ok, name: "x".repeat(121) }).success).toBe(false);
  expect(jobActionSchema.safeParse({ ...ok, siteAddress: "x".repeat(301) }).success).toBe(false);
  expect(jobActionSchema.safeParse({ ...ok, client: "x".repeat(121) }).success).toBe(false);
  expect(jobActionSchema.safeParse({ ...ok, notes: "x".repeat(2001) }).success).toBe(false);
  expect(jobActionSchema.safeParse({ ...ok, status: "paused" }).success).toBe(false);
  expect(jobActionSchema.safeParse({ intent: "delete-job" }).error?.issues[0]?.message).toBe(
    JOB_MESSAGES.confirmDelete,
  );
});
