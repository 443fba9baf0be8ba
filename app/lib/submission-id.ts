// The id an admin form carries for one submission (see app/server/http/once-per-submission.server.ts).
export const SUBMISSION_FIELD = "submissionId";

const SUBMISSION_ID = /^[0-9a-f]{32}$/;

/** A new submission id: 128 random bits as hex (works without a secure context, unlike randomUUID). */
export function newSubmissionId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function isSubmissionId(value: unknown): value is string {
  return typeof value === "string" && SUBMISSION_ID.test(value);
}
