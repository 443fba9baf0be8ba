// Everything the site holds about a customer, for them to download (JSON) or read (a page): their
// account, where they are signed in, their jobs and job lists, the enquiries they sent (from the
// account, or earlier to the same confirmed address) and the quotes sent to that address. Nothing
// of anyone else: every read is by the account's id or its confirmed address.
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { quoteNumber } from "~/lib/quote-number";
import { getDb } from "~/server/db/db.server";
import {
  contactQueries,
  enquiryLines,
  jobItems,
  jobs,
  products,
  quoteLines,
  quotes,
  sessions,
  users,
} from "~/server/db/schema";
import { formatReference } from "../enquiries/reference";
import { deviceOf } from "./queries.server";

export async function accountData(userId: string) {
  const db = getDb();
  const [account] = await db
    .select({
      name: users.name,
      email: users.email,
      emailConfirmed: users.emailVerified,
      phone: users.phone,
      company: users.company,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const address = account.email.toLowerCase();

  const signedIn = await db
    .select({ createdAt: sessions.createdAt, lastUsedAt: sessions.updatedAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.updatedAt));

  const jobRows = await db.select().from(jobs).where(eq(jobs.userId, userId)).orderBy(desc(jobs.updatedAt));
  const items = jobRows.length
    ? await db
        .select({
          jobId: jobItems.jobId,
          product: products.name,
          quantity: jobItems.quantity,
          note: jobItems.note,
        })
        .from(jobItems)
        .innerJoin(products, eq(products.id, jobItems.productId))
        .where(
          inArray(
            jobItems.jobId,
            jobRows.map((job) => job.id),
          ),
        )
        .orderBy(asc(jobItems.position))
    : [];

  // Enquiries from the account, and (once the address is confirmed) those sent to it before.
  const mine = account.emailConfirmed
    ? or(
        eq(contactQueries.userId, userId),
        and(isNull(contactQueries.userId), sql`lower(${contactQueries.email}) = ${address}`),
      )
    : eq(contactQueries.userId, userId);
  const enquiryRows = await db
    .select()
    .from(contactQueries)
    .where(and(mine, sql`${contactQueries.status} <> 'Spam'`))
    .orderBy(desc(contactQueries.createdAt));
  const lines = enquiryRows.length
    ? await db
        .select({
          enquiryId: enquiryLines.enquiryId,
          product: enquiryLines.productName,
          quantity: enquiryLines.quantity,
        })
        .from(enquiryLines)
        .where(
          inArray(
            enquiryLines.enquiryId,
            enquiryRows.map((row) => row.id),
          ),
        )
        .orderBy(asc(enquiryLines.position))
    : [];

  const quoteRows = account.emailConfirmed
    ? await db
        .select({
          id: quotes.id,
          revision: quotes.revision,
          status: quotes.status,
          sentAt: quotes.sentAt,
          validUntil: quotes.validUntil,
          totalCents: quotes.totalCents,
          referenceNo: contactQueries.referenceNo,
          enquiryAt: contactQueries.createdAt,
        })
        .from(quotes)
        .innerJoin(contactQueries, eq(contactQueries.id, quotes.enquiryId))
        .where(and(sql`lower(${quotes.customerEmail}) = ${address}`, sql`${quotes.status} <> 'draft'`))
        .orderBy(desc(quotes.sentAt))
    : [];
  const quoteLineRows = quoteRows.length
    ? await db
        .select({
          quoteId: quoteLines.quoteId,
          description: quoteLines.description,
          quantityMilli: quoteLines.quantityMilli,
          unit: quoteLines.unit,
          lineTotalCents: quoteLines.lineTotalCents,
        })
        .from(quoteLines)
        .where(
          inArray(
            quoteLines.quoteId,
            quoteRows.map((row) => row.id),
          ),
        )
        .orderBy(asc(quoteLines.position))
    : [];

  return {
    account,
    signedIn: signedIn.map((row) => ({
      since: row.createdAt,
      lastUsed: row.lastUsedAt,
      device: deviceOf(row.userAgent),
    })),
    jobs: jobRows.map((job) => ({
      name: job.name,
      siteAddress: job.siteAddress,
      client: job.client,
      notes: job.notes,
      status: job.status,
      createdAt: job.createdAt,
      list: items.filter((item) => item.jobId === job.id).map(({ jobId: _, ...item }) => item),
    })),
    enquiries: enquiryRows.map((row) => ({
      reference: formatReference(row.referenceNo, row.createdAt),
      sentAt: row.createdAt,
      subject: row.subject,
      message: row.message,
      name: row.fullName,
      email: row.email,
      phone: row.phone,
      status: row.status,
      job: row.jobName ? { name: row.jobName, siteAddress: row.jobSiteAddress } : null,
      lines: lines.filter((line) => line.enquiryId === row.id).map(({ enquiryId: _, ...line }) => line),
    })),
    quotes: quoteRows.map((row) => ({
      number: quoteNumber(formatReference(row.referenceNo, row.enquiryAt), row.revision),
      status: row.status,
      sentAt: row.sentAt,
      validUntil: row.validUntil,
      totalCents: row.totalCents,
      lines: quoteLineRows
        .filter((line) => line.quoteId === row.id)
        .map((line) => ({
          description: line.description,
          quantity: line.quantityMilli / 1000,
          unit: line.unit,
          lineTotalCents: line.lineTotalCents,
        })),
    })),
  };
}

export type AccountData = NonNullable<Awaited<ReturnType<typeof accountData>>>;
