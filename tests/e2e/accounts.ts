// Accounts the end-to-end server is started with (global-setup creates them).
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password-1" };
export const E2E_SALES = { email: "sales@e2e.test", name: "Sam Sales" };
export const E2E_USER = { email: "user@e2e.test", name: "Uma User" };

export type E2EPasswords = { sales: string; user: string };

/** What tests/e2e/prepare-data.ts made: the passwords, and the day(s) the demo content was written. */
export type E2EPrepared = { passwords: E2EPasswords; seededOn: string[] };
