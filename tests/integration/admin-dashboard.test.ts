// The dashboard's figures: the four counts, enquiries per week in New Zealand weeks (spam left
// out), and this week's new enquiries counted as the sidebar's badge counts them.
import { expect, test } from "vitest";
import { getDashboardCounts, getEnquiriesPerWeek, getEnquiryStats } from "~/modules/dashboard/queries.server";
import { countNewEnquiries } from "~/modules/enquiries/follow-up.server";
import { caseStudies, certifications, contactContent, contactQueries, products } from "~/server/db/schema";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

function enquiry(createdAt: string) {
  return {
    fullName: "Aroha Ngata",
    email: "aroha@example.nz",
    subject: "Quote",
    message: "Please quote 20 sheets.",
    createdAt: new Date(createdAt),
  };
}

test("the four counts are the rows of products, case studies, certifications and contact content", async () => {
  const db = database.current.db;
  await db.insert(products).values([{ name: "A" }, { name: "B" }, { name: "C" }]);
  await db.insert(caseStudies).values([{ title: "Deck" }, { title: "Roof" }]);
  await db
    .insert(certifications)
    .values([{ title: "CodeMark", fileUrl: "https://example.nz/a.pdf", fileType: "PDF" }]);
  expect(await getDashboardCounts()).toEqual({
    products: 3,
    caseStudies: 2,
    certifications: 1,
    contactContent: 0,
  });
  await db.insert(contactContent).values({ contentType: "contact_info" });
  expect((await getDashboardCounts()).contactContent).toBe(1);
});

test("enquiries are counted per Monday-to-Sunday week in New Zealand time, 12 weeks, empty weeks as 0", async () => {
  await database.current.db.insert(contactQueries).values([
    enquiry("2025-03-09T10:00:00Z"), // Sunday 9 March, 11 pm in Auckland: the week of 3 March
    enquiry("2025-03-09T12:00:00Z"), // Monday 10 March, 1 am in Auckland: this week
    enquiry("2025-03-11T22:00:00Z"),
    enquiry("2024-12-22T12:00:00Z"), // Monday 23 December in Auckland: the oldest week shown
    enquiry("2024-12-20T00:00:00Z"), // before the 12 weeks
  ]);
  const now = new Date("2025-03-12T00:00:00Z");
  const weeks = await getEnquiriesPerWeek(now);
  expect(weeks).toHaveLength(12);
  expect(weeks[0]).toEqual({ weekStart: "2024-12-23", count: 1 });
  expect(weeks.at(-2)).toEqual({ weekStart: "2025-03-03", count: 1 });
  expect(weeks.at(-1)).toEqual({ weekStart: "2025-03-10", count: 2 });
  expect(weeks.reduce((sum, w) => sum + w.count, 0)).toBe(4);
  expect((await getEnquiryStats(now)).thisWeek).toBe(2);
});

test("spam is no enquiry on the chart, and 'New enquiries this week' counts by the sidebar badge's rule", async () => {
  // Weeks of their own: the rows above stay in this file's database.
  const monday = "2026-06-07T13:00:00Z"; // Monday 8 June, 1 am in Auckland
  await database.current.db.insert(contactQueries).values([
    ...Array.from({ length: 11 }, () => ({ ...enquiry(monday), status: "Spam" as const })),
    enquiry(monday), // New
    { ...enquiry("2026-06-09T22:00:00Z"), status: "In Progress" as const },
    enquiry("2026-06-03T00:00:00Z"), // New, but last week
  ]);
  const now = new Date("2026-06-10T00:00:00Z");
  const stats = await getEnquiryStats(now);
  expect(stats.perWeek.at(-1)).toEqual({ weekStart: "2026-06-08", count: 2 });
  expect(stats.perWeek.at(-2)).toEqual({ weekStart: "2026-06-01", count: 1 });
  expect(stats.thisWeek).toBe(1);
  // The badge counts every new enquiry, this week's and earlier ones: the same rule, no spam.
  expect(await countNewEnquiries()).toBe(5 + 2);
});
