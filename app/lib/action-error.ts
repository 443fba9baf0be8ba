/** What a refused or failed back-office write shows in its error toast. */
export type ActionError = { title: string; description?: string };
