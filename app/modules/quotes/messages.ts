// What staff and customers are told when a quote cannot be written as asked. Each is an
// InputError's message (400, or 409 on the customer's page), apart from the not-found ones,
// which are the 404's message.

export const QUOTE_NOT_FOUND = "This quote does not exist.";
export const ENQUIRY_NOT_FOUND = "This enquiry does not exist.";
export const QUOTE_LOCKED = "This quote has been sent and is locked: create a new revision to change it.";
export const QUOTE_NOT_LATEST = "A newer revision of this quote exists: send that one instead.";
export const QUOTE_HAS_NO_LINES = "Add at least one line before sending the quote.";
export const QUOTE_VALIDITY_PAST = "The valid-until date has passed: choose a later date before sending.";
/** Someone saved the draft while it was being sent: what was drawn is not what is stored. */
export const QUOTE_CHANGED =
  "This quote was changed while it was being sent, and nothing was sent: check it and send it again.";
export const QUOTE_CLOSED = "This quote can no longer be answered.";
/** A timed move (expiry, the reminder) found the quote moved on since it was found due. */
export const QUOTE_NOT_DUE = "This quote is no longer due for this.";
