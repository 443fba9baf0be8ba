// A write refused for a reason the person can fix (a name already taken, a record deleted by
// someone else meanwhile, the last admin): its message is shown in the error toast with a 400.
// Anything else thrown by a write is a failure on our side: logged, and answered 500 with
// SERVER_FAILURE_MESSAGE. With a field, the message is also shown on that field of the form.
export class InputError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const SERVER_FAILURE_MESSAGE = "Something went wrong on our side. Please try again.";
