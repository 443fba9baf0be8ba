// Building product information sheets are written by these commands (run through
// server/commands/runner.server.ts). Every save keeps the sheet as it was in
// building_info_versions and increments its version.
import { and, count, eq } from "drizzle-orm";
import { defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { buildingInfoSheets, buildingInfoVersions, products } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { type MissingItem, missingInformation, publishRefusal } from "./completeness";
import { buildingInfoEntity } from "./entity";
import type { SheetInput } from "./sheet.schema";
import { type SheetRow, sheetForRules, sheetRowOf } from "./sheets.server";

const GONE = "This sheet no longer exists.";

/** A new sheet: not designated, the manufacturer's, nothing else filled in yet. */
export const createSheet = defineCommand({
  name: "building_info.create",
  entity: buildingInfoEntity,
  access: "staff",
  target: (_input: { title: string }) => ({ action: "create", id: null }),
  run: async (input) => {
    const [created] = await getDb()
      .insert(buildingInfoSheets)
      .values({ title: input.title })
      .returning({ id: buildingInfoSheets.id });
    if (!created) throw new Error("The sheet was not created");
    return created;
  },
});

function contentOf(row: SheetRow): Record<string, unknown> {
  const { id: _id, ...content } = row;
  return content;
}

async function publishedUsers(sheetId: string) {
  const [row] = await getDb()
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.buildingInfoId, sheetId), eq(products.isPublished, true)));
  return Number(row?.n ?? 0);
}

function heldBackMessage(published: number, missing: MissingItem[]) {
  const users = published === 1 ? "1 published product uses" : `${published} published products use`;
  const them = published === 1 ? "it" : "them";
  const labels = missing.map((item) => item.label.toLowerCase()).join(", ");
  return `${users} this sheet, so it cannot be saved incomplete. Complete it, or unpublish ${them} first. Missing: ${labels}.`;
}

/**
 * Saves the sheet and keeps the version it replaces (superseded by the staff member's name). A
 * save that would leave a designated sheet incomplete while published products use it is
 * refused: those products would be on sale without their information.
 */
export const saveSheet = defineCommand({
  name: "building_info.save",
  entity: buildingInfoEntity,
  access: "staff",
  target: (input: { id: string; sheet: SheetInput }) => ({ action: "update", id: input.id }),
  run: async ({ id, sheet }, { actor }) => {
    const db = getDb();
    const [current] = await db
      .select()
      .from(buildingInfoSheets)
      .where(eq(buildingInfoSheets.id, id))
      .for("update");
    if (!current) throw new InputError(GONE);
    const next = sheetRowOf(sheet);
    const rules = sheetForRules({ ...current, ...next });
    if (publishRefusal(rules)) {
      const published = await publishedUsers(id);
      if (published > 0) throw new InputError(heldBackMessage(published, missingInformation(rules)));
    }
    await db.insert(buildingInfoVersions).values({
      sheetId: id,
      version: current.version,
      content: contentOf(current),
      supersededBy: actor.actor.name ?? actor.actor.email ?? actor.kind,
    });
    const [saved] = await db
      .update(buildingInfoSheets)
      .set({ ...next, version: current.version + 1, updatedAt: new Date() })
      .where(eq(buildingInfoSheets.id, id))
      .returning({ id: buildingInfoSheets.id, version: buildingInfoSheets.version });
    if (!saved) throw new InputError(GONE);
    return saved;
  },
});

/** Deletes the sheet; the products that used it are unlinked (the foreign key sets null). */
export const deleteSheet = defineCommand({
  name: "building_info.delete",
  entity: buildingInfoEntity,
  access: "staff",
  target: (input: { id: string }) => ({ action: "delete", id: input.id }),
  run: async (input) => {
    const [deleted] = await getDb()
      .delete(buildingInfoSheets)
      .where(eq(buildingInfoSheets.id, input.id))
      .returning({ id: buildingInfoSheets.id });
    if (!deleted) throw new InputError(GONE);
    return deleted;
  },
});
