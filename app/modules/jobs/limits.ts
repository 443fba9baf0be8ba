// The limits of a job's product list. A file of its own, without zod: the product page's form
// shows them, and the public pages' scripts would otherwise carry the schemas.

/** A job's list holds at most this many products. */
export const JOB_MAX_LINES = 200;
/** A line's quantity: a whole number from 1 to this. */
export const JOB_MAX_QUANTITY = 9999;
