// The ZIP of pictures an import takes, for the server and for the upload form's hint alike.

/** The largest ZIP of pictures an import takes. */
export const PICTURES_ZIP_MAX_BYTES = 1024 * 1024 * 1024;
/** Files (and folders) a ZIP of pictures may hold. */
export const PICTURES_ZIP_MAX_ENTRIES = 20_000;
