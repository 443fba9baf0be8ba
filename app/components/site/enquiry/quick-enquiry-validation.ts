// The quick form's rules in the browser: the same schema the home route's action parses with, so
// the messages are the server's own. Fetched when the visitor reaches for the form or the browser
// is idle; until then the server answers for it.
import { parseWithZod } from "@conform-to/zod/v4";
import { quickEnquirySchema } from "~/modules/enquiries/schema";

/** Each field's messages, or null when the form may be sent. */
export function validateQuickEnquiry(formData: FormData): Record<string, string[]> | null {
  const submission = parseWithZod(formData, { schema: quickEnquirySchema });
  if (submission.status === "success") return null;
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.reply().error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}
