import { defineEntity } from "~/server/commands/entity";
import { contactContent, homeContent } from "~/server/db/schema";

export const homeContentEntity = defineEntity({
  type: "home_content",
  noun: "home content",
  table: homeContent,
  key: homeContent.id,
  label: homeContent.title,
  shownInPublic: true,
});

export const contactContentEntity = defineEntity({
  type: "contact_content",
  noun: "contact content",
  table: contactContent,
  key: contactContent.id,
  label: contactContent.title,
  shownInPublic: true,
});
