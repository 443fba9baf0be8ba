import { defineEntity } from "~/server/commands/entity";
import { siteSettings } from "~/server/db/schema";

export const settingEntity = defineEntity({
  type: "setting",
  noun: "setting",
  table: siteSettings,
  key: siteSettings.settingKey,
  label: siteSettings.settingKey,
  shownInPublic: true,
});
