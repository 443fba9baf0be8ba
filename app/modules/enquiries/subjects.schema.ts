// The subject form (Contact Management > Subject Management), shared by the browser and the server.
import { z } from "zod";
import { checkbox, requiredText } from "~/lib/form-values";

export const subjectFormSchema = z.object({
  id: z.uuid("Invalid record").optional(),
  subjectName: requiredText("Subject name is required", 100),
  isActive: checkbox(),
});
export type SubjectInput = z.output<typeof subjectFormSchema>;
