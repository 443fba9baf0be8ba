// A customer's jobs: the building sites they buy for, each with its own product list (quantities
// and notes, like the visitor's quote list) and, through the enquiries sent from it, its quotes.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { JOB_STATUSES, type JobStatus } from "~/lib/vocabulary";
import { users } from "./auth";
import { products } from "./catalog";
import { createdAt, inList, updatedAt } from "./columns";

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The customer's account; the job goes with it. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    siteAddress: text("site_address").notNull(),
    client: text("client"),
    notes: text("notes"),
    status: text("status").$type<JobStatus>().notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("jobs_status_check", inList("status", JOB_STATUSES)),
    check("jobs_name_not_blank", sql`length(trim(${t.name})) > 0`),
    index("jobs_user_id_idx").on(t.userId, t.updatedAt.desc()),
  ],
);

/** A job's product list: one line a product, in the order the customer added them. */
export const jobItems = pgTable(
  "job_items",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    note: text("note"),
    position: integer("position").notNull().default(0),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.productId] }),
    check("job_items_quantity_check", sql`${t.quantity} between 1 and 9999`),
    index("job_items_product_id_idx").on(t.productId),
  ],
);
