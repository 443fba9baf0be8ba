// The length rules for passwords, shared by the forms in the browser and the checks on the server
// (role "user" is a customer account; every other role is staff).

/** Staff accounts open the back office, so their passwords are longer than better-auth's 8. */
export const STAFF_PASSWORD_MIN = 12;
export const USER_PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Checked on the server only: the list of common passwords stays out of the browser bundle. */
export const COMMON_PASSWORD_MESSAGE =
  "This password is too common: it is on, or built from, a list of passwords that attackers try first. Please choose another.";

export function passwordMinimum(role: string) {
  return role === "user" ? USER_PASSWORD_MIN : STAFF_PASSWORD_MIN;
}

export function passwordLengthMessage(role: string) {
  const who = role === "user" ? "" : " for staff accounts";
  return `Password must be at least ${passwordMinimum(role)} characters${who}`;
}
