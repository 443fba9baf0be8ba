import { defineEntity } from "~/server/commands/entity";
import { contactQueries, contactSubjects } from "~/server/db/schema";

export const enquiryEntity = defineEntity({
  type: "enquiry",
  noun: "enquiry",
  table: contactQueries,
  key: contactQueries.id,
  label: contactQueries.fullName,
  shownInPublic: false,
});

export const contactSubjectEntity = defineEntity({
  type: "contact_subject",
  noun: "enquiry subject",
  table: contactSubjects,
  key: contactSubjects.id,
  label: contactSubjects.subjectName,
  shownInPublic: true,
});
