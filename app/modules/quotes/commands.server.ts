// TEMPORARY (people branch): the quotes branch's commands.server.ts replaces this file on merge
// (its createQuoteDraft takes the same input). It wraps the draft opening of drafts.server.ts as
// a command so that the enquiry page's Create Quote runs through the runner like its other forms.
import { defineCommand } from "~/server/commands/runner.server";
import { quotingRoles } from "./access.server";
import { quoteAuditDetail } from "./admin.server";
import { openQuoteDraft as openDraft } from "./drafts.server";
import { quoteEntity } from "./entity";

type Opened = Awaited<ReturnType<typeof openDraft>>;

/** The enquiry's open draft quote, or its next revision. */
export const createQuoteDraft = defineCommand({
  name: "quote.create_draft",
  entity: quoteEntity,
  access: quotingRoles,
  target: (input: { enquiryId: string; opened?: Opened }) => ({
    action: "create",
    id: null,
    detail: () => (input.opened ? quoteAuditDetail(input.opened.number) : undefined),
  }),
  run: async (input, { actor }) => {
    if (actor.kind !== "staff") throw new Error("Only staff open quote drafts");
    input.opened = await openDraft(actor.user, input.enquiryId);
    return input.opened;
  },
});
