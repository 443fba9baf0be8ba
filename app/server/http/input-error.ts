// A write refused for a reason the person can fix (a name already taken, a record deleted by
// someone else meanwhile, the last admin): its message is shown in the error toast with a 400.
// Anything else thrown by a write is a failure on our side: logged, and answered 500 with
// SERVER_FAILURE_MESSAGE.
export class InputError extends Error {}

export const SERVER_FAILURE_MESSAGE = "Something went wrong on our side. Please try again.";
