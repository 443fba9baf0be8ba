// afterCommit: effects of a write (waking the mail worker, telling the page cache) run once the
// outermost transaction has committed, outside its scope, and never for a write that rolled back.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { productEntity } from "~/modules/products/entity";
import { getPageCache } from "~/server/cache/invalidation.server";
import { staffActor } from "~/server/commands/actor";
import { defineCommand, runCommand } from "~/server/commands/runner.server";
import { afterCommit, getDatabase, getDb, inTransaction, inTransactionScope } from "~/server/db/db.server";
import { products } from "~/server/db/schema";
import { useTestDatabase } from "../support/database";
import { createUser } from "../support/users";

useTestDatabase();

const unique = () => `After commit ${crypto.randomBytes(4).toString("hex")}`;

async function committedProducts(name: string) {
  // The database itself, not a transaction: on PostgreSQL another connection, which sees only
  // what is committed (on PGlite a query here before the commit would wait for it forever).
  return getDatabase().db.select().from(products).where(eq(products.name, name));
}

test("an effect queued in a transaction runs after its commit, outside its scope, before inTransaction returns", async () => {
  const name = unique();
  const seen: string[] = [];
  const result = await inTransaction(async () => {
    await getDb().insert(products).values({ name, price: 1 });
    void afterCommit(async () => {
      seen.push(`in a transaction: ${inTransactionScope()}`);
      seen.push(`getDb() is the database: ${getDb() === getDatabase().db}`);
      seen.push(`rows committed: ${(await committedProducts(name)).length}`);
    });
    seen.push("work done");
    return "written";
  });
  expect(result).toBe("written");
  expect(seen).toEqual([
    "work done",
    "in a transaction: false",
    "getDb() is the database: true",
    "rows committed: 1",
  ]);
});

test("a rollback drops the effects it queued", async () => {
  const name = unique();
  let ran = 0;
  await expect(
    inTransaction(async () => {
      await getDb().insert(products).values({ name, price: 1 });
      void afterCommit(() => {
        ran += 1;
      });
      throw new Error("refused");
    }),
  ).rejects.toThrow("refused");
  expect(ran).toBe(0);
  // Nor does a later transaction run it.
  await inTransaction(async () => {});
  expect(ran).toBe(0);
  expect(await committedProducts(name)).toEqual([]);
});

test("in nested scopes each effect runs once, in order, after the outermost commit", async () => {
  const seen: string[] = [];
  await inTransaction(async () => {
    await inTransaction(async () => {
      void afterCommit(() => seen.push("first effect"));
    });
    seen.push("inner scope returned");
    await inTransaction(async () => {
      void afterCommit(() => seen.push("second effect"));
    });
    seen.push("outer work done");
  });
  expect(seen).toEqual(["inner scope returned", "outer work done", "first effect", "second effect"]);
});

test("outside a transaction an effect runs at once", async () => {
  let ran = false;
  const done = afterCommit(() => {
    ran = true;
  });
  expect(ran).toBe(true);
  await done;
});

test("an effect that throws is logged; the write stands and the effects after it run", async () => {
  const name = unique();
  let ran = false;
  const result = await inTransaction(async () => {
    await getDb().insert(products).values({ name, price: 1 });
    void afterCommit(() => {
      throw new Error("relay down");
    });
    void afterCommit(() => {
      ran = true;
    });
    return "written";
  });
  expect(result).toBe("written");
  expect(ran).toBe(true);
  expect(await committedProducts(name)).toHaveLength(1);
});

test("a command run inside another transaction empties the page cache after the outer commit, not on its rollback", async () => {
  const user = await createUser({
    email: `${crypto.randomBytes(4).toString("hex")}@example.nz`,
    name: "Aroha Staff",
    role: "admin",
    password: "a-long-password-1",
  });
  const staff = staffActor(
    { id: user.id, name: user.name, email: user.email, role: "admin" },
    { ip: null, userAgent: null },
  );
  const insertProduct = defineCommand({
    name: "test.product.insert",
    entity: productEntity,
    access: "staff",
    target: (_name: string) => ({ action: "create" }),
    run: async (name) => {
      const [row] = await getDb().insert(products).values({ name, price: 1 }).returning({ id: products.id });
      return row;
    },
  });
  const createProduct = (name: string) => runCommand(insertProduct, staff, name);
  const cache = getPageCache();
  const start = cache.generation;

  let whileOpen = -1;
  await inTransaction(async () => {
    await createProduct(unique());
    whileOpen = cache.generation;
  });
  expect(whileOpen).toBe(start);
  expect(cache.generation).toBe(start + 1);

  const name = unique();
  await expect(
    inTransaction(async () => {
      await createProduct(name);
      throw new Error("a later step failed");
    }),
  ).rejects.toThrow("a later step failed");
  expect(cache.generation).toBe(start + 1);
  expect(await committedProducts(name)).toEqual([]);

  // On its own, a command tells the cache before it returns.
  await createProduct(unique());
  expect(cache.generation).toBe(start + 2);
});
