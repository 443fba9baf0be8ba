import type { SubmissionResult } from "@conform-to/react";

/** What a refused or failed back-office write shows in its error toast. */
export type ActionError = { title: string; description?: string };

/** A refused back-office write's answer: Conform's result for the form, the error for the toast. */
export type ActionFailure = { result: SubmissionResult<string[]>; error?: ActionError };
