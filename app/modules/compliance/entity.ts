import { defineEntity } from "~/server/commands/entity";
import { buildingInfoSheets } from "~/server/db/schema";

export const buildingInfoEntity = defineEntity({
  type: "building_info",
  noun: "building information sheet",
  table: buildingInfoSheets,
  key: buildingInfoSheets.id,
  label: buildingInfoSheets.title,
  shownInPublic: true,
});
