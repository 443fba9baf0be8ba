// User Management's reads (admin only): the paged list, and an account by its e-mail address.
// Accounts are written by the commands in commands.server.ts.
import { count, desc, getTableColumns, sql } from "drizzle-orm";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import type { Role } from "~/lib/vocabulary";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import { users } from "~/server/db/schema";

export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
  createdAt: Date;
  /** A customer's (role user) jobs, and the enquiries sent from the account. */
  jobs: number;
  enquiries: number;
};

/** What the users list shows of an account. */
const { id, name, email, role, isActive, createdAt } = getTableColumns(users);
const LISTED = {
  id,
  name,
  email,
  role,
  isActive,
  createdAt,
  jobs: sql<number>`(select count(*) from jobs where jobs.user_id = users.id)`.mapWith(Number),
  enquiries:
    sql<number>`(select count(*) from contact_queries where contact_queries.user_id = users.id)`.mapWith(
      Number,
    ),
};

export async function listUsers({ page, q }: { page: number; q: string }): Promise<Paged<AdminUserRow>> {
  const where = ilikeAny([users.name, users.email], q);
  const db = getDb();
  const paged = await readPage(
    page,
    () => db.select({ n: count() }).from(users).where(where),
    (offset) =>
      db
        .select(LISTED)
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
  return { ...paged, rows: paged.rows.map((row) => ({ ...row, role: row.role as Role })) };
}

/** The account with this address, whatever its case. */
export async function findUserByEmail(email: string) {
  const [row] = await getDb()
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}
